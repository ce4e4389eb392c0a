import { ALLOWANCE_CHARGE, type AllowanceCharge } from "@einvoice/domain";
import { allowance, discountAmount, discountField, type ParsedDiscount } from "./discounts.js";
import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";
import { type Dec, ZERO } from "./money.js";
import { type LineSums, NO_REDUCTIONS, taxInclusive } from "./totals.js";

export interface DocumentDiscount {
  d02: Dec;
  d03: Dec;
  allowance?: AllowanceCharge;
}

/**
 * Document-level discount (value without taxes). With `affects_base` (catalog 53 code 02) it lowers the IGV/IVAP
 * base — rules 3277/3293 subtract 02 from the 1000/1016 base only, so it applies to the taxed lines. Without
 * (code 03) it lowers only the amount paid (4307), up to the total with taxes less line discounts 01.
 */
export function documentDiscount(
  d: ParsedDiscount | undefined,
  s: LineSums,
  igvRate: Dec,
  ivapRate: Dec,
  currency: string,
  errors: Errors,
): DocumentDiscount {
  if (!d) return { d02: ZERO, d03: ZERO };
  const field = discountField("discount", d);
  if (d.affectsBase) {
    const base = s.hasIvap ? s.ivapExt : s.taxedExt;
    if (base.isZero()) {
      errors.add(
        "discount.affects_base",
        TAX_ERRORS.discount_requires_taxed_lines,
        "a discount that affects the base applies to taxed (10/17) lines; this document has none",
      );
      return { d02: ZERO, d03: ZERO };
    }
    const amount = discountAmount(d, base);
    if (amount.greaterThan(base)) {
      errors.add(
        field,
        TAX_ERRORS.discount_exceeds_amount,
        "the discount is larger than the taxed value of the document",
      );
      return { d02: ZERO, d03: ZERO };
    }
    return {
      d02: amount,
      d03: ZERO,
      allowance: allowance(ALLOWANCE_CHARGE.documentDiscountInBase, d, amount, base, currency),
    };
  }
  const base = taxInclusive(s, NO_REDUCTIONS, igvRate, ivapRate).minus(s.discount01);
  const amount = discountAmount(d, base);
  if (amount.greaterThan(base)) {
    errors.add(field, TAX_ERRORS.discount_exceeds_amount, "the discount is larger than the document total");
    return { d02: ZERO, d03: ZERO };
  }
  return {
    d02: ZERO,
    d03: amount,
    allowance: allowance(ALLOWANCE_CHARGE.documentDiscount, d, amount, base, currency),
  };
}
