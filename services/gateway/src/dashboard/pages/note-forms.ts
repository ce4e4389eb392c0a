import {
  CREDIT_NOTE_REASONS,
  DEBIT_NOTE_REASONS,
  type NoteDocumentType,
  type NoteReasonSpec,
} from "@einvoice/domain";
import { validationFailed } from "../../errors/public-errors.js";
import type { GatewayDeps } from "../../http/context.js";
import type { CreateNote } from "../../usecases/create-note.js";
import { type Html, html } from "../html.js";
import type { Locale } from "../i18n.js";
import { csrfField } from "../layout.js";
import type { PageRequest } from "../request.js";

export type NoteKind = "credit" | "debit";

/**
 * SUNAT catalog 09 (credit) and 10 (debit) reasons offered on the page: those whose body is a whole-document copy
 * or items of any affectation. Export (11) and IVAP (12) adjustments need items of one affectation, and credit 13
 * a schedule of installments: the API issues them, the page's form (no affectation per item) does not.
 */
const offered = (reasons: Readonly<Record<string, NoteReasonSpec>>) =>
  Object.entries(reasons)
    .filter(([, r]) => r.body !== "installments" && r.itemAffectation === undefined)
    .sort(([a], [b]) => a.localeCompare(b));
const REASONS: Record<NoteKind, Array<[code: string, NoteReasonSpec]>> = {
  credit: offered(CREDIT_NOTE_REASONS),
  debit: offered(DEBIT_NOTE_REASONS),
};

const reasonLabel = (locale: Locale, [code, reason]: [string, NoteReasonSpec]) =>
  `${code} — ${reason.short[locale]}`;

/** A note carries up to 999 items, as an invoice does its lines. */
const MAX_LINES = 999;

interface LineValues {
  description: string;
  quantity: string;
  unit_price: string;
}

const emptyLine = (): LineValues => ({ description: "", quantity: "1", unit_price: "" });

/**
 * The item lines of the note form `kind` as posted (`item_description_1`, `item_quantity_1`, … up to the hidden
 * `lines` count), with its `line_action` applied: `add` appends an empty line, `remove` drops the last one. One
 * empty line when the form posted is not this one.
 */
export function formLines(form: Record<string, string>, kind: NoteKind): LineValues[] {
  if (form.note_kind !== kind) return [emptyLine()];
  const count = Math.min(Math.max(Number.parseInt(form.lines ?? "1", 10) || 1, 1), MAX_LINES);
  const lines = Array.from({ length: count }, (_, i) => ({
    description: form[`item_description_${i + 1}`] ?? "",
    quantity: form[`item_quantity_${i + 1}`] ?? "",
    unit_price: form[`item_unit_price_${i + 1}`] ?? "",
  }));
  if (form.line_action === "add" && lines.length < MAX_LINES) lines.push(emptyLine());
  if (form.line_action === "remove" && lines.length > 1) lines.pop();
  return lines;
}

/**
 * The form of one note on a document (admins only; the caller renders it for them). Lines are added and removed
 * by the server: the add and remove buttons post the form back, which comes back with what was typed and one line
 * more or less. The issue button comes first so that Enter in a field issues the note.
 */
