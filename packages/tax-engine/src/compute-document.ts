import type {
  AllowanceCharge,
  ComputeDocument,
  ComputedDocument,
  ComputedLine,
  DocumentAmounts,
} from "@einvoice/domain";
import { BaseFromPrice } from "./base-from-price.js";
import { OPERATION } from "./catalogs.js";
import { computeDetraction } from "./detraction.js";
import { type ParsedDiscount, parseDiscount } from "./discounts.js";
import { documentDiscount } from "./document-discount.js";
import { TAX_ERRORS } from "./error-table.js";
import { Errors } from "./errors.js";
import { legends } from "./legends.js";
import { computeLine, type LineRates, type LineResult } from "./line.js";
import { D, type Dec, fmt2 } from "./money.js";
import { paymentTerms, paymentType } from "./payment.js";
import { computePerception, type PerceptionResult, validatePerception } from "./perception.js";
import { computePrepayments, type ParsedPrepayment, parsePrepayments } from "./prepayments.js";
import { icbperPerBag, ivapRate } from "./rates.js";
import { regimeIgvRate } from "./regime-rate.js";
import { buildTotals, monetaryTotal, NO_REDUCTIONS, sumLines, type Totals, taxInclusive } from "./totals.js";
import { isIdentified, resolveCustomer } from "./validate-customer.js";
import { validateHeader } from "./validate-header.js";
import { type ParsedItem, parseItem } from "./validate-items.js";
import { isExportRequest, validateOperations } from "./validate-operations.js";

/** Receipts above this total (PEN) must identify the buyer (Reglamento de Comprobantes de Pago art. 4 §3.2). */
export const RECEIPT_ANONYMOUS_LIMIT_PEN = new D("700");

