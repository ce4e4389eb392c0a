import type { IgvRegime, IsoDate } from "@einvoice/domain";
import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";
import { D, type Dec } from "./money.js";
import { type BoundedRate, boundedRateOn, IGV_RESTAURANTS_HOTELS_RATES, igvRate } from "./rates.js";

const first = (t: readonly BoundedRate[]) => t[0]!.from;
const last = (t: readonly BoundedRate[]) => t[t.length - 1]!.until;

/**
 * The IGV rate of every IGV line of the document (one rate per document: ERR 3462, RV:Factura2_0 items 46–47): the
 * general rate, or the issuer's special rate in force on the issue date. A date the special rate does not cover
 * is a 422 on `issue_date`, never a silent 18 %.
 */
export function regimeIgvRate(regime: IgvRegime | undefined, issueDate: IsoDate, errors: Errors): Dec {
  if (regime !== "restaurants_hotels") return igvRate(issueDate);
  const rate = boundedRateOn(IGV_RESTAURANTS_HOTELS_RATES, issueDate);
  if (rate) return rate;
  const t = IGV_RESTAURANTS_HOTELS_RATES;
  errors.add(
    "issue_date",
    TAX_ERRORS.igv_special_rate_unknown,
    `the company's IGV regime is restaurants_hotels, and no special IGV rate is known for ${issueDate} (known from ${first(t)} to ${last(t)}); set the regime to general with PUT /v1/company/igv_regime if the special rate does not apply`,
  );
  return new D("0.18"); // only so the remaining checks can run; the document is refused
}