export function noteForm(req: PageRequest, doc: { id: string; series: string }, kind: NoteKind): Html {
  const { t, locale } = req;
  const p = `${kind}-note`;
  const posted = req.form.note_kind === kind ? req.form : {};
  const series = posted.series ?? `${doc.series.charAt(0)}${kind === "credit" ? "C" : "D"}01`;
  const lines = formLines(req.form, kind);
  const legend = t(kind === "credit" ? "note.item_credit" : "note.item_debit");
  return html`<form method="post" action="/dashboard/${req.mode}/documents/${doc.id}/${kind}_note" class="note-form">${csrfField(req.session.csrf)}
<input type="hidden" name="note_kind" value="${kind}"><input type="hidden" name="lines" value="${String(lines.length)}">
<h3>${t(kind === "credit" ? "note.credit_title" : "note.debit_title")}</h3>
<div class="field"><label for="${p}-series">${t("note.series")}</label><input id="${p}-series" name="series" value="${series}" required maxlength="4" autocomplete="off"></div>
<div class="field"><label for="${p}-reason">${t("note.reason")}</label><select id="${p}-reason" name="reason_code">${REASONS[
    kind
  ].map(
    (reason) =>
      html`<option value="${reason[0]}"${posted.reason_code === reason[0] ? html` selected` : ""}>${reasonLabel(locale, reason)}</option>`,
  )}</select></div>
<div class="field"><label for="${p}-description">${t("note.description")}</label><input id="${p}-description" name="description" value="${posted.description ?? ""}" required maxlength="500"></div>
${lines.map((line, i) => {
  const n = String(i + 1);
  return html`<fieldset><legend>${lines.length > 1 ? `${legend} ${n}` : legend}</legend>
<div class="field"><label for="${p}-item-${n}">${t("doc.description")}</label><input id="${p}-item-${n}" name="item_description_${n}" value="${line.description}" maxlength="500"></div>
<div class="field"><label for="${p}-quantity-${n}">${t("doc.quantity")}</label><input id="${p}-quantity-${n}" name="item_quantity_${n}" inputmode="decimal" value="${line.quantity}"></div>
<div class="field"><label for="${p}-price-${n}">${t("note.unit_value")}</label><input id="${p}-price-${n}" name="item_unit_price_${n}" inputmode="decimal" value="${line.unit_price}" placeholder="0.00"></div>
</fieldset>`;
})}
${kind === "credit" ? html`<p class="muted">${t("note.whole_hint")}</p>` : ""}
<div class="actions">
<button type="submit">${t(kind === "credit" ? "note.credit_issue" : "note.debit_issue")}</button>
${lines.length < MAX_LINES ? html`<button type="submit" class="secondary" name="line_action" value="add" formnovalidate>${t("note.add_line")}</button>` : ""}
${lines.length > 1 ? html`<button type="submit" class="secondary" name="line_action" value="remove" formnovalidate>${t("note.remove_line")}</button>` : ""}
</div>
</form>`;
}

/**
 * The note request a form makes: the API's body (`POST /v1/credit_notes` / `debit_notes`), checked by the API's own
 * schema; an item per line that names a description or a price, none for the whole-document credit codes.
 */
export function noteRequestOf(
  form: Record<string, string>,
  documentId: string,
  kind: NoteKind,
): Record<string, unknown> {
  const reasonCode = form.reason_code ?? "";
  const wholeDocument = kind === "credit" && CREDIT_NOTE_REASONS[reasonCode]?.body === "copy";
  const items = formLines({ ...form, note_kind: kind, line_action: "" }, kind)
    .map((line) => ({
      description: line.description.trim(),
      quantity: line.quantity.trim(),
      unit_price: line.unit_price.trim(),
    }))
    .filter((line) => line.description !== "" || line.unit_price !== "");
  return {
    series: (form.series ?? "").trim().toUpperCase(),
    document: documentId,
    reason_code: reasonCode,
    description: (form.description ?? "").trim(),
    ...(!wholeDocument && { items }),
  };
}

/** Issues the note through the API's use case (same checks, numbering and wait); answers the note's id. */
export async function issueNote(
  req: PageRequest,
  deps: GatewayDeps,
  createNote: CreateNote,
  documentId: string,
  kind: NoteKind,
): Promise<string> {
  const shaped = deps.validator.noteRequest(noteRequestOf(req.form, documentId, kind), kind);
  if (shaped.request === null) throw validationFailed(shaped.violations);
  const type: NoteDocumentType = kind === "credit" ? "07" : "08";
  const note = await createNote.execute({
    caller: req.caller,
    type,
    request: shaped.request,
    waitSeconds: 0,
  });
  return note.id;
}
