import { ALLOWANCE_CHARGE } from "@einvoice/domain";
import { Decimal, outsideTolerance, sum, ZERO } from "./amounts.js";
import type { InvoiceDocument, InvoiceLine, TaxSubtotal } from "./invoice-reader.js";
import type { IssueCollector } from "./rule-issue.js";
import {
  hasPositiveBase,
  SALE_VALUE_TRIBUTES,
  SUMMED_TRIBUTES,
  subtotalWithBase,
  sumAllowanceCharges,
} from "./tax-codes.js";

const HUNDRED = new Decimal(100);
const DEFAULT_IGV_PERCENT = new Decimal(18);
/** IVAP (arroz pilado, tributo 1016): 4 % (SUNAT parameter 024). */
const DEFAULT_IVAP_PERCENT = new Decimal(4);

/**
 * Rate as stated on the lines: SUNAT checks "según la tasa consignada en las líneas" because
 * 18 % and the MYPE 10.5 % coexist (RV:Factura2_0 row 46-47, ERR 3462 forbids mixing).
 */
function lineRate(lines: InvoiceLine[], scheme: string, fallback: Decimal): Decimal {
  for (const line of lines) {
    const percent = subtotalWithBase(line.subtotals, scheme)?.percent;
    if (percent !== undefined) return percent;
  }
  return fallback;
}

function globalSubtotal(doc: InvoiceDocument, scheme: string): TaxSubtotal | undefined {
  return doc.subtotals.find((s) => s.scheme === scheme);
}

function globalTaxAmount(doc: InvoiceDocument, scheme: string): Decimal {
  return globalSubtotal(doc, scheme)?.amount ?? ZERO;
}

/** Σ over lines having a `scheme` subtotal with base > 0 of the picked value. */
function sumLines(
  doc: InvoiceDocument,
  scheme: string,
  pick: (line: InvoiceLine, s: TaxSubtotal) => Decimal | undefined,
) {
  return sum(
    doc.lines.flatMap((line) => {
      const subtotal = subtotalWithBase(line.subtotals, scheme);
      return subtotal ? (pick(line, subtotal) ?? []) : [];
    }),
  );
}

/** Global (document-level) sum rules of RV:Factura2_0 rows 40–55 (RV:Boleta2_0 rows 39–55). */
export function checkTotals(doc: InvoiceDocument, issues: IssueCollector): void {
  const global = doc.allowanceCharges;
  const baseDiscounts = sumAllowanceCharges(global, false, [
    ALLOWANCE_CHARGE.documentDiscountInBase,
    ALLOWANCE_CHARGE.prepaymentTaxed,
  ]);
  const baseDiscounts02 = sumAllowanceCharges(global, false, [ALLOWANCE_CHARGE.documentDiscountInBase]);
  const baseCharges = sumAllowanceCharges(global, true, [ALLOWANCE_CHARGE.documentChargeInBase]);
  const iscAdvances = sumAllowanceCharges(global, false, [ALLOWANCE_CHARGE.iscPrepayment]);
  const nrusBoleta = issues.kind === "boleta" && doc.operationType === "0113";
  const igv = globalSubtotal(doc, "1000");

  // ERR 3277 / OBS 4299: gravadas = Σ line values of 1000 lines − discounts 02/04 + charges 49.
  if (igv?.taxable !== undefined) {
    const expected = sumLines(doc, "1000", (line) => line.lineExtension)
      .minus(baseDiscounts)
      .plus(baseCharges);
    if (outsideTolerance(igv.taxable, expected)) issues.add("globalTaxableIgv");
  }

  // ERR 3291 / OBS 4290: IGV = (Σ line 1000 bases − discounts 02/04 + charges 49 − ISC advances 20) × rate.
  const igvRate = lineRate(doc.lines, "1000", DEFAULT_IGV_PERCENT).dividedBy(HUNDRED);
  if (igv?.amount !== undefined && !(nrusBoleta && igv.amount.isZero())) {
    const base = sumLines(doc, "1000", (_line, s) => s.taxable)
      .minus(baseDiscounts)
      .plus(baseCharges)
      .minus(iscAdvances);
    if (outsideTolerance(igv.amount, base.times(igvRate))) issues.add("globalIgv");
  }

  // ERR 3294 / OBS 4301: TaxTotal = Σ global 1000, 1016, 2000, 7152, 9999 amounts.
  if (doc.taxTotal !== undefined) {
    const expected = sum(
      doc.subtotals.filter((s) => SUMMED_TRIBUTES.has(s.scheme)).flatMap((s) => s.amount ?? []),
    );
    if (outsideTolerance(doc.taxTotal, expected)) issues.add("globalTaxTotal");
  }

  // ERR 3306 / OBS 4321: ICBPER total = Σ line 7152 amounts. The workbook gives no tolerance
  // here, and with S/ 0.50 per bag a ± 1 would hide whole bags, so the match is exact.
  const icbper = globalSubtotal(doc, "7152");
  if (icbper?.amount !== undefined) {
    const expected = sum(
      doc.lines.flatMap((line) =>
        line.subtotals.filter((s) => s.scheme === "7152").flatMap((s) => s.amount ?? []),
      ),
    );
    if (!icbper.amount.equals(expected)) issues.add("icbperTotal");
  }

  // ERR 3278 / OBS 4309: total valor de venta = Σ line values of 1000/1016/9995/9997/9998
  // lines − global discounts 02 + global charges 49 (free 9996 lines do not count).
  if (doc.lineExtensionTotal !== undefined) {
    const expected = sum(
      doc.lines.flatMap((line) => {
        const counted = line.subtotals.some((s) => SALE_VALUE_TRIBUTES.has(s.scheme) && hasPositiveBase(s));
        return counted && line.lineExtension ? [line.lineExtension] : [];
      }),
    )
      .minus(baseDiscounts02)
      .plus(baseCharges);
    if (outsideTolerance(doc.lineExtensionTotal, expected)) issues.add("lineExtensionTotal");
  }

  checkTaxInclusive(doc, issues, { baseDiscounts02, baseCharges, iscAdvances, igvRate, nrusBoleta });
  checkPayableAndAllowances(doc, issues);
}

