/** One computed line for the test fixtures (see fixtures.ts). */
import type { AllowanceCharge, ComputedLine, LineTax, TaxSchemeId } from "@einvoice/domain";
import { Decimal } from "decimal.js";

export const m2 = (x: Decimal.Value): string =>
  new Decimal(x).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
export const sum = (xs: Decimal.Value[]): Decimal => xs.reduce<Decimal>((a, x) => a.plus(x), new Decimal(0));

const FREE = new Set(["11", "12", "13", "14", "15", "16", "21", "31", "32", "33", "34", "35", "36", "37"]);
const RATE: Record<string, string> = { "10": "0.18", "17": "0.04" };
const SCHEME: Record<string, TaxSchemeId> = {
  "10": "1000",
  "17": "1016",
  "20": "9997",
  "30": "9998",
  "40": "9995",
};

export interface LineSpec {
  description?: string;
  affectation?: string;
  quantity: string;
  /** Unit value without taxes (for free lines: the reference value). */
  value: string;
  unit?: string;
  discount?: { code: "00" | "01"; factor: string };
  isc?: { rate: string; tier: string };
  /** Each unit is a plastic bag charged 0.50 ICBPER. */
  icbper?: boolean;
}

export const line = (id: number, spec: LineSpec): ComputedLine => {
  const aff = spec.affectation ?? "10";
  const free = FREE.has(aff);
  // Free lines that are "gravado" (11–16) still compute IGV at 18 %, reported under 9996 (ERR 3111).
  const rate = new Decimal(RATE[aff] ?? (Number(aff) < 20 ? "0.18" : "0"));
  const scheme: TaxSchemeId = free ? "9996" : (SCHEME[aff] ?? "1000");
  const qty = new Decimal(spec.quantity);
  const gross = qty.times(spec.value);
  const charges: AllowanceCharge[] = [];
  let ext = new Decimal(m2(gross));
  let notBase = new Decimal(0);
  if (spec.discount) {
    const amount = m2(gross.times(spec.discount.factor));
    charges.push({
      charge: false,
      reason_code: spec.discount.code,
      factor: spec.discount.factor,
      amount,
      base: m2(gross),
    });
    if (spec.discount.code === "00") ext = ext.minus(amount);
    else notBase = new Decimal(amount);
  }
  const taxes: LineTax[] = [];
  let isc = new Decimal(0);
  if (spec.isc) {
    isc = new Decimal(m2(ext.times(spec.isc.rate)));
    const percent = new Decimal(spec.isc.rate).times(100).toFixed(2);
    taxes.push({
      scheme: "2000",
      taxable_amount: m2(ext),
      tax_amount: m2(isc),
      percent,
      tier_range: spec.isc.tier,
    });
  }
  const base = ext.plus(isc);
  const igv = new Decimal(m2(base.times(rate)));
  taxes.push({
    scheme,
    taxable_amount: m2(base),
    tax_amount: m2(igv),
    percent: rate.times(100).toFixed(2),
    exemption_reason: aff,
  });
  let icb = new Decimal(0);
  if (spec.icbper) {
    icb = qty.times("0.50");
    taxes.push({
      scheme: "7152",
      taxable_amount: "0.00",
      tax_amount: m2(icb),
      per_unit_amount: "0.50",
      base_unit_quantity: spec.quantity,
    });
  }
  // Free lines: the 9996 tax is informative and stays out of the line total (rule 3292).
  const taxTotal = isc.plus(scheme === "1000" || scheme === "1016" ? igv : 0).plus(icb);
  return {
    id,
    description: spec.description ?? `Producto ${id}`,
    quantity: spec.quantity,
    unit_code: spec.unit ?? "NIU",
    tax_affectation: aff,
    free,
    unit_value: free ? "0" : spec.value,
    reference_price: free
      ? { type_code: "02", amount: spec.value }
      : { type_code: "01", amount: m2(ext.plus(taxTotal).minus(notBase).dividedBy(qty)) },
    line_extension_amount: m2(ext),
    allowance_charges: charges,
    taxes,
    tax_total: m2(taxTotal),
  };
};
