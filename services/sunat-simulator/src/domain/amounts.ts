import { Decimal } from "decimal.js";

export { Decimal };

/** Almost every SUNAT arithmetic rule allows ± 1 (one sol/dollar) of difference. */
export const TOLERANCE = new Decimal(1);

export const ZERO = new Decimal(0);

/** Parses a UBL amount/quantity; undefined when absent or not a plain decimal (format rules own that). */
export function amount(value: string | undefined): Decimal | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return /^[+-]?\d+(\.\d+)?$/.test(trimmed) ? new Decimal(trimmed) : undefined;
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const value of values) total = total.plus(value);
  return total;
}

/** True when declared and expected differ by more than the tolerance. */
export function outsideTolerance(
  declared: Decimal,
  expected: Decimal,
  tolerance: Decimal = TOLERANCE,
): boolean {
  return declared.minus(expected).abs().greaterThan(tolerance);
}
