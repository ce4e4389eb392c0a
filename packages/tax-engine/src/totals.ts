import type { MonetaryTotal, TaxSubtotal } from "@einvoice/domain";
import type { LineResult } from "./line.js";
import { type Dec, fmt2, round2, sum, ZERO } from "./money.js";

/** Line figures summed by kind (free lines apart). */
export interface LineSums {
  /** Σ LineExtensionAmount of onerous lines per kind. */
  taxedExt: Dec;
  ivapExt: Dec;
  exemptExt: Dec;
  unaffectedExt: Dec;
  exportExt: Dec;
  /** Σ line IGV/IVAP TaxableAmount (value + ISC, rule 4294). */
  taxedBase: Dec;
  ivapBase: Dec;
  /** The same Σ over the lines priced without taxes only: their IGV/IVAP is computed on the document's sum. */
  taxedBaseFromValue: Dec;
  ivapBaseFromValue: Dec;
  /** Σ line IGV/IVAP of the lines priced with taxes: what their amounts paid leave after the base. */
  taxedVatFromPrice: Dec;
  ivapVatFromPrice: Dec;
  /** Σ line ISC and the Σ of the values ISC was computed on. */
  isc: Dec;
  iscBase: Dec;
  icbper: Dec;
  freeExt: Dec;
  freeTax: Dec;
  discount01: Dec;
  hasTaxed: boolean;
  hasIvap: boolean;
  hasExempt: boolean;
  hasUnaffected: boolean;
  hasExport: boolean;
  hasFree: boolean;
  hasIsc: boolean;
  hasIcbper: boolean;
}

export function sumLines(lines: readonly LineResult[]): LineSums {
  const onerous = lines.filter((l) => !l.free);
  const of = (kind: LineResult["kind"]) => onerous.filter((l) => l.kind === kind);
  const iscLines = onerous.filter((l) => l.line.taxes.some((t) => t.scheme === "2000"));
  return {
    taxedExt: sum(of("taxed").map((l) => l.ext)),
    ivapExt: sum(of("ivap").map((l) => l.ext)),
    exemptExt: sum(of("exempt").map((l) => l.ext)),
    unaffectedExt: sum(of("unaffected").map((l) => l.ext)),
    exportExt: sum(of("export").map((l) => l.ext)),
    taxedBase: sum(of("taxed").map((l) => l.taxBase)),
    ivapBase: sum(of("ivap").map((l) => l.taxBase)),
    taxedBaseFromValue: sum(of("taxed").flatMap((l) => (l.taxIncluded ? [] : [l.taxBase]))),
    ivapBaseFromValue: sum(of("ivap").flatMap((l) => (l.taxIncluded ? [] : [l.taxBase]))),
    taxedVatFromPrice: sum(of("taxed").flatMap((l) => (l.taxIncluded ? [l.vat] : []))),
    ivapVatFromPrice: sum(of("ivap").flatMap((l) => (l.taxIncluded ? [l.vat] : []))),
    isc: sum(onerous.map((l) => l.isc)),
    iscBase: sum(iscLines.map((l) => l.ext)),
    icbper: sum(lines.map((l) => l.icbper)),
    freeExt: sum(lines.filter((l) => l.free).map((l) => l.ext)),
    freeTax: sum(lines.map((l) => l.freeTax)),
    discount01: sum(lines.map((l) => l.discount01)),
    hasTaxed: of("taxed").length > 0,
    hasIvap: of("ivap").length > 0,
    hasExempt: of("exempt").length > 0,
    hasUnaffected: of("unaffected").length > 0,
    hasExport: of("export").length > 0,
    hasFree: lines.some((l) => l.free),
    hasIsc: iscLines.length > 0,
    hasIcbper: lines.some((l) => l.line.taxes.some((t) => t.scheme === "7152")),
  };
}

/** Document-level reductions (values without taxes) by catalog 53 code. */
export interface GlobalReductions {
  /** 02: global discount that lowers the IGV/IVAP base. */
  d02: Dec;
  /** 03: global discount that does not lower the base. */
  d03: Dec;
  /** 04/05/06: prepayment values (without taxes) of taxed (or IVAP), exempt, unaffected operations. */
  p04: Dec;
  p05: Dec;
  p06: Dec;
  /** Σ prepayments with taxes (`PrepaidAmount`). */
  prepaid: Dec;
}

export const NO_REDUCTIONS: GlobalReductions = {
  d02: ZERO,
  d03: ZERO,
  p04: ZERO,
  p05: ZERO,
  p06: ZERO,
  prepaid: ZERO,
};

export interface Totals {
  subtotals: TaxSubtotal[];
  taxTotal: Dec;
  lineExtension: Dec;
  taxInclusive: Dec;
  allowanceTotal: Dec;
  prepaid: Dec;
  payable: Dec;
  /** Per scheme, for `amounts`. */
  taxedTaxable: Dec;
  ivapTaxable: Dec;
  igv: Dec;
  ivap: Dec;
  exemptTaxable: Dec;
  unaffectedTaxable: Dec;
}

