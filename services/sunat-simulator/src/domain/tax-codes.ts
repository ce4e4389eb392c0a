import { type Decimal, ZERO } from "./amounts.js";
import type { AllowanceCharge, InvoiceLine, TaxSubtotal } from "./invoice-reader.js";

/** Tributos (catálogo 05) whose amounts add up to a TaxTotal (ERR 3292/3294). */
export const SUMMED_TRIBUTES = new Set(["1000", "1016", "2000", "7152", "9999"]);

/** Tributos that qualify a line as having its IGV treatment declared (ERR 3105). */
export const AFFECTATION_TRIBUTES = new Set(["1000", "1016", "9995", "9996", "9997", "9998"]);

/** Tributos counted in the "total valor de venta" (OBS 4309 / ERR 3278). */
export const SALE_VALUE_TRIBUTES = new Set(["1000", "1016", "9995", "9997", "9998"]);

/** Tax subtotal for a tributo with base > 0, the workbook's usual "existe … con Monto base > 0". */
export function subtotalWithBase(subtotals: TaxSubtotal[], scheme: string): TaxSubtotal | undefined {
  return subtotals.find((s) => s.scheme === scheme && hasPositiveBase(s));
}

/** "cuyo 'Monto base' es mayor a cero (cbc:TaxableAmount > 0)". */
export function hasPositiveBase(subtotal: TaxSubtotal): boolean {
  return subtotal.taxable?.greaterThan(0) === true;
}

/** A free (gratuita) line: it carries a 9996 subtotal with base > 0. */
export function isFreeLine(line: InvoiceLine): boolean {
  return subtotalWithBase(line.subtotals, "9996") !== undefined;
}

/** Sum of allowances (charge=false) or charges (charge=true) with one of the reason codes. */
export function sumAllowanceCharges(list: AllowanceCharge[], charge: boolean, reasons: string[]): Decimal {
  return list
    .filter((ac) => ac.charge === charge && reasons.includes(ac.reason))
    .reduce((total, ac) => total.plus(ac.amount), ZERO);
}
