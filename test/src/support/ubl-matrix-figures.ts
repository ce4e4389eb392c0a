/**
 * The figures check of the UBL matrix: a signed XML prints the Document's `amounts` / `total` and the row's
 * hand-computed oracle (LegalMonetaryTotal, TaxTotal per scheme, free, export, discounts, ISC, ICBPER, IVAP,
 * prepaid, perception, detraction, line values, installments), and its figures add up (TaxTotal, PayableAmount,
 * LineExtensionAmount). Each part is its own function; `expectFigures` runs them all, in this order.
 */
import { expect } from "vitest";
import { type InvoiceFigures, readInvoice } from "./invoice-figures.js";
import { cents, money, sumMoney } from "./money.js";
import { type Body, TYPE_CODE } from "./requests.js";
import type { Issued } from "./ubl-matrix-issue.js";
import { ALWAYS, OPTIONAL, type Row } from "./ubl-matrix-row.js";

const or0 = (v: string | undefined) => v ?? "0.00";
/** The document perception: a charge (not an allowance) with catalog 53 code 51, 52 or 53. */
const perceptionOf = (x: InvoiceFigures) =>
  x.allowanceCharges.find((c) => c.charge && ["51", "52", "53"].includes(c.reason!));
const termsOf = (x: InvoiceFigures, id: string) => x.paymentTerms.find((t) => t.id === id);
/** The charged tax amounts of these schemes, summed (absent schemes count 0.00). */
const taxOf = (subtotals: InvoiceFigures["subtotals"], schemes: string[]) =>
  sumMoney(schemes.map((id) => or0(subtotals[id]?.tax)));

const expectHeader = (x: InvoiceFigures, { document, row }: Issued, currency: string): void => {
  expect(x.id).toBe(`${document.series}-${document.number}`);
  expect(x.typeCode).toBe(TYPE_CODE[row.kind]);
  expect(x.operationType).toBe(row.operation);
  expect(x.issueDate).toBe(document.issue_date);
  expect(x.currency).toBe(currency);
  expect(document.currency).toBe(currency);
};

/**
 * The Document's amounts are the hand-computed oracle, zeros included, and null where a part does not apply;
 * returns that oracle.
 */
const expectDocumentAmounts = ({ document, row }: Issued): Record<string, string> => {
  const expected: Record<string, string> = {};
  for (const key of ALWAYS) expected[key] = row.amounts[key] ?? "0.00";
  for (const key of OPTIONAL) if (row.amounts[key]) expected[key] = row.amounts[key]!;
  const absent = Object.fromEntries(OPTIONAL.filter((key) => !row.amounts[key]).map((key) => [key, null]));
  expect(document.amounts).toEqual({ ...expected, ...absent });
  expect(document.total).toBe(expected.total);
  return expected;
};

/** The XML says the same as the Document. */
const expectXmlAmounts = (x: InvoiceFigures, { document }: Issued): void => {
  const scheme = (id: string) => x.subtotals[id];
  const fromXml: Record<string, string | null | undefined> = {
    taxed: or0(scheme("1000")?.taxable ?? scheme("1016")?.taxable),
    exempt: or0(scheme("9997")?.taxable),
    unaffected: or0(scheme("9998")?.taxable),
    export: or0(scheme("9995")?.taxable),
    free: or0(scheme("9996")?.taxable),
    igv: or0(scheme("1000")?.tax),
    ivap: or0(scheme("1016")?.tax),
    isc: or0(scheme("2000")?.tax),
    icbper: or0(scheme("7152")?.tax),
    discounts: x.monetary.allowanceTotal.value,
    prepaid: x.monetary.prepaid.value,
    total: x.monetary.payable.value,
    // The Document says null where the XML has no such part.
    perception: null,
    total_to_collect: null,
    detraction: null,
  };
  const perception = perceptionOf(x);
  if (perception) {
    fromXml.perception = perception.amount;
    fromXml.total_to_collect = termsOf(x, "Percepcion")?.amount.value;
  }
  if (termsOf(x, "Detraccion")) fromXml.detraction = termsOf(x, "Detraccion")?.amount.value;
  expect(fromXml).toEqual(document.amounts);
};

/** LegalMonetaryTotal, in the document currency. */
const expectMonetaryTotal = (x: InvoiceFigures, row: Row, currency: string): void => {
  expect({
    lineExtension: x.monetary.lineExtension.value,
    taxInclusive: x.monetary.taxInclusive.value,
    chargeTotal: x.monetary.chargeTotal.value,
  }).toEqual({ lineExtension: row.lineExtension, taxInclusive: row.taxInclusive, chargeTotal: "0.00" });
  for (const a of Object.values(x.monetary)) expect(a.currency).toBe(currency);
  expect(x.taxAmount.currency).toBe(currency);
};

/**
 * The XML adds up: TaxTotal = Σ charged schemes (3294); Payable = Inclusive − Allowance − Prepaid (3280);
 * LineExtension = Σ onerous line values − document discounts 02 (3278).
 */
const expectSums = (x: InvoiceFigures): void => {
  expect(x.taxAmount.value).toBe(taxOf(x.subtotals, ["1000", "1016", "2000", "7152", "9999"]));
  expect(x.monetary.payable.value).toBe(
    money(
      cents(x.monetary.taxInclusive.value) -
        cents(x.monetary.allowanceTotal.value) -
        cents(x.monetary.prepaid.value) +
        cents(x.monetary.chargeTotal.value),
    ),
  );
  const onerous = x.lines.filter((l) => !("9996" in l.subtotals));
  const d02 = x.allowanceCharges.filter((c) => !c.charge && c.reason === "02");
  expect(x.monetary.lineExtension.value).toBe(
    money(
      onerous.reduce((a, l) => a + cents(l.lineExtension.value), 0n) -
        d02.reduce((a, c) => a + cents(c.amount), 0n),
    ),
  );
};

