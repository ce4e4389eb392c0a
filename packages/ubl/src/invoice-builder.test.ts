import { describe, expect, it } from "vitest";
import { MATRIX } from "../test-support/fixture-matrix.js";
import { ISSUER } from "../test-support/fixtures.js";
import { parseInvoice, text } from "../test-support/xml-readback.js";
import { buildInvoiceXml } from "./invoice-builder.js";
import { UblInputError } from "./xml-node.js";

const build = (name: string, extra: { number?: number; signatureId?: string; issueTime?: string } = {}) =>
  buildInvoiceXml({ issuer: ISSUER, document: MATRIX[name]!, number: extra.number ?? 7, ...extra });

const lineTaxes = (line: Record<string, unknown>) =>
  (line["cac:TaxTotal"] as Record<string, unknown>)["cac:TaxSubtotal"] as Record<
    string,
    Record<string, unknown>
  >[];

describe("buildInvoiceXml", () => {
  it("writes the UTF-8 header, versions, number and operation type", () => {
    const xml = build("01-taxed-10", { number: 123, issueTime: "09:05:00" });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis')).toBe(true);
    // The empty signature placeholder is the first child of the root (sunat-facts §1).
    expect(xml).toContain("<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension>");
    const inv = parseInvoice(xml);
    expect(text(inv["cbc:UBLVersionID"])).toBe("2.1");
    expect(text(inv["cbc:CustomizationID"])).toBe("2.0");
    expect(text(inv["cbc:ID"])).toBe("F001-123");
    expect(text(inv["cbc:IssueTime"])).toBe("09:05:00");
    expect(inv["cbc:InvoiceTypeCode"]).toMatchObject({ "#text": "01", "@listID": "0101" });
    expect(inv["cbc:Note"][0]).toMatchObject({ "@languageLocaleID": "1000" });
  });

  it("points cac:Signature at the signature id and names the issuer", () => {
    const inv = parseInvoice(build("03-taxed", { signatureId: "SIGN-ABC" }));
    const sig = inv["cac:Signature"];
    expect(text(sig["cbc:ID"])).toBe("SIGN-ABC");
    expect(text(sig["cac:SignatoryParty"]["cac:PartyIdentification"]["cbc:ID"])).toBe(ISSUER.ruc);
    expect(text(sig["cac:DigitalSignatureAttachment"]["cac:ExternalReference"]["cbc:URI"])).toBe("#SIGN-ABC");
    expect(text(inv["cbc:InvoiceTypeCode"])).toBe("03");
    expect(text(inv["cbc:ID"])).toBe("B001-7");
  });

  it("prints supplier RUC scheme 6 with the establishment code and the customer's document type", () => {
    const inv = parseInvoice(build("01-export-40"));
    const supplier = inv["cac:AccountingSupplierParty"]["cac:Party"];
    expect(supplier["cac:PartyIdentification"]["cbc:ID"]).toMatchObject({
      "#text": ISSUER.ruc,
      "@schemeID": "6",
    });
    const address = supplier["cac:PartyLegalEntity"]["cac:RegistrationAddress"];
    expect(text(address["cbc:AddressTypeCode"])).toBe("0000");
    expect(text(address["cbc:ID"])).toBe("150131");
    const customer = inv["cac:AccountingCustomerParty"]["cac:Party"];
    expect(customer["cac:PartyIdentification"]["cbc:ID"]).toMatchObject({ "#text": "-", "@schemeID": "0" });
    expect(
      text(
        customer["cac:PartyLegalEntity"]["cac:RegistrationAddress"]["cac:Country"]["cbc:IdentificationCode"],
      ),
    ).toBe("US");
  });

  it("free lines: PriceAmount 0 (ERR 2640), reference value type 02, 9996 category Z", () => {
    const inv = parseInvoice(build("01-only-free"));
    const line = inv["cac:InvoiceLine"][0];
    expect(text(line["cac:Price"]["cbc:PriceAmount"])).toBe("0");
    expect(text(line["cac:PricingReference"]["cac:AlternativeConditionPrice"]["cbc:PriceTypeCode"])).toBe(
      "02",
    );
    const category = lineTaxes(line)[0]!["cac:TaxCategory"] as Record<string, unknown>;
    expect(text(category["cbc:ID"])).toBe("Z");
    expect(text(category["cbc:TaxExemptionReasonCode"])).toBe("13");
    expect(text((category["cac:TaxScheme"] as Record<string, unknown>)["cbc:Name"])).toBe("GRA");
  });

  it("ICBPER: BaseUnitMeasure on the subtotal, PerUnitAmount on the category, no taxable base", () => {
    const inv = parseInvoice(build("01-icbper"));
    const icb = lineTaxes(inv["cac:InvoiceLine"][1]).find(
      (s) => text((s["cac:TaxCategory"]!["cac:TaxScheme"] as Record<string, unknown>)["cbc:ID"]) === "7152",
    )!;
    expect(icb["cbc:BaseUnitMeasure"]).toMatchObject({ "#text": "3", "@unitCode": "NIU" });
    expect(icb["cac:TaxCategory"]!["cbc:PerUnitAmount"]).toMatchObject({
      "#text": "0.50",
      "@currencyID": "PEN",
    });
    expect(icb["cbc:TaxableAmount"]).toBeUndefined();
    expect(icb["cac:TaxCategory"]!["cbc:ID"]).toBeUndefined();
  });

  it("ISC: percent and TierRange on the 2000 category", () => {
    const inv = parseInvoice(build("01-isc"));
    const isc = lineTaxes(inv["cac:InvoiceLine"][0])[0]!["cac:TaxCategory"] as Record<string, unknown>;
    expect(text(isc["cbc:Percent"])).toBe("17.00");
    expect(text(isc["cbc:TierRange"])).toBe("01");
    expect(isc["cbc:TaxExemptionReasonCode"]).toBeUndefined(); // ERR 3050
  });

  it("detraction and perception amounts are in PEN even on a USD document", () => {
    const inv = parseInvoice(build("01-usd-detraction"));
    expect(text(inv["cbc:DocumentCurrencyCode"])).toBe("USD");
    expect(inv["cac:PaymentMeans"]["cac:PayeeFinancialAccount"]["cbc:ID"]).toBe("00-000-123456");
    const [detraction, form] = inv["cac:PaymentTerms"];
    expect(detraction["cbc:Amount"]).toMatchObject({ "#text": "478.00", "@currencyID": "PEN" });
    expect(text(detraction["cbc:PaymentMeansID"])).toBe("037");
    expect(text(form["cbc:PaymentMeansID"])).toBe("Contado");
    const perception = parseInvoice(build("01-perception"))["cac:AllowanceCharge"][0];
    expect(perception).toMatchObject({
      "cbc:ChargeIndicator": "true",
      "cbc:MultiplierFactorNumeric": "0.02",
    });
    expect(perception["cbc:Amount"]["@currencyID"]).toBe("PEN");
  });

  it("credit: FormaPago Credito with the pending amount, then Cuota001…", () => {
    const terms = parseInvoice(build("01-detraction-credit"))["cac:PaymentTerms"];
    expect(terms.map((t: Record<string, unknown>) => text(t["cbc:PaymentMeansID"]))).toEqual([
      "022",
      "Credito",
      "Cuota001",
      "Cuota002",
    ]);
    expect(text(terms[1]["cbc:Amount"])).toBe(MATRIX["01-detraction-credit"]!.payment_terms.pending_amount);
    expect(text(terms[3]["cbc:PaymentDueDate"])).toBe("2025-05-14");
  });

  it("prepayments: reference, prepaid payment and code 04 share the index", () => {
    const inv = parseInvoice(build("01-prepayments"));
    const refs = inv["cac:AdditionalDocumentReference"];
    expect(
      refs.map((r: Record<string, unknown>) => [text(r["cbc:ID"]), text(r["cbc:DocumentStatusCode"])]),
    ).toEqual([
      ["F001-12", "1"],
      ["F001-15", "2"],
    ]);
    expect(inv["cac:PrepaidPayment"].map((p: Record<string, unknown>) => text(p["cbc:ID"]))).toEqual([
      "1",
      "2",
    ]);
    expect(text(inv["cac:AllowanceCharge"][0]["cbc:AllowanceChargeReasonCode"])).toBe("04");
  });

  it("states the rate on the document's IGV and IVAP subtotals, as on the lines; none on exempt ones", () => {
    const documentSubtotals = (name: string) => {
      const total = parseInvoice(build(name))["cac:TaxTotal"] as Record<string, unknown>;
      const subs = total["cac:TaxSubtotal"];
      return (Array.isArray(subs) ? subs : [subs]) as Record<string, Record<string, unknown>>[];
    };
    const category = (name: string) => documentSubtotals(name)[0]!["cac:TaxCategory"]!;
    expect(text(category("01-taxed-10")["cbc:Percent"])).toBe("18.00");
    expect(text(category("01-ivap-17")["cbc:Percent"])).toBe("4.00");
    expect(category("01-exempt-20")["cbc:Percent"]).toBeUndefined();
  });

  it("escapes markup in names and descriptions", () => {
    const xml = build("01-escaping-and-precision");
    expect(xml).toContain('Tom &amp; Jerry &lt;"Cía"&gt; S.R.L.');
    expect(text(parseInvoice(xml)["cac:InvoiceLine"][0]["cac:Item"]["cbc:Description"])).toBe(
      'Cable 3/4" <RG-6> & conector ñandú',
    );
  });

  it("refuses text XML 1.0 cannot carry instead of writing an ill-formed document (SUNAT 0306)", () => {
    const doc = MATRIX["01-taxed-10"]!;
    const withName = (name: string) => ({ ...doc, customer: { ...doc.customer, name } });
    for (const bad of ["ACME\u0001", "ACME\u001b", "ACME\uffff", "ACME\ud800"]) {
      expect(() => buildInvoiceXml({ issuer: ISSUER, document: withName(bad), number: 1 })).toThrow(
        /cbc:RegistrationName/,
      );
    }
    const line = { ...doc.lines[0]!, description: "Caja\n\tazul 😀" };
    const xml = buildInvoiceXml({ issuer: ISSUER, document: { ...doc, lines: [line] }, number: 1 });
    expect(text(parseInvoice(xml)["cac:InvoiceLine"][0]["cac:Item"]["cbc:Description"])).toBe(
      "Caja\n\tazul 😀",
    );
  });

  it("refuses an attribute value XML 1.0 cannot carry as well", () => {
    const doc = MATRIX["01-taxed-10"]!;
    const bad = { ...doc, legends: [{ code: "1000\u0001", text: "SON CIEN SOLES" }] };
    expect(() => buildInvoiceXml({ issuer: ISSUER, document: bad, number: 1 })).toThrow(
      /cbc:Note\/@languageLocaleID/,
    );
  });

  it("refuses values it cannot print faithfully", () => {
    const doc = MATRIX["01-taxed-10"]!;
    const bad = { ...doc, monetary_total: { ...doc.monetary_total, payable_amount: "1e3" } };
    expect(() => buildInvoiceXml({ issuer: ISSUER, document: bad, number: 1 })).toThrow(UblInputError);
    expect(() => buildInvoiceXml({ issuer: ISSUER, document: doc, number: 0 })).toThrow(/number/);
    expect(() => buildInvoiceXml({ issuer: ISSUER, document: doc, number: 100_000_000 })).toThrow(/number/);
    expect(() => buildInvoiceXml({ issuer: ISSUER, document: doc, number: 1, signatureId: "#x" })).toThrow(
      /signatureId/,
    );
    expect(() => buildInvoiceXml({ issuer: ISSUER, document: { ...doc, lines: [] }, number: 1 })).toThrow(
      /line/,
    );
  });
});
