import type { ParsedUrlQuery } from "node:querystring";
import type { JsonObject } from "@bufbuild/protobuf";
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, SUBMISSION_PROBLEM_CODES } from "@einvoice/domain";
import { hasIdShape, SERVICE_ERRORS } from "@einvoice/platform";
import { apiError, toApiError } from "../../errors/public-errors.js";
import type { GatewayDeps } from "../../http/context.js";
import { listDocumentsRequest } from "../../http/document-list-query.js";
import { presentDocument, presentEvent } from "../../http/presenters.js";
import { ReadDocument } from "../../usecases/read-document.js";
import { type Html, html } from "../html.js";
import { formatDateTime, type MessageKey, type Translate } from "../i18n.js";
import { csrfField } from "../layout.js";
import { streamUrl } from "../live-stream.js";
import { isPendingLong, PENDING_LONG_MINUTES } from "../pending-long.js";
import { isAdmin, type PageRequest, signedInPage } from "../request.js";
import { noteForm } from "./note-forms.js";

/** The Document as the API shows it; only the fields the pages print are named. */
interface DocumentView {
  id: string;
  type: string;
  series: string;
  number: number;
  status: string;
  issue_date: string;
  currency: string | null;
  total: string | null;
  amounts: Record<string, string | null> | null;
  customer: { name: string; document_type: string; document_number: string } | null;
  sunat: { code: string; description: string; notes: Array<{ code: string; description: string }> } | null;
  status_details: { code: string; message: string } | null;
  void: { status: string; reason: string } | null;
  submission: {
    attempts: number;
    last_problem: { code: string; message: string } | null;
    next_attempt_at: string | null;
    deadline_at: string;
  } | null;
  links: { pdf: string | null; xml: string | null; cdr: string | null };
  notes: Array<{ id: string; type: string; series: string; number: number; total: string }>;
  created_at: string;
}

/** One line as computed by the tax engine (what the XML and the PDF carry). */
interface LineView {
  description: string;
  quantity: string;
  unitCode: string;
  /** Catalog 16 `01` price with taxes, or `02` reference value of a free line. */
  unitPrice: string;
  /** cbc:LineExtensionAmount, before taxes. */
  value: string;
  taxes: string;
}

const view = (json: JsonObject) => json as unknown as DocumentView;

export const statusBadge = (t: Translate, status: string) =>
  html`<span class="badge badge-${status}">${DOCUMENT_STATUSES.includes(status as never) ? t(`status.${status}` as MessageKey) : status}</span>`;

const typeName = (t: Translate, type: string) =>
  DOCUMENT_TYPES.includes(type as never) ? t(`type.${type}` as MessageKey) : type;

const money = (doc: DocumentView, value: string | null | undefined) =>
  value === null || value === undefined ? "—" : `${doc.currency ?? ""} ${value}`;

/** The list filters as `GET /v1/documents` reads them, from the page's query; `q` searches series-number or customer. */
function listQuery(query: ParsedUrlQuery): { api: ParsedUrlQuery; number: number | null } {
  const one = (name: string) => (typeof query[name] === "string" ? (query[name] as string).trim() : "");
  const api: ParsedUrlQuery = { limit: "25" };
  for (const name of ["type", "status", "series", "starting_after", "ending_before"]) {
    if (one(name)) api[name] = one(name);
  }
  if (one("from")) api["issue_date[gte]"] = one("from");
  if (one("to")) api["issue_date[lte]"] = one("to");
  if (one("customer")) api["customer.document_number"] = one("customer");
  let number: number | null = null;
  const q = one("q").toUpperCase();
  const seriesNumber = /^([A-Z0-9]{4})-0*(\d{1,8})$/.exec(q);
  if (seriesNumber) {
    api.series = seriesNumber[1]!;
    number = Number(seriesNumber[2]);
    api.limit = "100";
  } else if (/^[A-Z0-9]{4}$/.test(q)) api.series = q;
  else if (q) api["customer.document_number"] = q;
  return { api, number };
}