/** Lines: one per item, in order, with the request's quantity and description, and the hand-computed value. */
const expectLines = (x: InvoiceFigures, { row, request }: Issued, currency: string): void => {
  const items = request.items as Body[];
  expect(x.lines.map((l) => l.lineExtension.value)).toEqual(row.lines);
  expect(x.lines.map((l) => [l.id, l.description, l.quantity])).toEqual(
    items.map((it, i) => [String(i + 1), it.description, String(it.quantity)]),
  );
  for (const line of x.lines) expect(line.lineExtension.currency).toBe(currency);
  // A line's TaxAmount = Σ its charged schemes (3292); the 9996 IGV of a free line is declared, not charged.
  for (const line of x.lines)
    expect(line.taxAmount).toBe(taxOf(line.subtotals, ["1000", "1016", "2000", "7152"]));

  // Free lines: PriceAmount 0 and a reference value (catalog 16 type 02); onerous lines a type 01 price.
  for (const line of x.lines) {
    const free = "9996" in line.subtotals;
    if (free) expect(Number(line.priceAmount)).toBe(0);
    expect(line.referencePrice.type).toBe(free ? "02" : "01");
  }
  expect(x.subtotals["9996"]?.tax).toBe(row.freeTax);
  // Allowances and charges, document and lines, against the hand-computed amounts.
  expect(x.allowanceCharges.map((c) => [c.reason, c.amount])).toEqual(row.charges ?? []);
  expect(x.lines.map((l) => l.allowanceCharges.map((c) => [c.reason, c.amount]))).toEqual(
    x.lines.map((_l, i) => row.lineCharges?.[i] ?? []),
  );
};

/** Legends (catalog 52): amount in words always; free transfer, IVAP, detraction, perception when they apply. */
const expectLegends = (x: InvoiceFigures, row: Row): void => {
  const legends = x.notes.map((n) => n.code);
  expect(legends).toContain("1000");
  expect(legends.includes("1002")).toBe(row.freeTax !== undefined);
  expect(legends.includes("2007")).toBe("1016" in x.subtotals);
  expect(legends.includes("2006")).toBe(row.operation === "1001");
  expect(legends.includes("2000")).toBe(row.operation === "2001");
};

/** The buyer printed is the Document's customer (anonymous receipts: 0 / - / CLIENTES VARIOS). */
const expectCustomer = (x: InvoiceFigures, { document, request }: Issued): void => {
  expect(x.customer).toEqual({
    id: document.customer.document_number,
    scheme: document.customer.document_type,
    name: document.customer.name,
  });
  const requested = request.customer as Body | undefined;
  expect(document.customer).toMatchObject(
    requested
      ? { document_type: requested.document_type, document_number: requested.document_number }
      : { document_type: "0", document_number: "-", name: "CLIENTES VARIOS" },
  );
};

/** Perception and detraction are printed in PEN whatever the document currency. */
const expectOperationsInPen = (x: InvoiceFigures, { request }: Issued): void => {
  const perception = perceptionOf(x);
  if (perception) expect(perception.currency).toBe("PEN");
  const detraction = termsOf(x, "Detraccion");
  if (detraction) {
    expect(detraction.amount.currency).toBe("PEN");
    expect(detraction.meansId).toBe((request.detraction as Body).code);
  }
};

/** Prepayments: one PrepaidPayment per cited document, summing to PrepaidAmount. */
const expectPrepayments = (x: InvoiceFigures, { request }: Issued): void => {
  const prepayments = (request.prepayments as Body[] | undefined) ?? [];
  expect(x.prepaidPayments.map((p) => p.amount.value)).toEqual(prepayments.map((p) => p.amount));
};

/** Payment form: Contado, or Credito with the net pending amount and the requested installments. */
const expectPaymentForm = (
  x: InvoiceFigures,
  { request }: Issued,
  expected: Record<string, string>,
  currency: string,
): void => {
  const payment = request.payment as { installments: { amount: string; due_date: string }[] } | undefined;
  const forms = x.paymentTerms.filter((t) => t.id === "FormaPago");
  if (!payment) {
    expect(forms.map((f) => f.meansId)).toEqual(["Contado"]);
    return;
  }
  const pending = money(
    cents(expected.total) - (currency === "PEN" && expected.detraction ? cents(expected.detraction) : 0n),
  );
  expect(forms[0]).toMatchObject({ meansId: "Credito", amount: { value: pending, currency } });
  expect(forms.slice(1).map((f) => [f.meansId, f.amount.value, f.dueDate])).toEqual(
    payment.installments.map((inst, i) => [
      `Cuota${String(i + 1).padStart(3, "0")}`,
      inst.amount,
      inst.due_date,
    ]),
  );
};

/** Every figure of one issued row's XML, against its Document and its hand-computed oracle. */
export const expectFigures = (issued: Issued): void => {
  const x = readInvoice(issued.xml);
  const currency = (issued.request.currency as string | undefined) ?? "PEN";
  expectHeader(x, issued, currency);
  const expected = expectDocumentAmounts(issued);
  expectXmlAmounts(x, issued);
  expectMonetaryTotal(x, issued.row, currency);
  expectSums(x);
  expectLines(x, issued, currency);
  expectLegends(x, issued.row);
  expectCustomer(x, issued);
  expectOperationsInPen(x, issued);
  expectPrepayments(x, issued);
  expectPaymentForm(x, issued, expected, currency);
};
