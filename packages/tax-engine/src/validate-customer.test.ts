import { describe, expect, it } from "vitest";
import { expectError, invoice, ok, receipt } from "../test-support/fixtures.js";

describe("customer identity before numbering (Factura2_0 field 17, Boleta2_0 field 16)", () => {
  it("an invoice to a RUC with a wrong check digit is refused on customer.document_number (SUNAT 1083)", () => {
    const customer = { document_type: "6", document_number: "20100070971", name: "ACME S.A.C." };
    expectError(invoice({ customer }), "customer.document_number", "invalid_ruc");
  });

  it("a RUC whose number was typed without document_type is checked too (inferred 6)", () => {
    const customer = { document_number: "20100070971", name: "ACME S.A.C." };
    expectError(invoice({ customer }), "customer.document_number", "invalid_ruc");
  });

  it("a prefix no taxpayer kind has is refused", () => {
    const customer = { document_type: "6", document_number: "12345678912", name: "ACME S.A.C." };
    expectError(invoice({ customer }), "customer.document_number", "invalid_ruc");
  });

  it("the corrected RUC passes", () => {
    const customer = { document_type: "6", document_number: "20100070970", name: "ACME S.A.C." };
    expect(ok(invoice({ customer })).customer.document_number).toBe("20100070970");
  });

  it("a receipt to a DNI of 7 digits is refused (ERR 2801 / OBS 4207)", () => {
    const customer = { document_type: "1", document_number: "4567890", name: "JUAN PEREZ" };
    expectError(receipt({ customer }), "customer.document_number", "invalid_dni");
  });
});