export async function documentListPage(req: PageRequest, deps: GatewayDeps): Promise<Html> {
  const { t, ctx } = req;
  const { api, number } = listQuery(ctx.query);
  let documents: DocumentView[] = [];
  let hasMore = false;
  let problem: string | undefined;
  try {
    const res = await deps.numbering.listDocuments(listDocumentsRequest(api, req.scope));
    documents = res.documents.map((d) => view(presentDocument(d)));
    if (number !== null) documents = documents.filter((d) => d.number === number);
    hasMore = res.hasMore;
  } catch (error) {
    const apiError = toApiError(error);
    if (!apiError || apiError.status >= 500) throw error;
    problem = apiError.message;
    ctx.status = apiError.status;
  }
  const value = (name: string) => (typeof ctx.query[name] === "string" ? (ctx.query[name] as string) : "");
  const base = `/dashboard/${req.mode}/documents`;
  const now = new Date();
  const select = (name: string, label: MessageKey, options: readonly string[], prefix: string) => html`
<div><label for="f-${name}">${t(label)}</label><select id="f-${name}" name="${name}"><option value="">${t("docs.any")}</option>${options.map(
    (o) =>
      html`<option value="${o}"${value(name) === o ? html` selected` : ""}>${t(`${prefix}.${o}` as MessageKey)}</option>`,
  )}</select></div>`;
  const filtersWithout = (drop: string[]) => {
    const params = new URLSearchParams();
    for (const name of ["q", "type", "status", "series", "customer", "from", "to"])
      if (value(name) && !drop.includes(name)) params.set(name, value(name));
    return params;
  };
  const pageLink = (cursor: "starting_after" | "ending_before", id: string) => {
    const params = filtersWithout([]);
    params.set(cursor, id);
    return `${base}?${params}`;
  };
  const labels: Record<string, string> = {
    number: t("docs.number"),
    type: t("docs.type"),
    customer: t("docs.customer"),
    date: t("docs.date"),
    total: t("docs.total"),
    status: t("docs.status"),
  };
  for (const s of DOCUMENT_STATUSES) labels[`status.${s}`] = t(`status.${s}` as MessageKey);
  for (const ty of DOCUMENT_TYPES) labels[`type.${ty}`] = t(`type.${ty}` as MessageKey);
  const content = html`
<form class="filters" method="get" action="${base}" role="search">
  <div><label for="f-q">${t("docs.search")}</label><input id="f-q" name="q" value="${value("q")}" placeholder="F001-1 / 20123456786"></div>
  ${select("type", "docs.type", DOCUMENT_TYPES, "type")}
  ${select("status", "docs.status", DOCUMENT_STATUSES, "status")}
  <div><label for="f-from">${t("docs.from")}</label><input id="f-from" type="date" name="from" value="${value("from")}"></div>
  <div><label for="f-to">${t("docs.to")}</label><input id="f-to" type="date" name="to" value="${value("to")}"></div>
  <div><button type="submit">${t("docs.filter")}</button></div>
</form>
${problem ? html`<p class="flash flash-error" role="alert">${problem}</p>` : ""}
<p class="muted">${t("docs.live_hint")}</p>
<div class="table-wrap">
<table id="documents" class="stack" data-base="${base}" data-stream="${await streamUrl(req, deps)}" data-labels="${JSON.stringify(labels)}">
<caption class="sr-only">${t("docs.title")}</caption>
<thead><tr><th scope="col">${t("docs.number")}</th><th scope="col">${t("docs.type")}</th><th scope="col">${t("docs.customer")}</th><th scope="col">${t("docs.date")}</th><th scope="col" class="num">${t("docs.total")}</th><th scope="col">${t("docs.status")}</th></tr></thead>
<tbody>
${documents.length === 0 ? html`<tr id="documents-empty"><td colspan="6">${t("docs.empty")}</td></tr>` : ""}
${documents.map(
  (d) => html`<tr id="row-${d.id}">
<td data-label="${t("docs.number")}"><a href="${base}/${d.id}">${d.series}-${d.number}</a></td>
<td data-label="${t("docs.type")}">${typeName(t, d.type)}</td>
<td data-label="${t("docs.customer")}">${d.customer?.name ?? "—"}</td>
<td data-label="${t("docs.date")}" class="nowrap">${d.issue_date}</td>
<td data-label="${t("docs.total")}" class="num">${money(d, d.total)}</td>
<td data-label="${t("docs.status")}">${statusBadge(t, d.status)}${
    isPendingLong(d, now)
      ? html` <span class="badge badge-late">${t("docs.pending_long", { minutes: PENDING_LONG_MINUTES })}</span>`
      : ""
  }</td>
</tr>`,
)}
</tbody>
</table>
</div>
<p>
${value("starting_after") || value("ending_before") ? (documents[0] ? html`<a href="${pageLink("ending_before", documents[0].id)}">${t("docs.previous")}</a> ` : "") : ""}
${hasMore && documents.length > 0 ? html`<a href="${pageLink("starting_after", documents.at(-1)!.id)}">${t("docs.next")}</a>` : ""}
</p>`;
  return signedInPage(req, t("docs.title"), "/documents", content);
}

/** An unknown id, a malformed one and another owner's document are the same "not found". */
export const documentNotFound = (id: string) =>
  apiError(SERVICE_ERRORS.resource_missing, `No such document: '${id.slice(0, 40)}'`);

