import { invoiceItemSchema } from "./invoice-request.schema.js";

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
            ? "SUNAT catalog 09. Whole-document codes, sent without `items` (the note copies the document's lines and total): `01` annulment of the operation, `02` annulment for a wrong RUC, `06` total return. Codes sent with `items` (the amounts credited): `03` description correction, `04` global discount, `05` discount per item, `07` return per item, `08` bonus, `09` decrease in value, `10` other concepts, `11` export adjustments (every item `40`, on an export), `12` IVAP adjustments (every item `17`). Not on a receipt: `04`, `05`, `08` (SUNAT observes them, 4367). Not offered yet: `13` (new pending amount and due dates of a credit sale)."
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
      items: {
        type: "array",
        minItems: 1,
        maxItems: 999,
        items: invoiceItemSchema,
        description:
          "The lines the note credits or charges, with the invoice line rules (taxes, free lines, ISC, ICBPER) computed as on an invoice. Required for every reason but the whole-document credit codes `01`, `02`, `06`, which refuse them (422 `items_not_allowed`).",
      },
    },
  }) as const;

export const creditNoteRequestSchema = noteRequestSchema("credit");
export const debitNoteRequestSchema = noteRequestSchema("debit");
