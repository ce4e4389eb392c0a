import { Decimal as DecimalJs } from "decimal.js";

/**
 * Decimal arithmetic for money: 40 significant digits, ROUND_HALF_UP (SUNAT rounds half away from zero; every
 * amount here is non-negative). Never a JS float.
 */
export const D = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

export const ZERO = new D(0);
export const ONE = new D(1);
export const HUNDRED = new D(100);

/** Amounts `n(12,2)`. */
export const round2 = (x: Dec): Dec => x.toDecimalPlaces(2, D.ROUND_HALF_UP);
/** Quantities and unit values `n(12,10)`. */
export const round10 = (x: Dec): Dec => x.toDecimalPlaces(10, D.ROUND_HALF_UP);
/** Factors `cbc:MultiplierFactorNumeric` `n(3,5)`. */
export const round5 = (x: Dec): Dec => x.toDecimalPlaces(5, D.ROUND_HALF_UP);

/** `"118.00"`: toFixed rounds with D's ROUND_HALF_UP itself, so no round2 first (a Decimal less per amount). */
export const fmt2 = (x: Dec): string => x.toFixed(2);
/** Unit values and prices: at least 2 and at most 10 decimals, no exponent (`"84.7457627119"`, `"100.00"`). */
export const fmtUnit = (x: Dec): string => {
  const r = round10(x);
  return r.decimalPlaces() <= 2 ? r.toFixed(2) : r.toFixed();
};
/** Quantities as given, without exponent or trailing zeros (`"2"`, `"1.5"`). */
export const fmtPlain = (x: Dec): string => x.toFixed();
/** Factors: up to 5 decimals, trailing zeros dropped (`"0.02"`, `"0.005"`, `"1"`). */
export const fmtFactor = (x: Dec): string => round5(x).toFixed();

export const sum = (xs: readonly Dec[]): Dec => xs.reduce((a, b) => a.plus(b), ZERO);
