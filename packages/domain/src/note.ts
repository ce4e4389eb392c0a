import type { FromSchema } from "json-schema-to-ts";
import type { DocumentNote } from "./generated/note.js";
import type { creditNoteRequestSchema, debitNoteRequestSchema } from "./note-request.schema.js";

/** `07` nota de crédito (credit note), `08` nota de débito (debit note). */
export type NoteDocumentType = DocumentNote["type"];

/**
 * The caller's note content (POST /v1/credit_notes, /v1/debit_notes; customer and currency are the document's):
 * the type of what the credit and debit note request schemas accept.
 */
export type NoteRequest = FromSchema<
  typeof creditNoteRequestSchema | typeof debitNoteRequestSchema,
  // As for InvoiceRequest: the gateway fills no default in, so a defaulted field may be absent.
  { keepDefaultedPropertiesOptional: true }
>;

/** The new schedule of a credit sale (catalog 09 code 13): each installment's amount and due date. */
export type NoteInstallmentsInput = NonNullable<NoteRequest["payment"]>;
