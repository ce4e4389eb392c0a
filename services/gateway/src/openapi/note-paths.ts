import type { DocumentAmounts, NoteRequest } from "@einvoice/domain";
import { SERVICE_ERRORS } from "@einvoice/platform";
import { computeDocument, computeNote } from "@einvoice/tax-engine";
import type { PublicDocument } from "./document-schemas.js";
import {
  authenticatedErrors,
  bodyErrors,
  errorResponse,
  SHAPE_CODES,
  TAX_CODES,
  taxCodes,
} from "./error-responses.js";
import type { Presented } from "./json-schema.js";
import { schemaRef } from "./json-schema.js";
import type { Example, PathItem } from "./openapi-types.js";
import { json } from "./operation-parts.js";

const TODAY = "2026-06-03";
const INVOICE_ID = "doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B00";
const headers = {
  Location: { $ref: "#/components/headers/Location" },
  "Idempotent-Replayed": { $ref: "#/components/headers/IdempotentReplayed" },
  "Preference-Applied": { $ref: "#/components/headers/PreferenceApplied" },
  "Request-Id": { $ref: "#/components/headers/RequestId" },
};

const line = (description: string, unit_price: string, extra: Record<string, unknown> = {}) => ({
  description,
  quantity: 1,
  unit_price,
  ...extra,
});

/** One request example per offered reason: catalog 09 for credit notes, catalog 10 for debit notes. */
export const CREDIT_NOTE_EXAMPLES: Record<string, { summary: string; value: Omit<NoteRequest, "document"> }> =
  {
    annulment: {
      summary: "01 — annulment of the operation: no items, the note copies the invoice's lines and total",
      value: { series: "FC01", reason_code: "01", description: "Anulación de la operación" },
    },
    wrong_ruc: {
      summary: "02 — annulment for a wrong RUC: no items, the whole invoice",
      value: { series: "FC01", reason_code: "02", description: "Anulación por error en el RUC del cliente" },
    },
    description_fix: {
      summary: "03 — description correction: the corrected line with the amount it credits",
      value: {
        series: "FC01",
        reason_code: "03",
        description: "Corrección de la descripción del producto",
        items: [line("Laptop modelo X-200 (antes X-100)", "0.10")],
      },
    },
    global_discount: {
      summary: "04 — global discount granted after the sale (not on receipts)",
      value: {
        series: "FC01",
        reason_code: "04",
        description: "Descuento por pronto pago",
        items: [line("Descuento global", "50.00")],
      },
    },
    item_discount: {
      summary: "05 — discount on one item (not on receipts)",
      value: {
        series: "FC01",
        reason_code: "05",
        description: "Descuento en el ítem 1",
        items: [line("Descuento laptop", "20.00")],
      },
    },
    total_return: {
      summary: "06 — total return: no items, the whole invoice",
      value: { series: "FC01", reason_code: "06", description: "Devolución total de la mercadería" },
    },
    item_return: {
      summary: "07 — return of some items: the returned lines",
      value: {
        series: "FC01",
        reason_code: "07",
        description: "Devolución de una unidad",
        items: [{ description: "Widget", quantity: 1, unit_price: "50.00" }],
      },
    },
    bonus: {
      summary: "08 — bonus (not on receipts)",
      value: {
        series: "FC01",
        reason_code: "08",
        description: "Bonificación por volumen",
        items: [line("Bonificación", "10.00")],
      },
    },
    value_decrease: {
      summary: "09 — decrease in value",
      value: {
        series: "FC01",
        reason_code: "09",
        description: "Rebaja de precio acordada",
        items: [line("Rebaja", "15.00")],
      },
    },
    other: {
      summary: "10 — other concepts",
      value: {
        series: "FC01",
        reason_code: "10",
        description: "Ajuste por diferencia de peso",
        items: [line("Ajuste", "5.00")],
      },
    },
    export_adjustment: {
      summary: "11 — export adjustment: on an export invoice, every item 40",
      value: {
        series: "FC01",
        reason_code: "11",
        description: "Ajuste de la exportación",
        items: [line("Ajuste exportación", "30.00", { tax_affectation: "40" })],
      },
    },
    ivap_adjustment: {
      summary: "12 — IVAP adjustment: every item 17",
      value: {
        series: "FC01",
        reason_code: "12",
        description: "Ajuste de arroz pilado",
        items: [line("Arroz pilado", "40.00", { tax_affectation: "17" })],
      },
    },
    new_due_dates: {
      summary:
        "13 — new amount pending and due dates of a credit sale: payment.installments, no items; the note's total is 0.00",
      value: {
        series: "FC01",
        reason_code: "13",
        description: "Nuevo cronograma de pagos acordado",
        payment: {
          installments: [
            { amount: "59.00", due_date: "2026-08-03" },
            { amount: "59.00", due_date: "2026-09-03" },
          ],
        },
      },
    },
  };