/**
 * The document's IGV (or IVAP) over its bases less `reductions` (global discounts 02, prepayments 04): the lines
 * priced with taxes bring the IGV their amounts leave, exactly; the lines priced without taxes, and the reductions,
 * bring rate × their Σ base, rounded once. Without lines priced with taxes this is rules 3291/4290 and 3295 to the
 * letter: round2((Σ 1000 bases − 02 − 04) × rate) (RV:Factura2_0 items 46–47); with them it stays within the ± 1
 * those rules allow (see BaseFromPrice).
 */
export function vatOf(s: LineSums, reductions: Dec, igvRate: Dec, ivapRate: Dec): { igv: Dec; ivap: Dec } {
  return {
    igv: s.hasTaxed
      ? s.taxedVatFromPrice.plus(round2(s.taxedBaseFromValue.minus(reductions).times(igvRate)))
      : ZERO,
    ivap: s.hasIvap
      ? s.ivapVatFromPrice.plus(round2(s.ivapBaseFromValue.minus(reductions).times(ivapRate)))
      : ZERO,
  };
}

/** `TaxInclusiveAmount` before the 03 discount and prepayments: what a 03 discount can reduce. */
export function taxInclusive(s: LineSums, r: GlobalReductions, igvRate: Dec, ivapRate: Dec): Dec {
  const lineExtension = sumOnerous(s).minus(r.d02);
  // 3279 / 4310 (item 55): Σ values + ISC + ICBPER + IGV of (Σ 1000 line bases − 02), prepayments 04 not
  // subtracted here; an IVAP document: Σ values + ICBPER + IVAP of (Σ 1016 bases − 02).
  const { igv, ivap } = vatOf(s, r.d02, igvRate, ivapRate);
  if (s.hasIvap) return lineExtension.plus(s.icbper).plus(ivap);
  return lineExtension.plus(s.isc).plus(s.icbper).plus(igv);
}

const sumOnerous = (s: LineSums): Dec =>
  s.taxedExt.plus(s.ivapExt).plus(s.exemptExt).plus(s.unaffectedExt).plus(s.exportExt);

export function buildTotals(s: LineSums, r: GlobalReductions, igvRate: Dec, ivapRate: Dec): Totals {
  const subtotals: TaxSubtotal[] = [];
  const add = (scheme: TaxSubtotal["scheme"], taxable: Dec, tax: Dec) =>
    subtotals.push({ scheme, taxable_amount: fmt2(taxable), tax_amount: fmt2(tax) });

  const taxedTaxable = s.hasTaxed ? s.taxedExt.minus(r.d02).minus(r.p04) : ZERO; // 3277: Σ 1000 values − 02 − 04
  // 3291 / 4290: IGV = (Σ 1000 line bases − 02 − 04) × rate; 3295 the same for IVAP (see vatOf).
  const { igv, ivap } = vatOf(s, r.d02.plus(r.p04), igvRate, ivapRate);
  const ivapTaxable = s.hasIvap ? s.ivapExt.minus(r.d02).minus(r.p04) : ZERO; // 3293
  const exemptTaxable = s.exemptExt.minus(r.p05); // 3275: Σ 9997 values − 05
  const unaffectedTaxable = s.unaffectedExt.minus(r.p06); // 3274: Σ 9998 values − 06

  if (s.hasIsc) add("2000", s.iscBase, s.isc); // Σ line ISC
  if (s.hasTaxed) add("1000", taxedTaxable, igv);
  if (s.hasIvap) add("1016", ivapTaxable, ivap);
  if (s.hasIcbper) add("7152", ZERO, s.icbper); // 3306: Σ line ICBPER
  if (s.hasExport) add("9995", s.exportExt, ZERO); // 3000: tax 0
  if (s.hasFree) add("9996", s.freeExt, s.freeTax); // 2416/2641: free operations declared
  if (s.hasExempt) add("9997", exemptTaxable, ZERO);
  if (s.hasUnaffected) add("9998", unaffectedTaxable, ZERO);

  const taxTotal = igv.plus(ivap).plus(s.isc).plus(s.icbper); // 3294: Σ 1000, 1016, 2000, 7152, 9999
  const lineExtension = sumOnerous(s).minus(r.d02); // 3278 / 4309: Σ onerous line values − 02
  const inclusive = taxInclusive(s, r, igvRate, ivapRate); // 3279
  const allowanceTotal = s.discount01.plus(r.d03); // 4307: Σ discounts 01 + 03
  const payable = inclusive.minus(allowanceTotal).minus(r.prepaid); // 3280 / 4312 (no rounding amount)

  return {
    subtotals,
    taxTotal,
    lineExtension,
    taxInclusive: inclusive,
    allowanceTotal,
    prepaid: r.prepaid,
    payable,
    taxedTaxable,
    ivapTaxable,
    igv,
    ivap,
    exemptTaxable,
    unaffectedTaxable,
  };
}

export function monetaryTotal(t: Totals): MonetaryTotal {
  return {
    line_extension_amount: fmt2(t.lineExtension),
    tax_inclusive_amount: fmt2(t.taxInclusive),
    allowance_total_amount: fmt2(t.allowanceTotal),
    charge_total_amount: "0.00",
    prepaid_amount: fmt2(t.prepaid),
    payable_amount: fmt2(t.payable),
  };
}
