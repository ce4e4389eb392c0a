import type { DocumentNote } from "./generated/note.js";
import type { ItemInput } from "./invoice-request.js";
import type { Decimal, IsoDate } from "./money.js";

export * from "./generated/note.js";

/** `07` nota de crédito (credit note), `08` nota de débito (debit note). */
export type NoteDocumentType = DocumentNote["type"];

/** The caller's note content (POST /v1/credit_notes, /v1/debit_notes); customer and currency are the document's. */
export interface NoteRequest {
  series: string;
  /** `doc_…` id of the modified invoice or receipt. */
  document: string;
  /** Catalog 09 (credit) or 10 (debit). */
  reason_code: string;
  description: string;
  issue_date?: IsoDate;
  items?: ItemInput[];
  currency?: string;
  /** Credit reason `13` only: the credit sale's new installments (what is still owed and when). */
  payment?: NoteInstallmentsInput;
}

/** The new schedule of a credit sale (catalog 09 code 13): each installment's amount and due date. */
export interface NoteInstallmentsInput {
  installments: { amount: Decimal; due_date: IsoDate }[];
}