export const DEBIT_NOTE_EXAMPLES: Record<string, { summary: string; value: Omit<NoteRequest, "document"> }> =
  {
    interest: {
      summary: "01 — late-payment interest",
      value: {
        series: "FD01",
        reason_code: "01",
        description: "Intereses por mora",
        items: [line("Intereses", "12.50")],
      },
    },
    value_increase: {
      summary: "02 — increase in value",
      value: {
        series: "FD01",
        reason_code: "02",
        description: "Aumento de precio acordado",
        items: [line("Aumento", "20.00")],
      },
    },
    penalty: {
      summary: "03 — penalties and other concepts",
      value: {
        series: "FD01",
        reason_code: "03",
        description: "Penalidad por retraso",
        items: [line("Penalidad", "30.00")],
      },
    },
    export_adjustment: {
      summary: "11 — export adjustment: on an export invoice, every item 40",
      value: {
        series: "FD01",
        reason_code: "11",
        description: "Ajuste de la exportación",
        items: [line("Ajuste exportación", "30.00", { tax_affectation: "40" })],
      },
    },
    ivap_adjustment: {
      summary: "12 — IVAP adjustment: every item 17",
      value: {
        series: "FD01",
        reason_code: "12",
        description: "Ajuste IVAP",
        items: [line("Arroz pilado", "40.00", { tax_affectation: "17" })],
      },
    },
  };

/** The invoice the examples modify: F001-1, 2 × 50.00 + IGV = 118.00, sold on credit (due 2026-07-03). */
function exampleInvoice() {
  const r = computeDocument(
    {
      series: "F001",
      issue_date: TODAY,
      customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
      items: [{ description: "Widget", quantity: 2, unit_price: "50.00" }],
      payment: { type: "credit", installments: [{ amount: "118.00", due_date: "2026-07-03" }] },
    },
    { type: "01", today: TODAY },
  );
  if (!r.ok) throw new Error("note example invoice refused");
  return r.document;
}

/** The pending note the API answers for a request example (202), computed by the engine as the gateway would. */
function pendingNote(
  type: "07" | "08",
  request: Omit<NoteRequest, "document">,
  index: number,
): PublicDocument {
  const r = computeNote(
    { ...request, document: INVOICE_ID },
    {
      type,
      today: TODAY,
      modified: {
        id: INVOICE_ID,
        type: "01",
        series: "F001",
        number: 1,
        issue_date: TODAY,
        computed: exampleInvoice(),
      },
    },
  );
  if (!r.ok) throw new Error(`note example refused: ${JSON.stringify(r.errors)}`);
  const doc = r.document;
  const id = `doc_01JZ8X3M5Q7R9T1V3W5Y7Z9N${String(index).padStart(2, "0")}`;
  return {
    id,
    object: "document",
    livemode: false,
    type: doc.type,
    series: doc.series,
    number: 1,
    status: "pending",
    issue_date: doc.issue_date,
    currency: doc.currency,
    total: doc.amounts.total,
    amounts: presentedAmounts(doc.amounts),
    customer: { ...doc.customer, address: null, country_code: null },
    sunat: null,
    status_details: null,
    hash: null,
    links: { pdf: null, xml: null, cdr: null },
    void: null,
    submission: null,
    despatch: null,
    reference: doc.reference ?? null,
    reason: doc.reason ?? null,
    notes: [],
    created_at: "2026-06-03T15:04:05.123Z",
    updated_at: "2026-06-03T15:04:05.123Z",
  };
}

/** The public amounts: the optional detraction, perception and total to collect are null when absent. */
function presentedAmounts(a: DocumentAmounts): Presented<DocumentAmounts> {
  return {
    ...a,
    detraction: a.detraction ?? null,
    perception: a.perception ?? null,
    total_to_collect: a.total_to_collect ?? null,
  };
}

