import { SERVICE_ERRORS } from "@einvoice/platform";
import { documentCreate } from "../http/created-document.js";
import { SHAPE_CODES, TAX_CODES, taxCodes } from "../openapi/error-responses.js";
import { schemaRef } from "../openapi/json-schema.js";
import {
  acceptedNote,
  CREDIT_NOTE_EXAMPLES,
  DEBIT_NOTE_EXAMPLES,
  NOTE_INVOICE_ID,
  pendingNote,
} from "../openapi/note-examples.js";
import type { Example } from "../openapi/openapi-types.js";
import { createdDocumentHeaders, json } from "../openapi/operation-parts.js";
import { defineOperation, type OperationWiring } from "./define-operation.js";
import { documentCreateErrors, documentCreateParameters } from "./document-create-parts.js";

const DOCUMENT_DESCRIPTION = [
  "**What happens.** The gateway checks the shape, reads the modified `document` in the key's company and mode (404 otherwise; 409 `document_not_modifiable` unless it is `accepted` or `observed`), and computes the note with the tax engine exactly as an invoice (same line rules and rounding), with the document's customer and currency. The register then assigns the next number of the note's series (numbers run per company, mode, type and series: `FC01-1` and `F001-1` are separate) in the same transaction that checks, for a credit note, that it does not credit more than is left on the document (its total + debit notes − credit notes, rejected and voided notes aside; 422 `credit_exceeds_document`), and adds the note to the document's `notes`. A refused request never spends a number. The note is then signed (UBL 2.1 CreditNote or DebitNote with `cac:DiscrepancyResponse` and `cac:BillingReference`) and sent to SUNAT by `sendBill`, `F…` and `B…` notes alike; the verdict arrives as for any document.",
  "**Follow it** with `Prefer: wait=N` (201 once SUNAT answered), `GET /v1/documents/{id}` (the `Location` header), the events, or `GET /v1/documents?reference.document_id=doc_…` for every note of a document.",
  "**Live mode** needs the certificate and the SOL user (409 `company_not_configured`, checked before the document is read; no number spent).",
  "**Not offered.** A document issued outside the platform cannot be referenced.",
].join("\n\n");

/** The description of a note create: credit and debit notes share the contract, their reasons differ. */
function noteDoc(kind: "credit" | "debit") {
  const type = kind === "credit" ? "07" : "08";
  const examples = kind === "credit" ? CREDIT_NOTE_EXAMPLES : DEBIT_NOTE_EXAMPLES;
  const names = Object.keys(examples);
  const requestExamples: Record<string, Example> = Object.fromEntries(
    names.map((name) => [
      name,
      { summary: examples[name]!.summary, value: { document: NOTE_INVOICE_ID, ...examples[name]!.value } },
    ]),
  );
  // The export and IVAP examples modify documents of their own kind; the answers shown are the others'.
  const answered = names.filter((n) => !n.endsWith("_adjustment"));
  const answers = (answer: typeof pendingNote): Record<string, Example> =>
    Object.fromEntries(
      answered.map((name, i) => [
        name,
        { summary: examples[name]!.summary, value: answer(type, examples[name]!.value, i) },
      ]),
    );
  return {
    operationId: kind === "credit" ? "createCreditNote" : "createDebitNote",
    summary:
      kind === "credit"
        ? "Issue a credit note (nota de crédito, 07)"
        : "Issue a debit note (nota de débito, 08)",
    description: [
      kind === "credit"
        ? "Corrects an accepted invoice or receipt downwards: an annulment, a return, a discount granted later, a wrong price or description, new due dates of a credit sale. The body carries `items` (the amounts credited) except for the whole-document codes `01`, `02` and `06`, which copy the document's lines, and code `13`, which carries `payment.installments` (the new schedule of an invoice sold on credit) and has zero amounts."
        : "Charges more on an accepted invoice or receipt: late-payment interest, an increase in value, a penalty. The body always carries `items` (the amounts charged).",
      DOCUMENT_DESCRIPTION,
    ].join("\n\n"),
    tags: ["Documents"],
    parameters: documentCreateParameters,
    requestBody: {
      description: `The note: series, modified document, catalog ${kind === "credit" ? "09" : "10"} reason and, per reason, its items.`,
      required: true,
      content: json(schemaRef(kind === "credit" ? "CreditNoteRequest" : "DebitNoteRequest"), requestExamples),
    },
    responses: {
      "201": {
        description:
          "With `Prefer: wait=N`: the note reached its final status (`accepted`, `observed` or `rejected`) within N seconds. Each example answers the request example of the same name on invoice F001-1 (118.00, sold on credit).",
        headers: createdDocumentHeaders,
        content: json(schemaRef("Document"), answers(acceptedNote)),
      },
      "202": {
        description:
          "The note is numbered and `pending`: no `Prefer` was sent, or N seconds passed before the verdict (`Preference-Applied` is then set). Follow it with `GET /v1/documents/{id}`. Each example answers the request example of the same name on invoice F001-1 (118.00, sold on credit).",
        headers: createdDocumentHeaders,
        content: json(schemaRef("Document"), answers(pendingNote)),
      },
      ...documentCreateErrors({
        conflict:
          "The modified document is not `accepted` or `observed` (`document_not_modifiable`), the company cannot issue in the key's mode yet, or a request with the same `Idempotency-Key` is still running. No number is spent.",
        conflictCodes: ["document_not_modifiable"],
        refused:
          "A check failed; no number is spent. `errors` lists every failed check with the dotted `param` of its field: the body's shape, then the note's rules and the invoice line rules, then the register's (`series_used_by_another_type`, `credit_exceeds_document`).",
        refusedBy: "tax_rules",
        refusedCodes: [
          ...SHAPE_CODES,
          ...TAX_CODES,
          ...taxCodes("note"),
          SERVICE_ERRORS.credit_exceeds_document.code,
          SERVICE_ERRORS.series_used_by_another_type.code,
          SERVICE_ERRORS.document_not_invoice_or_receipt.code,
        ],
      }),
    },
  };
}

/** The create contract of a note (see `documentCreate`): the body's shape per kind, then CreateNote. */
const createNoteHandler =
  (kind: "credit" | "debit") =>
  ({ deps, issuing }: OperationWiring) =>
    documentCreate(
      deps,
      (body) => deps.validator.noteRequest(body, kind),
      (command) => issuing.createNote.execute({ ...command, type: kind === "credit" ? "07" : "08" }),
    );

export const createCreditNote = defineOperation({
  method: "post",
  path: "/v1/credit_notes",
  ...noteDoc("credit"),
  handler: createNoteHandler("credit"),
});

export const createDebitNote = defineOperation({
  method: "post",
  path: "/v1/debit_notes",
  ...noteDoc("debit"),
  handler: createNoteHandler("debit"),
});
