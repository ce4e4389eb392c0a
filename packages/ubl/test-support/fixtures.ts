/**
 * Hand-built ComputedDocuments for the builder and signer tests. Line and total arithmetic follows the SUNAT
 * formulas (sunat-facts §5) closely enough to look like real documents; the builder never checks it, so the
 * fixtures only need to be plausible, and every value is fixed here, before any XML exists.
 */
import {
  type AllowanceCharge,
  type ComputedDocument,
  type Issuer,
  SAMPLE_INVOICE,
  type TaxSchemeId,
  type TaxSubtotal,
} from "@einvoice/domain";
import { Decimal } from "decimal.js";
import { type LineSpec, line, m2, sum } from "./fixture-line.js";

export type { LineSpec } from "./fixture-line.js";

/** The sample invoice's issuer under ASCII names (the signer tests make a test certificate's subject of `legal_name`). */
export const ISSUER: Issuer = {
  ...SAMPLE_INVOICE.issuer,
  legal_name: "COMERCIAL ANDINA S.A.C.",
  trade_name: "Andina",
  address: { ...SAMPLE_INVOICE.issuer.address, line: "AV. JAVIER PRADO ESTE 1234" },
};

export interface DocSpec {
  type?: "01" | "03";
  currency?: string;
  operation_type?: string;
  customer?: ComputedDocument["customer"];
  lines: LineSpec[];
  /** `02` lowers the IGV base of 1000 lines; `03` is taken off the total. */
  globalDiscount?: { code: "02" | "03"; factor: string };
  /** Prepayments with taxes, deducted from 1000 lines (code 04). */
  prepayments?: { document_type_code: "02" | "03"; document_id: string; amount: string }[];
  detraction?: { code: string; percent: string; amount?: string };
  perception?: { code: "51" | "52" | "53"; factor: string };
  installments?: { share: string; due_date: string }[];
}

const SCHEMES_IN_TOTAL = new Set<TaxSchemeId>(["1000", "1016", "2000", "7152", "9999"]);

