import {
  ALLOWANCE_CHARGE,
  FREE_WITH_TAX_AFFECTATIONS,
  FREE_WITHOUT_TAX_AFFECTATIONS,
  TAXED_AFFECTATIONS,
} from "@einvoice/domain";
import { Decimal, outsideTolerance, sum } from "./amounts.js";
import type { InvoiceDocument, InvoiceLine } from "./invoice-reader.js";
import type { IssueCollector } from "./rule-issue.js";
import {
  AFFECTATION_TRIBUTES,
  hasPositiveBase,
  isFreeLine,
  SUMMED_TRIBUTES,
  sumAllowanceCharges,
} from "./tax-codes.js";

const SIX_CENTS = new Decimal("0.06");
const HUNDRED = new Decimal(100);

/** Export and other operation types exempt from ERR 3105 (RV:Factura2_0 / Boleta2_0 row 36/35). */
function exemptFromTributeRule(doc: InvoiceDocument, kind: "factura" | "boleta"): boolean {
  const exempt = ["2100", "2101", "2102", "2103", "2104"];
  if (kind === "factura") exempt.push("0112");
  return exempt.includes(doc.operationType);
}

/** Item-level rules of RV:Factura2_0 rows 32–38 (RV:Boleta2_0 rows 31–38). */
export function checkLines(doc: InvoiceDocument, issues: IssueCollector): void {
  for (const line of doc.lines) {
    const where = `Error en la linea: ${line.id}`;
    const free = isFreeLine(line);

    // ERR 2640: a free line states only the referential value (PricingReference 02).
    if (free && line.priceAmount?.greaterThan(0)) issues.add("freeLinePrice", where);

    checkLineValue(line, free, issues, where);

    if (!exemptFromTributeRule(doc, issues.kind)) {
      const hasTribute = line.subtotals.some((s) => AFFECTATION_TRIBUTES.has(s.scheme) && hasPositiveBase(s));
      if (!hasTribute) issues.add("lineTributeMissing", where);
    }

    checkLineIgv(doc, line, issues, where);

    // ERR 3292 / OBS 4293: line TaxTotal = Σ of its 1000, 1016, 2000, 7152, 9999 amounts.
    if (line.taxTotal !== undefined) {
      const expected = sum(
        line.subtotals.filter((s) => SUMMED_TRIBUTES.has(s.scheme)).flatMap((s) => s.amount ?? []),
      );
      if (outsideTolerance(line.taxTotal, expected)) issues.add("lineTaxTotal", where);
    }
  }
}

/**
 * ERR 3271 / OBS 4288: value of sale = unit value × quantity − line discounts 00 + line
 * charges 47; on free lines the unit value is the referential one (PricingReference 02).
 */
function checkLineValue(line: InvoiceLine, free: boolean, issues: IssueCollector, where: string): void {
  const unit = free ? line.referentialPrice : line.priceAmount;
  if (line.lineExtension === undefined || line.quantity === undefined || unit === undefined) return;
  const expected = unit
    .times(line.quantity)
    .minus(sumAllowanceCharges(line.allowanceCharges, false, [ALLOWANCE_CHARGE.lineDiscountInBase]))
    .plus(sumAllowanceCharges(line.allowanceCharges, true, [ALLOWANCE_CHARGE.lineChargeInBase]));
  if (outsideTolerance(line.lineExtension, expected)) issues.add("lineValue", where);
}

function checkLineIgv(doc: InvoiceDocument, line: InvoiceLine, issues: IssueCollector, where: string): void {
  for (const subtotal of line.subtotals) {
    const taxAmount = subtotal.amount;
    if (taxAmount === undefined) continue;
    const taxable = subtotal.taxable;
    const affectation = subtotal.exemptionCode ?? "";

    // ERR 3103: IGV/IVAP of taxed affectations (10–17) = rate × base, ± 1.
    if (TAXED_AFFECTATIONS.has(affectation) && subtotal.percent !== undefined && taxable !== undefined) {
      const expected = taxable.times(subtotal.percent).dividedBy(HUNDRED);
      if (outsideTolerance(taxAmount, expected)) issues.add("lineIgv", where);
    }

    // ERR 3110: exonerated, unaffected, export and their free variants carry no IGV.
    const untaxed = ["9995", "9997", "9998"].includes(subtotal.scheme);
    const untaxedFree =
      subtotal.scheme === "9996" &&
      taxable?.greaterThan(0) === true &&
      FREE_WITHOUT_TAX_AFFECTATIONS.has(affectation);
    if ((untaxed || untaxedFree) && !taxAmount.isZero()) issues.add("lineIgvMustBeZero", where);

    // ERR 3111: a taxed base above six cents must carry IGV (boletas of NRUS, 0113, are exempt).
    const aboveSixCents = taxable?.greaterThan(SIX_CENTS) === true;
    const nrusBoleta = issues.kind === "boleta" && doc.operationType === "0113";
    const taxed = ["1000", "1016"].includes(subtotal.scheme) && !nrusBoleta;
    const taxedFree = subtotal.scheme === "9996" && FREE_WITH_TAX_AFFECTATIONS.has(affectation);
    if ((taxed || taxedFree) && aboveSixCents && taxAmount.isZero())
      issues.add("lineIgvMustNotBeZero", where);
  }
}
