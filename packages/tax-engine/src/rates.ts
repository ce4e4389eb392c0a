import type { IsoDate } from "@einvoice/domain";
import { D, type Dec } from "./money.js";

/** A value in force from `from` (inclusive) until the next entry's `from`. Sorted ascending. */
export interface DatedRate {
  from: IsoDate;
  value: string;
}

/** IGV 18 % (16 % IGV + 2 % IPM) since 2011-03-01; rules 3103/3291 "tasa vigente 18.00". */
export const IGV_RATES: readonly DatedRate[] = [{ from: "2011-03-01", value: "0.18" }];

/** IVAP (rice-husking tax, affectation 17, scheme 1016): 4 % (SUNAT parameter 024). */
export const IVAP_RATES: readonly DatedRate[] = [{ from: "2001-01-01", value: "0.04" }];

/**
 * ICBPER per plastic bag in PEN, Ley 30884 art. 12 schedule. Not valid before 2019-08-01 (ERR 2949); a wrong
 * per-bag amount is OBS 4237.
 */
export const ICBPER_RATES: readonly DatedRate[] = [
  { from: "2019-08-01", value: "0.10" },
  { from: "2020-01-01", value: "0.20" },
  { from: "2021-01-01", value: "0.30" },
  { from: "2022-01-01", value: "0.40" },
  { from: "2023-01-01", value: "0.50" },
];

/** Perception regimes (catalog 22 → catalog 53 reason codes 51/52/53) as factors. */
export const PERCEPTION_FACTORS: Readonly<Record<string, string>> = {
  "51": "0.02",
  "52": "0.01",
  "53": "0.005",
};

/** The rate in force on `date`, or undefined before the first entry. ISO dates compare as strings. */
export function rateOn(table: readonly DatedRate[], date: IsoDate): Dec | undefined {
  let found: string | undefined;
  for (const r of table) if (r.from <= date) found = r.value;
  return found === undefined ? undefined : new D(found);
}

export const igvRate = (date: IsoDate): Dec => rateOn(IGV_RATES, date) ?? new D("0.18");
export const ivapRate = (date: IsoDate): Dec => rateOn(IVAP_RATES, date) ?? new D("0.04");
export const icbperPerBag = (date: IsoDate): Dec | undefined => rateOn(ICBPER_RATES, date);
