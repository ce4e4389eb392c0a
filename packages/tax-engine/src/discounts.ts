import type { AllowanceCharge, DiscountInput } from "@einvoice/domain";
import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";
import { D, type Dec, fmt2, fmtFactor, HUNDRED, round2, round5 } from "./money.js";
import { parseDecimal } from "./parse-number.js";

export interface ParsedDiscount {
  percent?: Dec;
  amount?: Dec;
  /** true → catalog 53 codes 00 (line) / 02 (document); false → 01 / 03 (ALLOWANCE_CHARGE of @einvoice/domain). */
  affectsBase: boolean;
}

/** Exactly one of `percent` (0 < p ≤ 100, ≤ 3 decimals so the factor fits n(3,5)) or `amount` (2 decimals). */
export function parseDiscount(
  input: DiscountInput,
  param: string,
  errors: Errors,
): ParsedDiscount | undefined {
  const hasPercent = input.percent !== undefined && input.percent !== null;
  const hasAmount = input.amount !== undefined && input.amount !== null;
  if (hasPercent === hasAmount) {
    errors.add(
      param,
      TAX_ERRORS.discount_percent_or_amount,
      `${param} needs exactly one of percent or amount`,
    );
    return undefined;
  }
  if (input.affects_base !== undefined && typeof input.affects_base !== "boolean") {
    errors.add(`${param}.affects_base`, TAX_ERRORS.invalid_boolean, "affects_base must be true or false");
    return undefined;
  }
  const affectsBase = input.affects_base ?? true;
  if (hasPercent) {
    const percent = parseDecimal(input.percent, `${param}.percent`, { decimals: 3, max: HUNDRED }, errors);
    return percent ? { percent, affectsBase } : undefined;
  }
  const amount = parseDecimal(input.amount, `${param}.amount`, { decimals: 2 }, errors);
  return amount ? { amount, affectsBase } : undefined;
}

/** Dotted path of the field that set the discount (for "exceeds" errors). */
export const discountField = (param: string, d: ParsedDiscount): string =>
  `${param}.${d.percent !== undefined ? "percent" : "amount"}`;

/**
 * Amount of a discount over `base`: percent → round2(base × p / 100); amount → as given (already converted by
 * the caller when it was a price with taxes).
 */
export function discountAmount(d: ParsedDiscount, base: Dec, givenAmount?: Dec): Dec {
  if (d.percent !== undefined) return round2(base.times(d.percent).dividedBy(HUNDRED));
  return givenAmount ?? d.amount ?? new D(0);
}

/** Catalog 53 entry; factor n(3,5) = percent / 100, or amount / base when given as an amount. */
export function allowance(
  reasonCode: string,
  d: ParsedDiscount | undefined,
  amount: Dec,
  base: Dec,
  currency: string,
): AllowanceCharge {
  const factor =
    d?.percent !== undefined
      ? d.percent.dividedBy(HUNDRED)
      : base.isZero()
        ? new D(0)
        : round5(amount.dividedBy(base));
  return {
    charge: false,
    reason_code: reasonCode,
    factor: fmtFactor(factor),
    amount: fmt2(amount),
    base: fmt2(base),
    currency,
  };
}
