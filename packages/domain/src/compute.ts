import type { ComputedDocument, SaleDocumentType } from "./computed-document.js";
import type { InvoiceRequest } from "./invoice-request.js";
import type { IsoDate } from "./money.js";

/** A check that failed, named by the dotted path of the offending field (`items.0.discount.amount`). */
export interface FieldError {
  /** Dotted path with array indices; `""` for the document as a whole. */
  param: string;
  /** Stable machine code, e.g. `discount_exceeds_amount`. */
  code: string;
  message: string;
}

export interface ComputeContext {
  type: SaleDocumentType;
  /** Today in Lima; issue-date windows are checked against it. */
  today: IsoDate;
}

export type ComputeResult = { ok: true; document: ComputedDocument } | { ok: false; errors: FieldError[] };

/** The pure tax engine's signature: no I/O, same input → same output. */
export type ComputeDocument = (request: InvoiceRequest, context: ComputeContext) => ComputeResult;
