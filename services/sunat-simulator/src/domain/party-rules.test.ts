import { describe, expect, it } from "vitest";
import { golden } from "../../test-support/fixtures.js";
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
