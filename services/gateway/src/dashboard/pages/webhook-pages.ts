import { presentWebhookDelivery, presentWebhookEndpoint } from "@einvoice/contracts";
import { EVENT_TYPES } from "@einvoice/domain";
import { hasIdShape, SERVICE_ERRORS } from "@einvoice/platform";
import { apiError, validationFailed } from "../../errors/public-errors.js";
import type { GatewayDeps } from "../../http/context.js";
import { type Html, html } from "../html.js";
import { formatDateTime } from "../i18n.js";
import { csrfField } from "../layout.js";
import { isAdmin, type PageRequest, signedInPage } from "../request.js";

type Flash = { kind: "ok" | "error"; text: string };

const endpointNotFound = (id: string) =>
  apiError(SERVICE_ERRORS.resource_missing, `No such webhook endpoint: '${id.slice(0, 40)}'`, null);

const eventBoxes = (
  req: PageRequest,
  checked: string[],
) => html`<fieldset><legend>${req.t("hooks.events")}</legend>
${EVENT_TYPES.map(
  (type) =>
    html`<label class="check"><input type="checkbox" name="events" value="${type}"${checked.includes(type) ? html` checked` : ""}> <code>${type}</code></label>`,
)}
<p class="muted">${req.t("hooks.events_all")}</p></fieldset>`;

const secretBox = (
  req: PageRequest,
  secret: string,
) => html`<div class="secret" role="status"><p>${req.t("hooks.secret_once")}</p>
<code id="new-secret">${secret}</code>
<button type="button" class="secondary" data-copy="new-secret" data-copied="${req.t("dev.copied")}">${req.t("dev.copy")}</button></div>`;

/** The mode's webhook endpoints and, for admins, the form to add one; a new endpoint's secret shows once. */
export async function webhooksPage(
  req: PageRequest,
  deps: GatewayDeps,
  secret?: string,
  flash?: Flash,
): Promise<Html> {
  const { t } = req;
  const res = await deps.notification.listWebhookEndpoints({
    scope: req.scope,
    limit: 100,
    startingAfter: "",
    endingBefore: "",
  });
  const endpoints = res.endpoints.map(presentWebhookEndpoint);
  const base = `/dashboard/${req.mode}/webhooks`;
  const content = html`
${secret ? secretBox(req, secret) : ""}
<section aria-labelledby="h-hooks"><h2 id="h-hooks">${t("hooks.endpoints")}</h2>
<div class="table-wrap"><table class="stack">
<thead><tr><th scope="col">URL</th><th scope="col">${t("hooks.events")}</th><th scope="col">${t("docs.status")}</th></tr></thead>
<tbody>
${endpoints.length === 0 ? html`<tr><td colspan="3">${t("hooks.none")}</td></tr>` : ""}
${endpoints.map(
  (
    e,
  ) => html`<tr><td data-label="URL"><a href="${base}/${e.id}">${e.url}</a>${e.description ? html`<br><span class="muted">${e.description}</span>` : ""}</td>
<td data-label="${t("hooks.events")}">${e.events.length === 0 ? t("hooks.all") : e.events.join(", ")}</td>
<td data-label="${t("docs.status")}">${e.enabled ? html`<span class="badge badge-accepted">${t("hooks.enabled")}</span>` : html`<span class="badge badge-voided">${t("hooks.disabled")}</span>`}</td></tr>`,
)}
</tbody></table></div>
</section>
${
  isAdmin(req)
    ? html`<section aria-labelledby="h-new-hook"><h2 id="h-new-hook">${t("hooks.add")}</h2>
<form method="post" action="${base}">${csrfField(req.session.csrf)}
<div class="field"><label for="hook-url">URL</label><input id="hook-url" name="url" type="url" required placeholder="https://"></div>
<div class="field"><label for="hook-description">${t("hooks.description")}</label><input id="hook-description" name="description" maxlength="200"></div>
${eventBoxes(req, [])}
<button type="submit">${t("hooks.add")}</button></form></section>`
    : ""
}`;
  return signedInPage(req, t("hooks.title"), "/webhooks", content, flash);
}

