import type { CatalogEntry } from "./error-catalog.js";
import { check } from "./error-catalog-rules.js";

/**
 * The answers of `POST /v1/credit_notes` and `POST /v1/debit_notes` beyond the shared ones: the tax engine's
 * note checks (`computeNote`) and the register's (`linkNote`, the series of a type). Rules cited are the
 * workbook's NotaCredito2_0 / NotaDebito2_0 sheets.
 */
export const NOTE_ENTRIES: CatalogEntry[] = [
  check(
    "tax",
    "invalid_reason_code",
    "`reason_code` is not a code of catalog 09 (credit notes) or 10 (debit notes) (ERR 2172).",
    "Send a code the reference lists for the endpoint.",
  ),
  check(
    "tax",
    "reason_not_for_receipt",
    "Credit note codes `04`, `05` and `08` on a receipt: SUNAT observes them (OBSERV 4367); code `13` on a receipt: a receipt has no credit sale (ERR 3259).",
    "Use `07` (return per item) or `09` (decrease in value) on a receipt.",
  ),
  check(
    "tax",
    "document_not_credit_sale",
    "Credit note code `13` (new due dates of a credit sale) on an invoice paid in cash (`Contado`) (ERR 3260).",
    "Code `13` modifies an invoice sold on credit only.",
  ),
  check(
    "tax",
    "payment_not_allowed",
    "`payment` sent with a reason other than credit note code `13`.",
    "Leave `payment` out; only a code `13` credit note carries new installments.",
  ),
  check(
    "tax",
    "installments_exceed_document_total",
    "Code `13`: the new installments add up to more than the invoice's total (ERR 3320).",
    "Send installments whose sum is at most the invoice's total.",
  ),
  check(
    "tax",
    "reason_not_for_document",
    "Code `11` (export adjustment) on a document that is not an export.",
    "Use another code, or modify the export invoice.",
  ),
  check(
    "tax",
    "reason_not_supported_for_document",
    "A whole-document credit (`01`, `02`, `06`) on a document with detraction, perception or prepayments: a note cannot state them (the NotaCredito2_0 sheet has no such fields), so its copy would not match the document.",
    "Credit its lines with code `07` instead.",
  ),
  check(
    "tax",
    "affectation_not_for_reason",
    "Code `11` needs every item with `tax_affectation` `40` (ERR 2642); code `12` every item with `17` (ERR 2644).",
    "Send the items with that affectation.",
  ),
  check(
    "tax",
    "items_not_allowed",
    "`items` sent with a whole-document credit (`01`, `02`, `06`), whose note copies the document's lines, or with code `13`, whose note carries only the new installments.",
    "Leave `items` out.",
  ),
  check(
    "tax",
    "invalid_description",
    "`description` is longer than 500 characters or spans lines (ERR 2135/2136).",
    "Send the reason on one line, 1–500 characters.",
  ),
  check(
    "tax",
    "series_letter_mismatch",
    "The note's series letter differs from the modified document's: `F…` for an invoice, `B…` for a receipt (ERR 2116/2399).",
    "Use a series with the document's letter.",
  ),
  check(
    "tax",
    "currency_differs_from_document",
    "`currency` differs from the modified document's (ERR 3209, OBSERV 4368).",
    "Leave `currency` out: the note takes the document's.",
  ),
  check(
    "tax",
    "issue_date_before_document",
    "The note's `issue_date` precedes the modified document's (ERR 2885).",
    "Send a date on or after the document's issue date.",
  ),
  check(
    "numbering",
    "credit_exceeds_document",
    "The credit note's total is more than what is left to credit on the document: its total plus its debit notes minus its credit notes, rejected and voided notes aside (ERR 3286 made cumulative). Of two notes racing for the last sol, one gets this. `param` is `document`.",
    "Credit at most the amount the message names.",
  ),
  check(
    "numbering",
    "series_used_by_another_type",
    "The series already numbers another document type in this mode (e.g. `F001` of invoices for a credit note): numbers run per type and series, and a series belongs to one type.",
    "Use a series of its own for each type, e.g. `FC01` for credit notes and `FD01` for debit notes.",
  ),
  check(
    "numbering",
    "document_not_invoice_or_receipt",
    "`document` names a document that is not an invoice or receipt (a despatch advice or a note).",
    "Send the id of the invoice or receipt the note modifies.",
  ),
  {
    code: "document_not_modifiable",
    status: 409,
    type: "conflict_error",
    source: "table",
    when: "The modified document is not accepted or observed by SUNAT (still `pending`, `rejected`, or `voided`): a note modifies a valid document only (ERR 2119–2121). `param` is `document`.",
    fix: "Wait for `document.accepted`/`document.observed`; a rejected or voided document needs no note.",
  },
];
