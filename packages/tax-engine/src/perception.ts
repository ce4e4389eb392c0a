import type { AllowanceCharge, ComputedPerception } from "@einvoice/domain";
import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";
import { D, type Dec, fmt2, fmtFactor, round2 } from "./money.js";
import { PERCEPTION_FACTORS } from "./rates.js";

export interface PerceptionResult {
  perception: ComputedPerception;
  charge: AllowanceCharge;
}

/** Checks that need no amounts: catalog 53 code 51/52/53, PEN only (ERR 2788/2792), cash only (ERR 3330). */
export function validatePerception(
  code: string,
  currency: string,
  paymentType: string,
  errors: Errors,
): boolean {
  const before = errors.count;
  if (PERCEPTION_FACTORS[code] === undefined) {
    errors.add("perception.code", TAX_ERRORS.unknown_perception_code, "perception.code is 51, 52 or 53");
  }
  if (currency !== "PEN")
    errors.add("perception", TAX_ERRORS.perception_requires_pen, "a perception is issued in PEN only");
  if (paymentType !== "cash")
    errors.add("perception", TAX_ERRORS.perception_requires_cash, "a perception goes with a cash sale only");
  return errors.count === before;
}

/**
 * Perception (operation type 2001): a global charge (ChargeIndicator true, PEN) with base = the sale total
 * (≤ total, ERR 2797) and amount = base × factor (ERR 2798); PaymentTerms `Percepcion` carries the total to
 * collect (ERR 3309).
 */
export function computePerception(code: string, payable: Dec): PerceptionResult {
  const factor = new D(PERCEPTION_FACTORS[code]!);
  const amount = round2(payable.times(factor)); // 2798
  return {
    perception: {
      code,
      factor: fmtFactor(factor),
      base: fmt2(payable),
      amount: fmt2(amount),
      total_to_collect: fmt2(payable.plus(amount)),
    },
    charge: {
      charge: true,
      reason_code: code,
      factor: fmtFactor(factor),
      amount: fmt2(amount),
      base: fmt2(payable),
      currency: "PEN",
    },
  };
}