export async function readDocument(
  req: PageRequest,
  deps: GatewayDeps,
  id: string,
): Promise<DocumentView & { lines: LineView[] }> {
  if (!hasIdShape(id, "doc")) throw documentNotFound(id);
  const { document, computed } = await new ReadDocument(deps).execute(req.scope, id);
  const lines = (computed?.lines ?? []).map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitCode: line.unitCode,
    unitPrice: line.referencePrice?.amount ?? line.unitValue,
    value: line.lineExtensionAmount,
    taxes: line.taxTotal,
  }));
  return { ...view(presentDocument(document)), lines };
}

/** While SUNAT has not answered: sends so far, the last problem in words, the next try and the deadline. */
function submissionFacts(req: PageRequest, submission: NonNullable<DocumentView["submission"]>): Html {
  const { t, locale } = req;
  const problem = submission.last_problem;
  return html`<h3>${t("doc.submission")}</h3>
<dl class="facts" id="submission">
  <dt>${t("doc.attempts")}</dt><dd>${submission.attempts}</dd>
  ${
    problem
      ? html`<dt>${t("doc.last_problem")}</dt><dd class="warning">${(SUBMISSION_PROBLEM_CODES as readonly string[]).includes(problem.code) ? t(`problem.${problem.code}` as MessageKey) : problem.message}</dd>`
      : ""
  }
  <dt>${t("doc.next_try")}</dt><dd>${submission.next_attempt_at ? html`<time datetime="${submission.next_attempt_at}">${formatDateTime(locale, submission.next_attempt_at)}</time>` : t("doc.next_try_running")}</dd>
  <dt>${t("doc.deadline")}</dt><dd><time datetime="${submission.deadline_at}">${formatDateTime(locale, submission.deadline_at)}</time></dd>
</dl>
<p class="muted">${t("doc.deadline_note")}</p>`;
}

const AMOUNT_KEYS = [
  "taxed",
  "exempt",
  "unaffected",
  "export",
  "free",
  "discounts",
  "igv",
  "isc",
  "icbper",
  "total",
];