/** One endpoint: its settings, and its deliveries with every attempt; admins edit, rotate and retry here. */
export async function webhookPage(
  req: PageRequest,
  deps: GatewayDeps,
  id: string,
  secret?: string,
  flash?: Flash,
): Promise<Html> {
  const { t, locale } = req;
  if (!hasIdShape(id, "we")) throw endpointNotFound(id);
  const endpoint = presentWebhookEndpoint(
    (await deps.notification.getWebhookEndpoint({ scope: req.scope, id })).endpoint,
  );
  const deliveries = (
    await deps.notification.listWebhookDeliveries({
      scope: req.scope,
      endpointId: id,
      limit: 50,
      startingAfter: "",
      endingBefore: "",
      status: "",
    })
  ).deliveries.map(presentWebhookDelivery);
  const admin = isAdmin(req);
  const base = `/dashboard/${req.mode}/webhooks/${id}`;
  const csrf = csrfField(req.session.csrf);
  const content = html`
<p><a href="/dashboard/${req.mode}/webhooks">← ${t("hooks.title")}</a></p>
${secret ? secretBox(req, secret) : ""}
<section aria-labelledby="h-endpoint"><h2 id="h-endpoint">${endpoint.url}</h2>
<dl class="facts">
<dt>${t("docs.status")}</dt><dd>${endpoint.enabled ? t("hooks.enabled") : t("hooks.disabled")}</dd>
<dt>${t("hooks.events")}</dt><dd>${endpoint.events.length === 0 ? t("hooks.all") : endpoint.events.join(", ")}</dd>
<dt>${t("hooks.description")}</dt><dd>${endpoint.description || "—"}</dd>
</dl>
${
  admin
    ? html`<form method="post" action="${base}">${csrf}
<div class="field"><label for="hook-url">URL</label><input id="hook-url" name="url" type="url" value="${endpoint.url}" required></div>
<div class="field"><label class="check"><input type="checkbox" name="enabled" value="true"${endpoint.enabled ? html` checked` : ""}> ${t("hooks.enabled")}</label></div>
${eventBoxes(req, endpoint.events)}
<button type="submit">${t("company.save")}</button></form>
<form method="post" action="${base}/rotate" data-confirm="${t("hooks.rotate")}?">${csrf}<button type="submit" class="secondary">${t("hooks.rotate")}</button></form>
<form method="post" action="${base}/delete" data-confirm="${t("hooks.delete_confirm")}">${csrf}<button type="submit" class="danger">${t("hooks.delete")}</button></form>`
    : ""
}
</section>
<section aria-labelledby="h-deliveries"><h2 id="h-deliveries">${t("hooks.deliveries")}</h2>
${deliveries.length === 0 ? html`<p>${t("hooks.no_deliveries")}</p>` : ""}
<ol class="timeline">${deliveries.map(
    (d) => html`<li class="delivery" id="delivery-${d.id}">
<span class="badge badge-${d.status === "succeeded" ? "accepted" : d.status === "failed" ? "rejected" : "pending"}">${t(`hooks.status_${d.status}` as "hooks.status_pending")}</span>
<code>${d.event_type}</code> · ${formatDateTime(locale, d.created_at)}
<ul>${d.attempts.map(
      (a) =>
        html`<li class="attempt">${formatDateTime(locale, a.at)} — ${a.response_status ?? a.error ?? "—"} (${a.duration_ms} ms)</li>`,
    )}</ul>
${d.next_attempt_at ? html`<p class="muted">${t("hooks.next_attempt")} ${formatDateTime(locale, d.next_attempt_at)}</p>` : ""}
${
  admin && d.status !== "succeeded"
    ? html`<form method="post" action="${base}/deliveries/${d.id}/retry">${csrf}<button type="submit" class="secondary" aria-label="${t("hooks.retry")} ${d.event_type}">${t("hooks.retry")}</button></form>`
    : ""
}
</li>`,
  )}</ol>
</section>`;
  return signedInPage(req, t("hooks.endpoint"), "/webhooks", content, flash);
}

/** Creates an endpoint; answers its id and its secret, shown once. None of the events checked: every event. */
export async function createWebhook(
  req: PageRequest,
  deps: GatewayDeps,
): Promise<{ id: string; secret: string }> {
  const events = req.formList("events");
  const body = {
    url: req.form.url ?? "",
    events,
    ...(req.form.description ? { description: req.form.description } : {}),
  };
  const violations = deps.validator.webhookEndpoint(body, true);
  if (violations.length > 0) throw validationFailed(violations);
  const res = await deps.notification.createWebhookEndpoint({
    scope: req.scope,
    url: body.url,
    events,
    description: req.form.description ?? "",
  });
  return { id: res.endpoint?.id ?? "", secret: res.endpoint?.secret ?? "" };
}

export async function updateWebhook(req: PageRequest, deps: GatewayDeps, id: string): Promise<void> {
  const events = req.formList("events");
  if (!hasIdShape(id, "we")) throw endpointNotFound(id);
  const body = { url: req.form.url ?? "", events, enabled: req.form.enabled === "true" };
  const violations = deps.validator.webhookEndpoint(body, false);
  if (violations.length > 0) throw validationFailed(violations);
  await deps.notification.updateWebhookEndpoint({
    scope: req.scope,
    id,
    url: body.url,
    events,
    setEvents: true,
    enabled: body.enabled,
  });
}

export async function rotateWebhookSecret(req: PageRequest, deps: GatewayDeps, id: string): Promise<string> {
  if (!hasIdShape(id, "we")) throw endpointNotFound(id);
  const res = await deps.notification.rotateWebhookSecret({ scope: req.scope, id });
  return res.endpoint?.secret ?? "";
}

/** Deletes the endpoint (`DELETE /v1/webhook_endpoints/{id}`): no more deliveries; its history goes with it. */
export async function deleteWebhook(req: PageRequest, deps: GatewayDeps, id: string): Promise<void> {
  if (!hasIdShape(id, "we")) throw endpointNotFound(id);
  await deps.notification.deleteWebhookEndpoint({ scope: req.scope, id });
}

export async function retryDelivery(req: PageRequest, deps: GatewayDeps, id: string, deliveryId: string) {
  if (!hasIdShape(id, "we") || !hasIdShape(deliveryId, "wd")) throw endpointNotFound(id);
  await deps.notification.retryWebhookDelivery({ scope: req.scope, endpointId: id, id: deliveryId });
}
