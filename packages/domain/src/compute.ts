import type { SaleDocumentType } from "./computed-document.js";
import type { IGV_REGIME_VALUES } from "./generated/common.js";
import type { ComputedDocument } from "./generated/computed-document.js";
import type { InvoiceRequest } from "./invoice-request.js";
import type { Decimal, IsoDate } from "./money.js";

/** A check that failed, named by the dotted path of the offending field (`items.0.discount.amount`). */
export interface FieldError {
  /** Dotted path with array indices; `""` for the document as a whole. */
  param: string;
  /** Stable machine code, e.g. `discount_exceeds_amount`. */
  code: string;
  message: string;
}

/**
 * The issuer's IGV regime: `general` (18 %) or `restaurants_hotels`, the special rate of Ley 31556 and its
 * extensions for MYPE restaurants and hotels in SUNAT's register (10 %, 10.5 % in 2026).
 */
export type IgvRegime = (typeof IGV_REGIME_VALUES)[number];

export interface ComputeContext {
  type: SaleDocumentType;
  /** Today in Lima; issue-date windows are checked against it. */
  today: IsoDate;
  /** The issuer's IGV regime for the key's mode; absent means `general`. */
  igvRegime?: IgvRegime;
  /**
   * A fixed IGV rate as a fraction (`0.18`, `0.105`) that replaces the regime's: a note takes the rate of the
   * document it modifies, whatever the issuer's regime is today.
   */
  igvRate?: Decimal;
}

export type ComputeResult = { ok: true; document: ComputedDocument } | { ok: false; errors: FieldError[] };

/** The pure tax engine's signature: no I/O, same input → same output. */
export type ComputeDocument = (request: InvoiceRequest, context: ComputeContext) => ComputeResult;
