import type { IgvRegime, InvoiceRequest, Issuer } from "@einvoice/domain";
import { computeDocument } from "@einvoice/tax-engine";
import { buildInvoiceXml } from "@einvoice/ubl";
import { describe, expect, it } from "vitest";
import { checkInvoiceRules } from "./invoice-rules.js";

const ISSUER: Issuer = {
  ruc: "20123456786",
  legal_name: "RESTAURANTE EL PARQUE S.A.C.",
  address: { line: "AV. LARCO 101", establishment_code: "0000", country_code: "PE", ubigeo: "150122" },
};

function xmlOf(date: string, igvRegime: IgvRegime, type: "01" | "03" = "01"): string {
  const request: InvoiceRequest = {
    series: type === "01" ? "F001" : "B001",
    issue_date: date,
    customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE S.A.C." },
    items: [
      { description: "Menú", quantity: 2, unit_price: "30.00" },
      { description: "Postre", quantity: 1, unit_price: "40.00" },
    ],
  };
  const computed = computeDocument(request, { type, today: date, igvRegime });
  if (!computed.ok) throw new Error(JSON.stringify(computed.errors));
  return buildInvoiceXml({ issuer: ISSUER, document: computed.document, number: 1 });
}

const codes = (xml: string) => checkInvoiceRules(xml).map((i) => i.code);

describe("ERR 3462: one IGV rate per document, in force on the issue date", () => {
  it.each([
    ["2026-03-02", "restaurants_hotels", "10.50", "110.50"],
    ["2025-06-30", "restaurants_hotels", "10.00", "110.00"],
    ["2026-03-02", "general", "18.00", "118.00"],
  ] as const)("%s %s: lines at %s, total %s, no issue", (date, regime, percent, total) => {
    const xml = xmlOf(date, regime);
    expect(xml).toContain(`<cbc:Percent>${percent}</cbc:Percent>`);
    expect(xml).toContain(`<cbc:PayableAmount currencyID="PEN">${total}</cbc:PayableAmount>`);
    expect(codes(xml)).toEqual([]);
    expect(codes(xmlOf(date, regime, "03"))).toEqual([]);
  });

  it("two rates in one document → 3462", () => {
    const whole = xmlOf("2026-03-02", "restaurants_hotels");
    // The first line's rate changed; the document's subtotal keeps its own.
    const firstLine = whole.indexOf("<cac:InvoiceLine>");
    const xml =
      whole.slice(0, firstLine) +
      whole.slice(firstLine).replace("<cbc:Percent>10.50</cbc:Percent>", "<cbc:Percent>18.00</cbc:Percent>");
    expect(codes(xml)).toContain("3462");
  });

  it("10.5 % on a date before it was in force → 3462", () => {
    const xml = xmlOf("2025-06-30", "restaurants_hotels").replaceAll(
      "<cbc:Percent>10.00</cbc:Percent>",
      "<cbc:Percent>10.50</cbc:Percent>",
    );
    expect(codes(xml)).toContain("3462");
  });
});
