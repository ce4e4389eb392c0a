import type { DocumentNote, NoteReason, NoteReference } from "@einvoice/domain";
import { decimal2, prefixedId, string } from "./field-schemas.js";
import { type JsonSchema, objectSchema, stringEnum } from "./json-schema.js";

/** The note parts of the Document: what a note modifies and why, and the notes a document lists. */
const noteReference = objectSchema<NoteReference>()({
  description:
    "The invoice or receipt a note modifies, as printed in the note's `cac:BillingReference` (always a document of this platform, same company and mode).",
  properties: {
    document_id: prefixedId("doc", "modified document"),
    type: stringEnum(
      ["01", "03"],
      "SUNAT catalog 01 type of the modified document: `01` invoice, `03` receipt.",
    ),
    series: string("Series of the modified document (e.g. `F001`)."),
    number: {
      type: "integer",
      minimum: 1,
      maximum: 99999999,
      description: "Number of the modified document.",
    },
    issue_date: {
      type: "string",
      format: "date",
      description:
        "Issue date of the modified document, `YYYY-MM-DD` (the note's may not be earlier: ERR 2885).",
    },
  },
});

const noteReason = objectSchema<NoteReason>()({
  description: "Why a note was issued (`cac:DiscrepancyResponse`).",
  properties: {
    code: string(
      "SUNAT catalog 09 code for a credit note (e.g. `01` annulment, `07` return per item) or catalog 10 code for a debit note (e.g. `01` late-payment interest).",
    ),
    description: string("The reason in words as sent (1–500 characters)."),
  },
});

const documentNote = objectSchema<DocumentNote>()({
  description: "A credit or debit note issued on a document.",
  properties: {
    id: prefixedId("doc", "note"),
    type: stringEnum(["07", "08"], "`07` credit note, `08` debit note."),
    series: string("The note's series (e.g. `FC01`)."),
    number: { type: "integer", minimum: 1, maximum: 99999999, description: "The note's number." },
    total: decimal2("The note's total, in the modified document's currency."),
  },
});

export const noteSchemas: Record<string, JsonSchema> = {
  NoteReference: noteReference,
  NoteReason: noteReason,
  DocumentNote: documentNote,
};
