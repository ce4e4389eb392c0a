import { type Dec, round2, ZERO } from "./money.js";

/**
 * Splits amounts paid (prices with taxes) into bases, line after line, so that the cents lost to rounding do not
 * pile up: each line's base is its amount ÷ (1 + rates) rounded to the cent, give or take the one cent that keeps
 * the document's Σ bases equal to round2(Σ exact bases). A document of 999 lines at S/ 1.99 would otherwise state
 * an IGV S/ 4.20 away from Σ bases × 18 %, beyond the ± 1 of rules 3291/4290 and 3279/4310 (RV:Factura2_0 items
 * 46–47 and 55, RV:Boleta2_0 items 45–46 and 55). Per line the base stays within 0.01 of the exact one (3103).
 * One instance per document, fed the lines in order; each kind of line (taxed, exempt, …) is summed apart, as the
 * document's subtotals are.
 */
export class BaseFromPrice {
  private readonly sums = new Map<string, { exact: Dec; rounded: Dec }>();

  /** The base of the next line of `kind` whose exact base (amount ÷ divisor) is `exactBase`. */
  next(kind: string, exactBase: Dec): Dec {
    const s = this.sums.get(kind) ?? { exact: ZERO, rounded: ZERO };
    const exact = s.exact.plus(exactBase);
    const base = round2(exact).minus(s.rounded);
    this.sums.set(kind, { exact, rounded: s.rounded.plus(base) });
    return base;
  }
}
