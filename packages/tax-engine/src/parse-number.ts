import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";
import { D, type Dec } from "./money.js";

const PLAIN = /^\d{1,12}(\.\d+)?$/;

export interface NumberRule {
  /** Maximum decimals allowed (2 for amounts, 10 for quantities and unit values). */
  decimals: number;
  /** Reject 0 (default true). */
  positive?: boolean;
  /** Inclusive upper bound. */
  max?: Dec;
}

/**
 * Reads a non-negative decimal given as a string (or a JS number, for convenience) without ever going through
 * float arithmetic. At most 12 integer digits (`n(12,x)`). Records an error and returns undefined when invalid.
 */
export function parseDecimal(
  value: unknown,
  param: string,
  rule: NumberRule,
  errors: Errors,
): Dec | undefined {
  if (value === undefined || value === null || value === "") {
    errors.add(param, TAX_ERRORS.required, `${param} is required`);
    return undefined;
  }
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== "string" || !PLAIN.test(text)) {
    errors.add(
      param,
      TAX_ERRORS.invalid_number,
      `${param} must be a non-negative decimal number such as "12.50"`,
    );
    return undefined;
  }
  const d = new D(text);
  if (d.decimalPlaces() > rule.decimals) {
    errors.add(param, TAX_ERRORS.too_many_decimals, `${param} allows at most ${rule.decimals} decimals`);
    return undefined;
  }
  if ((rule.positive ?? true) && d.isZero()) {
    errors.add(param, TAX_ERRORS.must_be_positive, `${param} must be greater than zero`);
    return undefined;
  }
  if (rule.max && d.greaterThan(rule.max)) {
    errors.add(param, TAX_ERRORS.out_of_range, `${param} must not exceed ${rule.max.toFixed()}`);
    return undefined;
  }
  return d;
}
