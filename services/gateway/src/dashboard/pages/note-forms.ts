import type { NoteDocumentType } from "@einvoice/domain";
import { validationFailed } from "../../errors/public-errors.js";
import type { GatewayDeps } from "../../http/context.js";
import type { CreateNote } from "../../usecases/create-note.js";
import { type Html, html } from "../html.js";
import type { Locale } from "../i18n.js";
import { csrfField } from "../layout.js";
import type { PageRequest } from "../request.js";

export type NoteKind = "credit" | "debit";

/** SUNAT catalog 09 (credit) and 10 (debit) reasons offered on the page, in the reader's language. */
const REASONS: Record<NoteKind, Array<[code: string, es: string, en: string]>> = {
  credit: [
    ["01", "Anulación de la operación", "Annulment of the operation"],
    ["02", "Anulación por error en el RUC", "Annulment for a wrong RUC"],
    ["03", "Corrección por error en la descripción", "Correction of the description"],
    ["04", "Descuento global", "Global discount"],
    ["05", "Descuento por ítem", "Discount per item"],
    ["06", "Devolución total", "Total return"],
    ["07", "Devolución por ítem", "Return per item"],
    ["08", "Bonificación", "Bonus"],
    ["09", "Disminución en el valor", "Decrease in value"],
    ["10", "Otros conceptos", "Other concepts"],
  ],
  debit: [
    ["01", "Intereses por mora", "Late-payment interest"],
    ["02", "Aumento en el valor", "Increase in value"],
    ["03", "Penalidades / otros conceptos", "Penalties and other concepts"],
  ],
};

/** Credit codes that copy the document's lines: the API refuses items with them. */
const WHOLE_DOCUMENT_CODES = new Set(["01", "02", "06"]);

const reasonLabel = (locale: Locale, [code, es, en]: [string, string, string]) =>
  `${code} — ${locale === "es" ? es : en}`;

/** The form of one note on a document (admins only; the caller renders it for them). */
export function noteForm(req: PageRequest, doc: { id: string; series: string }, kind: NoteKind): Html {
  const { t, locale } = req;
  const p = `${kind}-note`;
  const seriesDefault = `${doc.series.charAt(0)}${kind === "credit" ? "C" : "D"}01`;
  return html`<form method="post" action="/dashboard/${req.mode}/documents/${doc.id}/${kind}_note" class="note-form">${csrfField(req.session.csrf)}
<h3>${t(kind === "credit" ? "note.credit_title" : "note.debit_title")}</h3>
<div class="field"><label for="${p}-series">${t("note.series")}</label><input id="${p}-series" name="series" value="${seriesDefault}" required maxlength="4" autocomplete="off"></div>
<div class="field"><label for="${p}-reason">${t("note.reason")}</label><select id="${p}-reason" name="reason_code">${REASONS[
    kind
  ].map(
    (reason) => html`<option value="${reason[0]}">${reasonLabel(locale, reason)}</option>`,
  )}</select></div>
<div class="field"><label for="${p}-description">${t("note.description")}</label><input id="${p}-description" name="description" required maxlength="500"></div>
<fieldset><legend>${t(kind === "credit" ? "note.item_credit" : "note.item_debit")}</legend>
<div class="field"><label for="${p}-item">${t("doc.description")}</label><input id="${p}-item" name="item_description" maxlength="500"></div>
<div class="field"><label for="${p}-quantity">${t("doc.quantity")}</label><input id="${p}-quantity" name="item_quantity" inputmode="decimal" value="1"></div>
<div class="field"><label for="${p}-price">${t("note.unit_value")}</label><input id="${p}-price" name="item_unit_price" inputmode="decimal" placeholder="0.00"></div>
</fieldset>
${kind === "credit" ? html`<p class="muted">${t("note.whole_hint")}</p>` : ""}
<button type="submit">${t(kind === "credit" ? "note.credit_issue" : "note.debit_issue")}</button>
</form>`;
}

/**
 * The note request a form makes: the API's body (`POST /v1/credit_notes` / `debit_notes`), checked by the API's own
 * schema; one item when the form names one, none for the whole-document credit codes.
 */
export function noteRequestOf(
  form: Record<string, string>,
  documentId: string,
  kind: NoteKind,
): Record<string, unknown> {
  const reasonCode = form.reason_code ?? "";
  const itemDescription = (form.item_description ?? "").trim();
  const wholeDocument = kind === "credit" && WHOLE_DOCUMENT_CODES.has(reasonCode);
  return {
    series: (form.series ?? "").trim().toUpperCase(),
    document: documentId,
    reason_code: reasonCode,
    description: (form.description ?? "").trim(),
    ...(!wholeDocument && {
      items: itemDescription
        ? [
            {
              description: itemDescription,
              quantity: (form.item_quantity ?? "").trim(),
              unit_price: (form.item_unit_price ?? "").trim(),
            },
          ]
        : [],
    }),
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
