import { installmentSchema, invoiceItemsSchema } from "./invoice-request.schema.js";

/** Credit code 13's body: the credit sale's new installments (NotaCredito2_0 fields 63–65). */
const noteInstallmentsSchema = {
  type: "object",
  description:
    "Required with credit note `reason_code` `13` and omitted otherwise (422 `payment_not_allowed` with any other reason): the new schedule of the invoice's credit sale, which replaces its installments. The note's amounts are zero (ERR 3315); its XML states FormaPago `Credito` with the pending amount Σ installments and one `Cuota00n` per installment.",
  additionalProperties: false,
  required: ["installments"],
  properties: {
    installments: {
      type: "array",
      minItems: 1,
      maxItems: 999,
      description:
        "1–999 installments (`Cuota001`…): what is still owed and when. Their sum is the new amount pending, at most the invoice's total (422 `installments_exceed_document_total`, ERR 3320).",
      items: installmentSchema(
        {
          type: "string",
          pattern: "^\\d{1,12}(\\.\\d{1,2})?$",
          description:
            "The installment in the invoice's currency: a decimal string, more than zero, at most 2 decimals (e.g. `59.00`).",
          examples: ["59.00"],
        },
        {
          type: "string",
          format: "date",
          description:
            "When it is due, `YYYY-MM-DD`; strictly after the note's issue date, itself not before the invoice's (`due_date_not_after_issue_date`, ERR 3321).",
          examples: ["2026-08-03"],
        },
      ),
    },
  },
} as const;

/**
 * JSON Schema of the credit and debit note request body (`POST /v1/credit_notes`, `POST /v1/debit_notes`):
 * shapes and types only; the tax engine's computeNote owns the rules (reason fits the document, series letter,
 * currency, dates, items per reason) and the register the document's state and balance.
 */
const noteRequestSchema = (kind: "credit" | "debit") =>
  ({
    type: "object",
    description:
      kind === "credit"
        ? "A credit note (nota de crédito, 07) on an accepted or observed invoice or receipt of this platform: its series, the modified document, the catalog 09 reason in code and words, and per reason the items it credits."
        : "A debit note (nota de débito, 08) on an accepted or observed invoice or receipt of this platform: its series, the modified document, the catalog 10 reason in code and words, and the items it charges.",
    additionalProperties: false,
    required: ["series", "document", "reason_code", "description"],
    properties: {
      series: {
        type: "string",
        description:
          kind === "credit"
            ? "The note's series: 4 characters, `F` + 3 letters or digits for a note on an invoice (e.g. `FC01`), `B` + 3 for a note on a receipt (e.g. `BC01`); 422 `series_letter_mismatch` otherwise (ERR 2116/2399). A series numbers one document type only: one used by invoices or debit notes is refused (422 `series_used_by_another_type`). Numbers run per company, mode, type and series, starting at 1."
            : "The note's series: 4 characters, `F` + 3 letters or digits for a note on an invoice (e.g. `FD01`), `B` + 3 for a note on a receipt (e.g. `BD01`); 422 `series_letter_mismatch` otherwise (ERR 2116/2399). A series numbers one document type only (422 `series_used_by_another_type`). Numbers run per company, mode, type and series, starting at 1.",
        examples: kind === "credit" ? ["FC01", "BC01"] : ["FD01", "BD01"],
      },
      document: {
        type: "string",
        description:
          "The `doc_…` id of the invoice or receipt the note modifies: a document of this platform, same company and mode (404 `resource_missing` otherwise), `accepted` or `observed` (409 `document_not_modifiable` otherwise). A document issued outside the platform cannot be referenced. The note takes its customer and currency.",
        examples: ["doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B00"],
      },
      reason_code: {
        type: "string",
        description:
          kind === "credit"
            ? "SUNAT catalog 09. Whole-document codes, sent without `items` (the note copies the document's lines and total): `01` annulment of the operation, `02` annulment for a wrong RUC, `06` total return. Codes sent with `items` (the amounts credited): `03` description correction, `04` global discount, `05` discount per item, `07` return per item, `08` bonus, `09` decrease in value, `10` other concepts, `11` export adjustments (every item `40`, on an export), `12` IVAP adjustments (every item `17`). `13` new amount pending and due dates of a credit sale: on an invoice sold on credit only (ERR 3259, 3260), sent with `payment.installments` and without `items`; the note's amounts are zero. Not on a receipt: `04`, `05`, `08` (SUNAT observes them, 4367), `13`."
            : "SUNAT catalog 10, always with `items` (the amounts charged): `01` late-payment interest, `02` increase in value, `03` penalties and other concepts, `11` export adjustments (every item `40`, on an export), `12` IVAP adjustments (every item `17`).",
        examples: kind === "credit" ? ["01", "07"] : ["01"],
      },
      description: {
        type: "string",
        description:
          "The reason in words, 1–500 characters on one line (`cac:DiscrepancyResponse/cbc:Description`, ERR 2136); printed on the PDF.",
        examples: ["Devolución de una unidad"],
      },
      issue_date: {
        type: "string",
        format: "date",
        description:
          "Issue date `YYYY-MM-DD` in Lima; default today. Not after today, at most 3 days back, and not before the modified document's issue date (422 `issue_date_before_document`, ERR 2885).",
      },
      currency: {
        type: "string",
        description:
          "Optional: the modified document's currency (the default). Any other is refused (422 `currency_differs_from_document`, ERR 3209).",
      },
      payment:
        kind === "credit"
          ? noteInstallmentsSchema
          : {
              ...noteInstallmentsSchema,
              description:
                "Omitted on a debit note (422 `payment_not_allowed` when sent); a credit sale's new schedule is a credit note with `reason_code` `13`.",
            },
      items: invoiceItemsSchema(
        "The lines the note credits or charges, with the invoice line rules (taxes, free lines, ISC, ICBPER) computed as on an invoice, at the IGV rate of the modified document (its special regime's rate if it had one, whatever the company's regime is today). Required for every reason but the whole-document credit codes `01`, `02`, `06` and the schedule code `13`, which refuse them (422 `items_not_allowed`).",
      ),
    },
  }) as const;

export const creditNoteRequestSchema = noteRequestSchema("credit");
export const debitNoteRequestSchema = noteRequestSchema("debit");
