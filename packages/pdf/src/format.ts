import { Decimal } from "decimal.js";

/** Groups the integer part with commas, as Peruvian invoices print amounts (`1,234.56`). */
function group(fixed: string): string {
  const negative = fixed.startsWith("-");
  const body = negative ? fixed.slice(1) : fixed;
  const [whole = "0", fraction] = body.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}

/** A money amount with exactly two decimals and thousands separators: `"1234.5"` → `"1,234.50"`. */
export function formatAmount(amount: string): string {
  return group(new Decimal(amount).toFixed(2, Decimal.ROUND_HALF_UP));
}

/**
 * A unit value: at least two decimals and as many more as it carries (up to 10), since SUNAT keeps unit values to
 * 10 decimals and rounding them on paper would make quantity × value disagree with the line value.
 */
export function formatUnitValue(amount: string): string {
  const d = new Decimal(amount);
  return group(d.toFixed(Math.max(2, Math.min(10, d.decimalPlaces()))));
}

/** A quantity without trailing zeros: `"3.000"` → `"3"`, `"2.50"` → `"2.5"`. */
export function formatQuantity(quantity: string): string {
  return group(new Decimal(quantity).toFixed());
}

/** `0.02` → `2%`; `18.00` (already a percent) stays `18%`. */
export function formatPercent(value: string, isFactor: boolean): string {
  const d = new Decimal(value);
  return `${(isFactor ? d.times(100) : d).toFixed()}%`;
}

/** An ISO date as printed in Peru: `2025-03-14` → `14/03/2025`. */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`not an ISO date (YYYY-MM-DD): ${iso}`);
  return `${m[3]}/${m[2]}/${m[1]}`;
}
