import {
  CREDIT_NOTE_REASONS,
  DEBIT_NOTE_REASONS,
  type NoteDocumentType,
  type NoteReasonSpec,
  type NoteRequest,
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
 * a schedule of installments: the API issues them, the page's one-line form does not.
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
  const wholeDocument = kind === "credit" && CREDIT_NOTE_REASONS[reasonCode]?.body === "copy";
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
    request: shaped.request as NoteRequest,
    waitSeconds: 0,
  });
  return note.id;
}