const DOCUMENT_DESCRIPTION = [
  "**What happens.** The gateway checks the shape, reads the modified `document` in the key's company and mode (404 otherwise; 409 `document_not_modifiable` unless it is `accepted` or `observed`), and computes the note with the tax engine exactly as an invoice (same line rules and rounding), with the document's customer and currency. The register then assigns the next number of the note's series (numbers run per company, mode, type and series: `FC01-1` and `F001-1` are separate) in the same transaction that checks, for a credit note, that it does not credit more than is left on the document (its total + debit notes − credit notes, rejected and voided notes aside; 422 `credit_exceeds_document`), and adds the note to the document's `notes`. A refused request never spends a number. The note is then signed (UBL 2.1 CreditNote or DebitNote with `cac:DiscrepancyResponse` and `cac:BillingReference`) and sent to SUNAT by `sendBill`, `F…` and `B…` notes alike; the verdict arrives as for any document.",
  "**Follow it** with `Prefer: wait=N` (201 once SUNAT answered), `GET /v1/documents/{id}` (the `Location` header), the events, or `GET /v1/documents?reference.document_id=doc_…` for every note of a document.",
  "**Live mode** needs the certificate and the SOL user (409 `company_not_configured`, checked before the document is read; no number spent).",
  "**Not offered.** A document issued outside the platform cannot be referenced.",
].join("\n\n");

function noteOperation(kind: "credit" | "debit"): PathItem {
  const type = kind === "credit" ? "07" : "08";
  const examples = kind === "credit" ? CREDIT_NOTE_EXAMPLES : DEBIT_NOTE_EXAMPLES;
  const names = Object.keys(examples);
  const requestExamples: Record<string, Example> = Object.fromEntries(
    names.map((name) => [
      name,
      { summary: examples[name]!.summary, value: { document: INVOICE_ID, ...examples[name]!.value } },
    ]),
  );
  // The export and IVAP examples modify documents of their own kind; the answers shown are the others'.
  const answered = names.filter((n) => !n.endsWith("_adjustment"));
  return {
    post: {
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
      parameters: [
        { $ref: "#/components/parameters/Prefer" },
        { $ref: "#/components/parameters/IdempotencyKey" },
      ],
      requestBody: {
        description: `The note: series, modified document, catalog ${kind === "credit" ? "09" : "10"} reason and, per reason, its items.`,
        required: true,
        content: json(
          schemaRef(kind === "credit" ? "CreditNoteRequest" : "DebitNoteRequest"),
          requestExamples,
        ),
      },
      responses: {
        "202": {
          description:
            "The note is numbered and `pending` (no `Prefer`, or N seconds passed); with `Prefer: wait=N` it is 201 once SUNAT answered, the same Document with its final status. Each example answers the request example of the same name on invoice F001-1 (118.00, sold on credit).",
          headers,
          content: json(
            schemaRef("Document"),
            Object.fromEntries(
              answered.map((name, i) => [
                name,
                { summary: examples[name]!.summary, value: pendingNote(type, examples[name]!.value, i) },
              ]),
            ),
          ),
        },
        ...bodyErrors(),
        "400": errorResponse(
          "The body could not be read as one JSON object, or the `Idempotency-Key` is malformed.",
          ["invalid_json", "idempotency_key_invalid"],
        ),
        ...authenticatedErrors(),
        "409": errorResponse(
          "The modified document is not `accepted` or `observed` (`document_not_modifiable`), the company cannot issue in the key's mode yet, or a request with the same `Idempotency-Key` is still running. No number is spent.",
          ["company_not_configured", "idempotency_key_in_use"],
          ["document_not_modifiable"],
          { "Retry-After": { $ref: "#/components/headers/RetryAfter" } },
        ),
        "422": errorResponse(
          "A check failed; no number is spent. `errors` lists every failed check with the dotted `param` of its field: the body's shape, then the note's rules and the invoice line rules, then the register's (`series_used_by_another_type`, `credit_exceeds_document`).",
          ["shape_invalid", "tax_rules", "idempotency_key_reused"],
          [
            ...SHAPE_CODES,
            ...TAX_CODES,
            ...taxCodes("note"),
            SERVICE_ERRORS.credit_exceeds_document.code,
            SERVICE_ERRORS.series_used_by_another_type.code,
            SERVICE_ERRORS.document_not_invoice_or_receipt.code,
          ],
        ),
      },
    },
  };
}

/** `POST /v1/credit_notes` and `POST /v1/debit_notes`. */
export function notePaths(): Record<string, PathItem> {
  return { "/v1/credit_notes": noteOperation("credit"), "/v1/debit_notes": noteOperation("debit") };
}