export async function documentPage(
  req: PageRequest,
  deps: GatewayDeps,
  id: string,
  flash?: { kind: "ok" | "error"; text: string },
): Promise<Html> {
  const { t, locale } = req;
  const doc = await readDocument(req, deps, id);
  const events = await deps.notification
    .listEvents({ scope: req.scope, documentId: id, limit: 50 })
    .then((res) => res.events.map((e) => presentEvent(e)))
    .catch(() => []);
  const files = `/dashboard/${req.mode}/documents/${doc.id}/files`;
  const amounts = Object.entries(doc.amounts ?? {}).filter(
    // Zero parts are left out; IGV and the total always show.
    ([key, v]) =>
      AMOUNT_KEYS.includes(key) &&
      typeof v === "string" &&
      (v !== "0.00" || key === "igv" || key === "total"),
  );
  const admin = isAdmin(req);
  const title = `${typeName(t, doc.type)} ${doc.series}-${doc.number}`;
  const content = html`
<p><a href="/dashboard/${req.mode}/documents">← ${t("doc.back")}</a></p>
<section aria-labelledby="h-summary">
<h2 id="h-summary" class="sr-only">${title}</h2>
<dl class="facts">
  <dt>${t("docs.status")}</dt><dd>${statusBadge(t, doc.status)}</dd>
  <dt>${t("docs.customer")}</dt><dd>${doc.customer ? html`<span class="customer-name">${doc.customer.name}</span> (${doc.customer.document_number})` : "—"}</dd>
  <dt>${t("docs.date")}</dt><dd>${doc.issue_date}</dd>
  <dt>${t("docs.total")}</dt><dd>${money(doc, doc.total)}</dd>
  <dt>ID</dt><dd><code>${doc.id}</code></dd>
</dl>
</section>
<div class="grid2">
<section aria-labelledby="h-amounts"><h2 id="h-amounts">${t("doc.amounts")}</h2>
<dl class="facts">${amounts.map(([key, v]) => html`<dt>${t(`amount.${key}` as MessageKey)}</dt><dd>${money(doc, v)}</dd>`)}</dl>
</section>
<section aria-labelledby="h-verdict"><h2 id="h-verdict">${t("doc.verdict")}</h2>
${
  doc.sunat
    ? html`<p><strong>${doc.sunat.code}</strong> ${doc.sunat.description}</p>
${doc.sunat.notes.length > 0 ? html`<h3>${t("doc.notes")}</h3><ul>${doc.sunat.notes.map((n) => html`<li>${n.code} ${n.description}</li>`)}</ul>` : ""}`
    : html`<p>${t("doc.no_verdict")}</p>`
}
${doc.status_details ? html`<p class="warning">${doc.status_details.message}</p>` : ""}
${doc.submission ? submissionFacts(req, doc.submission) : ""}
${doc.void ? html`<p>${t("doc.void")}: ${doc.void.status} — ${doc.void.reason}</p>` : ""}
</section>
</div>
${
  doc.lines.length > 0
    ? html`<section aria-labelledby="h-lines"><h2 id="h-lines">${t("doc.lines")}</h2>
<div class="table-wrap"><table id="lines" class="stack">
<thead><tr><th scope="col">${t("doc.description")}</th><th scope="col" class="num">${t("doc.quantity")}</th><th scope="col" class="num">${t("doc.unit_price")}</th><th scope="col" class="num">${t("doc.line_total")}</th><th scope="col" class="num">${t("doc.line_taxes")}</th></tr></thead>
<tbody>${doc.lines.map(
        (line) => html`<tr>
<td data-label="${t("doc.description")}" class="line-description">${line.description}</td>
<td data-label="${t("doc.quantity")}" class="num">${line.quantity} ${line.unitCode}</td>
<td data-label="${t("doc.unit_price")}" class="num">${money(doc, line.unitPrice)}</td>
<td data-label="${t("doc.line_total")}" class="num">${money(doc, line.value)}</td>
<td data-label="${t("doc.line_taxes")}" class="num">${money(doc, line.taxes)}</td>
</tr>`,
      )}</tbody>
</table></div>
</section>`
    : ""
}
${
  doc.type === "01" || doc.type === "03"
    ? html`<section aria-labelledby="h-notes"><h2 id="h-notes">${t("doc.issued_notes")}</h2>
${
  doc.notes.length > 0
    ? html`<ul id="issued-notes">${doc.notes.map(
        (note) =>
          html`<li><a href="/dashboard/${req.mode}/documents/${note.id}">${typeName(t, note.type)} ${note.series}-${note.number}</a> — ${money(doc, note.total)}</li>`,
      )}</ul>`
    : html`<p>${t("doc.no_notes")}</p>`
}
</section>`
    : ""
}
<section aria-labelledby="h-files"><h2 id="h-files">${t("doc.files")}</h2>
<p class="actions">
${doc.links.pdf ? html`<a href="${files}/pdf" target="_blank" rel="noopener">${t("doc.open_pdf")}</a>` : ""}
${doc.links.xml ? html`<a href="${files}/xml" download>${t("doc.xml")}</a>` : ""}
${doc.links.cdr ? html`<a href="${files}/cdr" download>${t("doc.cdr")}</a>` : ""}
</p>
${doc.links.pdf ? html`<iframe class="pdf" title="${t("doc.pdf")} ${doc.series}-${doc.number}" src="${files}/pdf"></iframe>` : ""}
</section>
${
  admin
    ? html`<section aria-labelledby="h-actions"><h2 id="h-actions">${t("common.actions")}</h2>
<div class="actions">
<form method="post" action="/dashboard/${req.mode}/documents/${doc.id}/email">${csrfField(req.session.csrf)}
  <div class="field"><label for="email-to">${t("doc.email_to")}</label><input id="email-to" name="to" type="email" required autocomplete="email"></div>
  <button type="submit" class="secondary">${t("doc.email")}</button>
</form>
${
  doc.status === "accepted" || doc.status === "observed"
    ? html`<form method="post" action="/dashboard/${req.mode}/documents/${doc.id}/void" data-confirm="${t("doc.void")}?">${csrfField(req.session.csrf)}
  <div class="field"><label for="void-reason">${t("doc.void_reason")}</label><input id="void-reason" name="reason" required maxlength="100"></div>
  <button type="submit" class="danger">${t("doc.void")}</button>
</form>`
    : ""
}
</div>
${
  (doc.type === "01" || doc.type === "03") && (doc.status === "accepted" || doc.status === "observed")
    ? html`<div class="grid2">${noteForm(req, doc, "credit")}${noteForm(req, doc, "debit")}</div>`
    : ""
}
</section>`
    : ""
}
<section aria-labelledby="h-events"><h2 id="h-events">${t("doc.events")}</h2>
<ol class="timeline">${events.map(
    (e) =>
      html`<li><time datetime="${String(e.created_at)}">${formatDateTime(locale, String(e.created_at))}</time> — <code>${String(e.type)}</code></li>`,
  )}
<li><time datetime="${doc.created_at}">${formatDateTime(locale, doc.created_at)}</time> — ${locale === "es" ? "numerado" : "numbered"}</li>
</ol>
</section>`;
  return signedInPage(req, title, `/documents/${doc.id}`, content, flash);
}
