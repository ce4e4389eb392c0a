import { ApiKeyRepository } from "../../adapters/api-key-repository.js";
import type { GatewayDeps } from "../../http/context.js";
import { CreateApiKey } from "../../usecases/create-api-key.js";
import { type Html, html } from "../html.js";
import { formatDateTime } from "../i18n.js";
import { csrfField } from "../layout.js";
import { isAdmin, type PageRequest, signedInPage } from "../request.js";

/** A name for a key: one line, at most 60 characters. */
const keyName = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ").trim().slice(0, 60);

/**
 * API keys of the mode read: the list (redacted, name, created, last used, revoked) and, right after a creation,
 * the new secret — the only time it is ever shown; the store holds only its hash.
 */
export async function developersPage(
  req: PageRequest,
  deps: GatewayDeps,
  created?: { secret: string; name: string },
  flash?: { kind: "ok" | "error"; text: string },
): Promise<Html> {
  const { t, locale } = req;
  const keys = (await new ApiKeyRepository(deps.store).listByCompany(req.company._id)).filter(
    (k) => k.livemode === req.caller.livemode,
  );
  const admin = isAdmin(req);
  const base = `/dashboard/${req.mode}/developers`;
  const content = html`
${
  created
    ? html`<div class="secret" role="status"><p>${t("dev.secret_once")}</p>
<code id="new-secret">${created.secret}</code>
<button type="button" class="secondary" data-copy="new-secret" data-copied="${t("dev.copied")}">${t("dev.copy")}</button></div>`
    : ""
}
<section aria-labelledby="h-keys"><h2 id="h-keys">${t("dev.keys")}</h2>
<div class="table-wrap"><table class="stack">
<thead><tr><th scope="col">${t("dev.key_name")}</th><th scope="col">${t("dev.created")}</th><th scope="col">${t("dev.last_used")}</th><th scope="col">${t("docs.status")}</th>${admin ? html`<th scope="col"><span class="sr-only">${t("common.actions")}</span></th>` : ""}</tr></thead>
<tbody>
${keys.length === 0 ? html`<tr><td colspan="5">${t("dev.no_keys")}</td></tr>` : ""}
${keys.map(
  (k) => html`<tr>
<td data-label="${t("dev.key_name")}"><span>${k.name ? html`<strong>${k.name}</strong><br>` : ""}<code>${k.redacted}</code></span></td>
<td data-label="${t("dev.created")}">${formatDateTime(locale, k.created_at)}</td>
<td data-label="${t("dev.last_used")}">${k.last_used_at ? formatDateTime(locale, k.last_used_at) : t("dev.never")}</td>
<td data-label="${t("docs.status")}">${k.revoked_at ? html`<span class="badge badge-voided">${t("dev.revoked")}</span>` : html`<span class="badge badge-accepted">OK</span>`}</td>
${
  admin
    ? html`<td>${
        k.revoked_at
          ? ""
          : html`<form method="post" action="${base}/keys/${k._id}/revoke" data-confirm="${t("dev.revoke")} ${k.redacted}?">${csrfField(req.session.csrf)}<button type="submit" class="danger" aria-label="${t("dev.revoke")} ${k.redacted}">${t("dev.revoke")}</button></form>`
      }</td>`
    : ""
}
</tr>`,
)}
</tbody></table></div>
${
  admin
    ? html`<form method="post" action="${base}/keys" class="actions">${csrfField(req.session.csrf)}
<div class="field"><label for="key-name">${t("dev.key_name")}</label><input id="key-name" name="name" maxlength="60" placeholder="ERP"></div>
<button type="submit">${t("dev.create_key")}</button></form>`
    : ""
}
</section>`;
  return signedInPage(req, t("dev.title"), "/developers", content, flash);
}

/** Creates a key for the mode read and answers the page with its secret (never a redirect: nothing keeps it). */
export async function createKey(req: PageRequest, deps: GatewayDeps): Promise<Html> {
  const key = await new CreateApiKey(deps.store, deps.apiKeyHasher).execute(
    req.company._id,
    req.caller.livemode,
  );
  const name = keyName(req.form.name);
  if (name) await new ApiKeyRepository(deps.store).update(key.id, { name });
  return developersPage(req, deps, { secret: key.secret, name });
}

/** Revokes a key of the company and mode read; another company's or mode's key id is not found. */
export async function revokeKey(req: PageRequest, deps: GatewayDeps, id: string): Promise<boolean> {
  const keys = new ApiKeyRepository(deps.store);
  const key = (await keys.listByCompany(req.company._id)).find(
    (k) => k._id === id && k.livemode === req.caller.livemode,
  );
  if (!key) return false;
  await keys.revoke(key._id, new Date().toISOString());
  return true;
}
