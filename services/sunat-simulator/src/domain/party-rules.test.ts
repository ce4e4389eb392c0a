import { describe, expect, it } from "vitest";
import { GOLDEN_PLACEHOLDER_RUC, golden, goldenAsPublished } from "../../test-support/fixtures.js";
import { checkInvoiceRules } from "./invoice-rules.js";

const codes = (xml: string) => checkInvoiceRules(xml).map((issue) => issue.code);
const withCustomerName = (xml: string, name: string) =>
  xml.replace("<![CDATA[Carlos Feria]]>", name.replace(/&/g, "&amp;").replace(/</g, "&lt;"));

describe("customer RegistrationName (ERR 2022)", () => {
  const factura = golden("Group1Test/factura1Con3Items.xml");

  it("the golden factura's name passes", () => {
    expect(factura).toContain("<![CDATA[Carlos Feria]]>");
    expect(codes(factura)).toEqual([]);
  });

  it.each([
    ["a tab", "Carlos\tFeria"],
    ["a line break", "Carlos\nFeria"],
    ["a carriage return", "Carlos\rFeria"],
    ["a no-break space", "Carlos\u00a0Feria"],
    ["1501 characters", "Ñ".repeat(1501)],
  ])("%s → 2022", (_, name) => {
    expect(codes(withCustomerName(factura, name))).toEqual(["2022"]);
  });

  it.each([
    ["spaces", "Carlos  Feria  Pérez"],
    ["1500 characters", "Ñ".repeat(1500)],
  ])("%s pass", (_, name) => {
    expect(codes(withCustomerName(factura, name))).toEqual([]);
  });
});

describe("customer identity (field 17 of Factura2_0, 16 of Boleta2_0)", () => {
  const factura = golden("Group1Test/factura1Con3Items.xml");
  const withId = (xml: string, type: string, id: string) =>
    xml.replace(
      /(<cac:AccountingCustomerParty>[\s\S]*?<cbc:ID schemeID=")6("[^>]*>)\d+</,
      `$1${type}$2${id}<`,
    );

  it("a RUC that cannot exist is 1083: the published golden's placeholder, a typo, a wrong prefix", () => {
    expect(goldenAsPublished("Group1Test/factura1Con3Items.xml")).toContain(`>${GOLDEN_PLACEHOLDER_RUC}<`);
    expect(codes(goldenAsPublished("Group1Test/factura1Con3Items.xml"))).toEqual(["1083"]);
    expect(codes(withId(factura, "6", "20100070971"))).toEqual(["1083"]);
    expect(codes(withId(factura, "6", "30100070970"))).toEqual(["1083"]);
    expect(codes(withId(factura, "6", "20131312955"))).toEqual([]);
  });

  it("a DNI that is not 8 digits is ERR 2801 on a factura", () => {
    expect(codes(withId(factura, "1", "4567890"))).toEqual(["2801"]);
    expect(codes(withId(factura, "1", "45678901"))).toEqual([]);
  });
});