export const doc = (spec: DocSpec): ComputedDocument => {
  const type = spec.type ?? "01";
  const currency = spec.currency ?? "PEN";
  const lines = spec.lines.map((s, i) => line(i + 1, s));
  const subtotals = new Map<TaxSchemeId, { taxable: Decimal; tax: Decimal }>();
  for (const l of lines) {
    for (const t of l.taxes) {
      const acc = subtotals.get(t.scheme) ?? { taxable: new Decimal(0), tax: new Decimal(0) };
      subtotals.set(t.scheme, {
        taxable: acc.taxable.plus(t.taxable_amount),
        tax: acc.tax.plus(t.tax_amount),
      });
    }
  }
  const charges: AllowanceCharge[] = [];
  const paid = lines.filter((l) => !l.free);
  let lineExt = sum(paid.map((l) => l.line_extension_amount));
  const notBaseLine = sum(
    lines.flatMap((l) => l.allowance_charges.filter((c) => c.reason_code === "01").map((c) => c.amount)),
  );
  const igvSub = subtotals.get("1000");
  const lowerIgvBase = (code: string, factor: string, amount: string) => {
    if (!igvSub) throw new Error("fixture: base discounts need IGV lines");
    charges.push({ charge: false, reason_code: code, factor, amount, base: m2(igvSub.taxable) });
    igvSub.taxable = igvSub.taxable.minus(amount);
    igvSub.tax = new Decimal(m2(igvSub.taxable.times("0.18")));
    lineExt = lineExt.minus(amount);
  };
  if (spec.globalDiscount?.code === "02") {
    const f = spec.globalDiscount.factor;
    lowerIgvBase("02", f, m2(igvSub?.taxable.times(f) ?? 0));
  }
  const prepayments = (spec.prepayments ?? []).map((p, i) => ({ ...p, index: i + 1, tax_affectation: "10" }));
  const prepaid = sum(prepayments.map((p) => p.amount));
  if (prepayments.length > 0 && igvSub) {
    const baseOfPrepaid = m2(prepaid.dividedBy("1.18"));
    lowerIgvBase(
      "04",
      new Decimal(baseOfPrepaid).dividedBy(igvSub.taxable).toDecimalPlaces(5).toString(),
      baseOfPrepaid,
    );
  }
  const taxSubtotals: TaxSubtotal[] = [...subtotals].map(([scheme, v]) => ({
    scheme,
    taxable_amount: m2(v.taxable),
    tax_amount: m2(v.tax),
  }));
  const taxTotal = sum(taxSubtotals.filter((s) => SCHEMES_IN_TOTAL.has(s.scheme)).map((s) => s.tax_amount));
  const inclusive = lineExt.plus(taxTotal);
  let allowance = new Decimal(notBaseLine);
  if (spec.globalDiscount?.code === "03") {
    const amount = m2(inclusive.times(spec.globalDiscount.factor));
    charges.push({
      charge: false,
      reason_code: "03",
      factor: spec.globalDiscount.factor,
      amount,
      base: m2(inclusive),
    });
    allowance = allowance.plus(amount);
  }
  // Prepayments already left the base through code 04, so only the not-base discounts come off here.
  const total = m2(inclusive.minus(allowance));
  const perception = spec.perception && {
    code: spec.perception.code,
    factor: spec.perception.factor,
    base: total,
    amount: m2(new Decimal(total).times(spec.perception.factor)),
    total_to_collect: m2(new Decimal(total).times(new Decimal(1).plus(spec.perception.factor))),
  };
  if (perception) {
    charges.push({
      charge: true,
      reason_code: perception.code,
      factor: perception.factor,
      amount: perception.amount,
      base: total,
      currency: "PEN",
    });
  }
  const detraction = spec.detraction && {
    code: spec.detraction.code,
    percent: spec.detraction.percent,
    account: "00-000-123456",
    amount: spec.detraction.amount ?? m2(new Decimal(total).times(spec.detraction.percent).dividedBy(100)),
    payment_method: "001",
  };
  const pending = new Decimal(total).minus(detraction?.amount ?? 0);
  const legends = [{ code: "1000", text: `SON ${total} ${currency === "PEN" ? "SOLES" : "DOLARES"}` }];
  if (lines.some((l) => l.free))
    legends.push({
      code: "1002",
      text: "TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE",
    });
  if (perception) legends.push({ code: "2000", text: "COMPROBANTE DE PERCEPCION" });
  if (detraction) legends.push({ code: "2006", text: "Operación sujeta a detracción" });
  if (subtotals.has("1016")) legends.push({ code: "2007", text: "Operación sujeta al IVAP" });
  const amountOf = (scheme: TaxSchemeId, part: "taxable_amount" | "tax_amount") =>
    taxSubtotals.find((s) => s.scheme === scheme)?.[part] ?? "0.00";
  return {
    type,
    series: type === "01" ? "F001" : "B001",
    issue_date: "2025-03-14",
    currency,
    operation_type: spec.operation_type ?? (detraction ? "1001" : perception ? "2001" : "0101"),
    customer:
      spec.customer ??
      (type === "01"
        ? {
            document_type: "6",
            document_number: "20600000005",
            name: "CLIENTE EJEMPLO S.A.",
            address: "JR. UNION 100, LIMA",
          }
        : { document_type: "1", document_number: "45678912", name: "JUAN PÉREZ" }),
    lines,
    allowance_charges: charges,
    tax_subtotals: taxSubtotals,
    tax_total: m2(taxTotal),
    monetary_total: {
      line_extension_amount: m2(lineExt),
      tax_inclusive_amount: m2(inclusive),
      allowance_total_amount: m2(allowance),
      charge_total_amount: "0.00",
      prepaid_amount: m2(prepaid),
      payable_amount: total,
    },
    legends,
    payment_terms: spec.installments
      ? {
          means: "Credito",
          pending_amount: m2(pending),
          installments: spec.installments.map((x, i) => ({
            id: `Cuota${String(i + 1).padStart(3, "0")}`,
            amount: m2(pending.times(x.share)),
            due_date: x.due_date,
          })),
        }
      : { means: "Contado", installments: [] },
    ...(detraction ? { detraction } : {}),
    ...(perception ? { perception } : {}),
    prepayments,
    amounts: {
      taxed: m2(sum([amountOf("1000", "taxable_amount"), amountOf("1016", "taxable_amount")])),
      exempt: amountOf("9997", "taxable_amount"),
      unaffected: amountOf("9998", "taxable_amount"),
      export: amountOf("9995", "taxable_amount"),
      free: amountOf("9996", "taxable_amount"),
      igv: amountOf("1000", "tax_amount"),
      ivap: amountOf("1016", "tax_amount"),
      isc: amountOf("2000", "tax_amount"),
      icbper: amountOf("7152", "tax_amount"),
      discounts: m2(allowance),
      prepaid: m2(prepaid),
      total,
      ...(perception ? { perception: perception.amount, total_to_collect: perception.total_to_collect } : {}),
      ...(detraction ? { detraction: detraction.amount } : {}),
    },
  };
};
