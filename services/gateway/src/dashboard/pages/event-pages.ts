import { EVENT_TYPES } from "@einvoice/domain";
import { toApiError } from "../../errors/public-errors.js";
import type { GatewayDeps } from "../../http/context.js";
import { parseListQuery } from "../../http/list-params.js";
import { presentEvent } from "../../http/presenters.js";
import { type Html, html } from "../html.js";
import { formatDateTime } from "../i18n.js";
import { streamUrl } from "../live-stream.js";
import type { PageRequest } from "../request.js";
import { signedInPage } from "../request.js";

interface EventView {
  id: string;
  type: string;
  created_at: string;
  data: { object: { id?: string; object?: string; series?: string; number?: number } | null };
}

/** The mode's events, newest first, filtered by type as `GET /v1/events`; new ones are added live (the stream). */
export async function eventsPage(req: PageRequest, deps: GatewayDeps): Promise<Html> {
  const { t, locale, ctx } = req;
  const type = typeof ctx.query.type === "string" ? ctx.query.type : "";
  const after = typeof ctx.query.starting_after === "string" ? ctx.query.starting_after : "";
  let events: EventView[] = [];
  let hasMore = false;
  let problem: string | undefined;
  try {
    const query = parseListQuery(
      { limit: "50", ...(type ? { type } : {}), ...(after ? { starting_after: after } : {}) },
      "evt",
      (reader) => ({ type: reader.oneOf("type", EVENT_TYPES) }),
    );
    const res = await deps.notification.listEvents({
      scope: req.scope,
      limit: query.limit,
      type: query.type,
      documentId: "",
      startingAfter: query.startingAfter,
      endingBefore: query.endingBefore,
      createdGte: "",
      createdLte: "",
    });
    events = res.events.map((e) => presentEvent(e) as unknown as EventView);
    hasMore = res.hasMore;
  } catch (error) {
    const apiError = toApiError(error);
    if (!apiError || apiError.status >= 500) throw error;
    problem = apiError.message;
    ctx.status = apiError.status;
  }
  const docs = `/dashboard/${req.mode}/documents`;
  const subject = (e: EventView) => {
    const o = e.data.object;
    if (o?.object === "document" && o.id) return html`<a href="${docs}/${o.id}">${o.series}-${o.number}</a>`;
    return o?.id ?? "—";
  };
  const content = html`
<form class="filters" method="get" action="/dashboard/${req.mode}/events">
<div><label for="f-type">${t("docs.type")}</label><select id="f-type" name="type"><option value="">${t("docs.any")}</option>${EVENT_TYPES.map(
    (ty) => html`<option value="${ty}"${ty === type ? html` selected` : ""}>${ty}</option>`,
  )}</select></div>
<div><button type="submit">${t("docs.filter")}</button></div>
</form>
${problem ? html`<p class="flash flash-error" role="alert">${problem}</p>` : ""}
<p class="muted">${t("events.live_hint")}</p>
<div class="table-wrap"><table id="events" class="stack" data-stream="${await streamUrl(req, deps)}" data-docs="${docs}" data-type="${type}">
<caption class="sr-only">${t("events.title")}</caption>
<thead><tr><th scope="col">${t("docs.date")}</th><th scope="col">${t("docs.type")}</th><th scope="col">${t("events.subject")}</th></tr></thead>
<tbody>
${events.length === 0 ? html`<tr id="events-empty"><td colspan="3">${t("events.none")}</td></tr>` : ""}
${events.map(
  (
    e,
  ) => html`<tr id="event-${e.id}"><td data-label="${t("docs.date")}">${formatDateTime(locale, e.created_at)}</td>
<td data-label="${t("docs.type")}"><code>${e.type}</code></td><td data-label="${t("events.subject")}">${subject(e)}</td></tr>`,
)}
</tbody></table></div>
${hasMore && events.length > 0 ? html`<p><a href="/dashboard/${req.mode}/events?${new URLSearchParams({ ...(type ? { type } : {}), starting_after: events.at(-1)!.id }).toString()}">${t("docs.next")}</a></p>` : ""}`;
  return signedInPage(req, t("events.title"), "/events", content);
}
