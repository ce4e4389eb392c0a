import { FREE_TAXED_AFFECTATIONS } from "@einvoice/domain";
import { Decimal } from "./amounts.js";
import type { InvoiceDocument } from "./invoice-reader.js";
import type { IssueCollector } from "./rule-issue.js";

/**
 * The IGV rates SUNAT accepts by issue date (percent, as `cbc:Percent` states them): 18 always; the special rate
 * of MYPE restaurants and hotels (Ley 31556), 10 from 2022-09-01 (RV:Control_de_Cambios 2022-08-22 / 2022-11-11)
 * and 10.5 since the change of 2026-02-09 (in force 2026-02-13; dated here from 2026-01-01, when the law's 10.5 %
 * began), the 10 still taken until that change came into force.
 */
const ACCEPTED: { percent: Decimal; from: string; until?: string }[] = [
  { percent: new Decimal(18), from: "2011-03-01" },
  { percent: new Decimal(10), from: "2022-09-01", until: "2026-02-12" },
  { percent: new Decimal("10.5"), from: "2026-01-01" },
];

/**
 * ERR 3462 (RV:Factura2_0 items 46–47, RV:Boleta2_0 items 45–46): every line with IGV (tributo 1000 with base > 0,
 * or 9996 with affectation 11–16 and base > 0) states the same `cbc:Percent`, and it is a rate in force on the
 * issue date. The amounts are checked against the stated rate by 3103/3291/3279. Whether the issuer is in the
 * special rate's register (OBS 4439) is not simulated.
 */
export function checkIgvRate(doc: InvoiceDocument, issues: IssueCollector): void {
  const rates = doc.lines.flatMap((line) =>
    line.subtotals.flatMap((s) => {
      const igvLine =
        (s.scheme === "1000" ||
          (s.scheme === "9996" && FREE_TAXED_AFFECTATIONS.has(s.exemptionCode ?? ""))) &&
        s.taxable?.greaterThan(0) === true;
      return igvLine && s.percent !== undefined ? [s.percent] : [];
    }),
  );
  const [first] = rates;
  if (first === undefined) return;
  if (rates.some((r) => !r.equals(first))) {
    issues.add("igvRate");
    return;
  }
  const date = doc.issueDate;
  const inForce = ACCEPTED.some(
    (a) => a.percent.equals(first) && a.from <= date && (a.until === undefined || date <= a.until),
  );
  if (!inForce) issues.add("igvRate");
}