/**
 * ERR 3279 / OBS 4310: TaxInclusiveAmount = total valor de venta + ISC + ISC advances (20) +
 * otros tributos + ICBPER + (Σ line bases − discounts 02 + charges 49) × rate, where the base and
 * rate are IVAP's (1016) when any line is under IVAP, else IGV's (1000).
 */
function checkTaxInclusive(
  doc: InvoiceDocument,
  issues: IssueCollector,
  ctx: {
    baseDiscounts02: Decimal;
    baseCharges: Decimal;
    iscAdvances: Decimal;
    igvRate: Decimal;
    nrusBoleta: boolean;
  },
): void {
  if (doc.taxInclusiveTotal === undefined || doc.lineExtensionTotal === undefined || ctx.nrusBoleta) return;
  const ivap = doc.lines.some((line) => subtotalWithBase(line.subtotals, "1016") !== undefined);
  const scheme = ivap ? "1016" : "1000";
  const rate = ivap ? lineRate(doc.lines, "1016", DEFAULT_IVAP_PERCENT).dividedBy(HUNDRED) : ctx.igvRate;
  const tax = sumLines(doc, scheme, (_line, s) => s.taxable)
    .minus(ctx.baseDiscounts02)
    .plus(ctx.baseCharges)
    .times(rate);
  // Under IVAP the workbook's formula has no ISC terms (row 55, second variant).
  const isc = ivap ? ZERO : globalTaxAmount(doc, "2000").plus(ctx.iscAdvances);
  const expected = doc.lineExtensionTotal
    .plus(isc)
    .plus(globalTaxAmount(doc, "9999"))
    .plus(globalTaxAmount(doc, "7152"))
    .plus(tax);
  if (outsideTolerance(doc.taxInclusiveTotal, expected)) issues.add("taxInclusiveTotal");
}

function checkPayableAndAllowances(doc: InvoiceDocument, issues: IssueCollector): void {
  // ERR 3280 / OBS 4312: PayableAmount = TaxInclusive + charges − discounts not affecting the
  // base − prepaid (anticipos) + rounding.
  if (doc.payableTotal !== undefined && doc.taxInclusiveTotal !== undefined) {
    const expected = doc.taxInclusiveTotal
      .plus(doc.chargeTotal ?? ZERO)
      .minus(doc.allowanceTotal ?? ZERO)
      .minus(doc.prepaidTotal ?? ZERO)
      .plus(doc.roundingAmount ?? ZERO);
    if (outsideTolerance(doc.payableTotal, expected)) issues.add("payableTotal");
  }

  // ERR 3300 / OBS 4307: AllowanceTotalAmount = line discounts 01 + global discounts 03, and on an invoice 63
  // (retención de renta de segunda categoría, catalog 53 since RV:Control_de_Cambios 2021-04-06): RV:Factura2_0
  // row 51 names 03 and 63, RV:Boleta2_0 row 51 names 03 only.
  if (doc.allowanceTotal !== undefined) {
    const globalCodes: string[] =
      issues.kind === "factura"
        ? [ALLOWANCE_CHARGE.documentDiscount, ALLOWANCE_CHARGE.secondCategoryRetention]
        : [ALLOWANCE_CHARGE.documentDiscount];
    const expected = sum(
      doc.lines.map((line) =>
        sumAllowanceCharges(line.allowanceCharges, false, [ALLOWANCE_CHARGE.lineDiscount]),
      ),
    ).plus(sumAllowanceCharges(doc.allowanceCharges, false, globalCodes));
    if (outsideTolerance(doc.allowanceTotal, expected)) issues.add("allowanceTotal");
  }
}
