import type { ComputedDocument } from "@einvoice/domain";
import { Decimal } from "decimal.js";
import { expect } from "vitest";
import { amountsFromXml, parseInvoice, subtotalsByScheme, text } from "./xml-readback.js";

/** Every amount the builder printed, read back and compared as exact strings with its source. */
export const expectXmlMatches = (xml: string, doc: ComputedDocument): void => {
  const inv = parseInvoice(xml);
  const t = inv["cac:LegalMonetaryTotal"];
  const m = doc.monetary_total;
  expect({
    line_extension_amount: text(t["cbc:LineExtensionAmount"]),
    tax_inclusive_amount: text(t["cbc:TaxInclusiveAmount"]),
    allowance_total_amount: text(t["cbc:AllowanceTotalAmount"]),
    charge_total_amount: text(t["cbc:ChargeTotalAmount"]),
    prepaid_amount: text(t["cbc:PrepaidAmount"]),
    payable_amount: text(t["cbc:PayableAmount"]),
  }).toEqual(m);
  expect(text(inv["cac:TaxTotal"]["cbc:TaxAmount"])).toBe(doc.tax_total);
  const subs = subtotalsByScheme(inv["cac:TaxTotal"]);
  for (const s of doc.tax_subtotals) {
    expect(subs[s.scheme]).toEqual({
      taxable: s.scheme === "7152" ? undefined : s.taxable_amount,
      tax: s.tax_amount,
    });
  }
  expect(Object.keys(subs).sort()).toEqual(doc.tax_subtotals.map((s) => s.scheme).sort());

  const lines = inv["cac:InvoiceLine"];
  expect(lines).toHaveLength(doc.lines.length);
  doc.lines.forEach((line, i) => {
    const x = lines[i];
    expect(text(x["cbc:InvoicedQuantity"])).toBe(line.quantity);
    expect(text(x["cbc:LineExtensionAmount"])).toBe(line.line_extension_amount);
    expect(text(x["cac:Price"]["cbc:PriceAmount"])).toBe(line.unit_value);
    const ref = x["cac:PricingReference"]["cac:AlternativeConditionPrice"];
    expect([text(ref["cbc:PriceTypeCode"]), text(ref["cbc:PriceAmount"])]).toEqual([
      line.reference_price.type_code,
      line.reference_price.amount,
    ]);
    expect(text(x["cac:TaxTotal"]["cbc:TaxAmount"])).toBe(line.tax_total);
    const lineSubs = subtotalsByScheme(x["cac:TaxTotal"]);
    for (const tax of line.taxes) {
      expect(lineSubs[tax.scheme]?.tax).toBe(tax.tax_amount);
      if (tax.scheme !== "7152") expect(lineSubs[tax.scheme]?.taxable).toBe(tax.taxable_amount);
    }
    const charges = (x["cac:AllowanceCharge"] ?? []).map((c: Record<string, unknown>) =>
      text(c["cbc:Amount"]),
    );
    expect(charges).toEqual(line.allowance_charges.map((c) => c.amount));
  });

  const charges = (inv["cac:AllowanceCharge"] ?? []).map((c: Record<string, unknown>) => [
    text(c["cbc:AllowanceChargeReasonCode"]),
    text(c["cbc:Amount"]),
    text(c["cbc:BaseAmount"]),
  ]);
  expect(charges).toEqual(doc.allowance_charges.map((c) => [c.reason_code, c.amount, c.base]));

  // The public `amounts` must be what the XML says (absent schemes are zero).
  const fromXml = amountsFromXml(xml);
  for (const [key, value] of Object.entries(doc.amounts)) {
    if (value === undefined) continue;
    const printed = fromXml[key];
    if (printed === undefined) expect(new Decimal(value).isZero(), `${key}=${value} not in XML`).toBe(true);
    else expect(printed, key).toBe(value);
  }
};
