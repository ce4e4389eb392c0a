import type { IsoDate } from "@einvoice/domain";
import { D, type Dec } from "./money.js";

/** A value in force from `from` (inclusive) until the next entry's `from`. Sorted ascending. */
export interface DatedRate {
  from: IsoDate;
  value: string;
  /** The law behind the row. */
  law?: string;
}

/** IGV 18 % (16 % IGV + 2 % IPM) since 2011-03-01; rules 3103/3291 "tasa vigente 18.00". */
export const IGV_RATES: readonly DatedRate[] = [
  { from: "2011-03-01", value: "0.18", law: "Ley 29666 (IGV 16 %) + IPM 2 % (TUO Ley del IGV, art. 76)" },
];

/** A rate in force from `from` to `until`, both inclusive. */
export interface BoundedRate {
  from: IsoDate;
  until: IsoDate;
  value: string;
  law: string;
}

/**
 * The special IGV rate (IGV + 2 % IPM) of micro and small companies whose main activity is restaurants, hotels or
 * tourist lodging, registered in SUNAT's padrón (OBS 4439 otherwise). Temporary by law: a date outside every row
 * has no known special rate, and a document of such an issuer is refused rather than issued at 18 %.
 * SUNAT's workbook accepts 10 % from 2022-09-01 (RV:Control_de_Cambios 2022-08-22 and 2022-11-11: rules 3279,
 * 3291, 3462, 4290, 4310 "18 % o 10 %") and 10.5 % since its change of 2026-02-09 ("Se ajusta tasa del IGV del
 * 10 % al 10.5 %", in force 2026-02-13; RV:Factura2_0 items 46–47: "18.00 o 10.50").
 */
export const IGV_RESTAURANTS_HOTELS_RATES: readonly BoundedRate[] = [
  { from: "2022-09-01", until: "2024-12-31", value: "0.10", law: "Ley 31556: IGV 8 % + IPM 2 %" },
  {
    from: "2025-01-01",
    until: "2025-12-31",
    value: "0.10",
    law: "Ley 32219 (extends Ley 31556): IGV 8 % + IPM 2 %",
  },
  { from: "2026-01-01", until: "2026-12-31", value: "0.105", law: "Ley 32219: IGV 8.5 % + IPM 2 %" },
];

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
/** The special rate in force on `date`, or undefined when no row covers it. */
export function boundedRateOn(table: readonly BoundedRate[], date: IsoDate): Dec | undefined {
  const row = table.find((r) => r.from <= date && date <= r.until);
  return row ? new D(row.value) : undefined;
}
export const ivapRate = (date: IsoDate): Dec => rateOn(IVAP_RATES, date) ?? new D("0.04");
export const icbperPerBag = (date: IsoDate): Dec | undefined => rateOn(ICBPER_RATES, date);