/** The pure tax engine: same input → same output, no I/O. Collects every error before answering. */
export const computeDocument: ComputeDocument = (req, ctx) => {
  const errors = new Errors();
  if (req === null || typeof req !== "object") {
    return {
      ok: false,
      errors: [
        { param: "", code: TAX_ERRORS.invalid_request.code, message: "the request must be an object" },
      ],
    };
  }
  const header = validateHeader(req, ctx, errors);
  const { currency, issueDate } = header;
  const exportDoc = isExportRequest(req);
  const customer = resolveCustomer(req.customer, ctx.type, exportDoc, errors);

  const rawItems = Array.isArray(req.items) ? req.items : [];
  const parsed = rawItems.map((item, i) => parseItem(item, i, errors));
  const items = parsed.filter((i): i is ParsedItem => i !== undefined);
  validateOperations(req, items, ctx.type, currency, issueDate, errors);
  const discount: ParsedDiscount | undefined = req.discount
    ? parseDiscount(req.discount, "discount", errors)
    : undefined;
  const prepayments: ParsedPrepayment[] | undefined = Array.isArray(req.prepayments)
    ? parsePrepayments(req.prepayments, errors)
    : [];
  const perceptionOk = req.perception
    ? validatePerception(req.perception.code, currency, paymentType(req.payment), errors)
    : false;

  const rates: LineRates = {
    igv: ctx.igvRate !== undefined ? new D(ctx.igvRate) : regimeIgvRate(ctx.igvRegime, issueDate, errors),
    ivap: ivapRate(issueDate),
    icbperPerBag: icbperPerBag(issueDate),
    currency,
  };
  const bases = new BaseFromPrice();
  const computed = items.map((i) => computeLine(i, rates, errors, bases));
  const lines = computed.filter((l): l is LineResult => l !== undefined);
  if (lines.length === 0 || lines.length !== rawItems.length || errors.count > 0) {
    // Amounts are not reliable: still report what can be checked without them.
    if (req.detraction) computeDetraction(req.detraction, currency, undefined, errors);
    paymentTerms(req.payment, ctx.type, currency, issueDate, undefined, undefined, errors);
    return { ok: false, errors: errors.list };
  }

  const sums = sumLines(lines);
  const docDiscount = documentDiscount(discount, sums, rates.igv, rates.ivap, currency, errors);
  const beforePrepayments = taxInclusive(
    sums,
    { ...NO_REDUCTIONS, d02: docDiscount.d02 },
    rates.igv,
    rates.ivap,
  )
    .minus(sums.discount01)
    .minus(docDiscount.d03);
  const prep = computePrepayments(
    prepayments ?? [],
    sums,
    docDiscount.d02,
    rates,
    beforePrepayments,
    currency,
    errors,
  );
  const totals = buildTotals(
    sums,
    {
      d02: docDiscount.d02,
      d03: docDiscount.d03,
      p04: prep.p04,
      p05: prep.p05,
      p06: prep.p06,
      prepaid: prep.prepaid,
    },
    rates.igv,
    rates.ivap,
  );
  const detraction = req.detraction
    ? computeDetraction(req.detraction, currency, totals.payable, errors)
    : undefined;
  const detractionPen = detraction ? new D(detraction.amount) : undefined;
  const payment = paymentTerms(
    req.payment,
    ctx.type,
    currency,
    issueDate,
    totals.payable,
    detractionPen,
    errors,
  );
  const perception: PerceptionResult | undefined =
    req.perception && perceptionOk ? computePerception(req.perception.code, totals.payable) : undefined;

  if (ctx.type === "03" && !isIdentified(customer)) {
    if (currency !== "PEN" || totals.payable.greaterThan(RECEIPT_ANONYMOUS_LIMIT_PEN)) {
      errors.add(
        "customer",
        TAX_ERRORS.customer_required_above_limit,
        "a receipt above S/ 700.00 (or not in PEN) identifies the buyer",
      );
    }
  }
  if (errors.count > 0) return { ok: false, errors: errors.list };

  const allowanceCharges: AllowanceCharge[] = [
    ...(docDiscount.allowance ? [docDiscount.allowance] : []),
    ...prep.allowances,
    ...(perception ? [perception.charge] : []),
  ];
  const document: ComputedDocument = {
    type: ctx.type,
    series: header.series,
    issue_date: issueDate,
    currency,
    operation_type: exportDoc
      ? OPERATION.export
      : detraction
        ? OPERATION.detraction
        : perception
          ? OPERATION.perception
          : OPERATION.domestic,
    customer,
    lines: lines.map((l): ComputedLine => l.line),
    allowance_charges: allowanceCharges,
    tax_subtotals: totals.subtotals,
    tax_total: fmt2(totals.taxTotal),
    monetary_total: monetaryTotal(totals),
    legends: legends(totals.payable, currency, {
      free: sums.hasFree,
      ivap: sums.hasIvap,
      detraction: detraction !== undefined,
      perception: perception !== undefined,
    }),
    payment_terms: payment,
    prepayments: prep.entries,
    amounts: amountsOf(totals, sums.exportExt, sums.freeExt, sums.isc, sums.icbper),
  };
  if (detraction) {
    document.detraction = detraction;
    document.amounts.detraction = detraction.amount;
  }
  if (perception) {
    document.perception = perception.perception;
    document.amounts.perception = perception.perception.amount;
    document.amounts.total_to_collect = perception.perception.total_to_collect;
  }
  return { ok: true, document };
};

function amountsOf(t: Totals, exportExt: Dec, freeExt: Dec, isc: Dec, icbper: Dec): DocumentAmounts {
  return {
    taxed: fmt2(t.taxedTaxable.plus(t.ivapTaxable)),
    exempt: fmt2(t.exemptTaxable),
    unaffected: fmt2(t.unaffectedTaxable),
    export: fmt2(exportExt),
    free: fmt2(freeExt),
    igv: fmt2(t.igv),
    ivap: fmt2(t.ivap),
    isc: fmt2(isc),
    icbper: fmt2(icbper),
    discounts: fmt2(t.allowanceTotal),
    prepaid: fmt2(t.prepaid),
    total: fmt2(t.payable),
  };
}
