import type { InvoiceRequest, NoteRequest } from "@einvoice/domain";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { InvoiceRequestBody } from "./invoice-request.schema.js";
import type { NoteRequestBody } from "./note-request.schema.js";
import { RequestValidator } from "./validate.js";

const validator = new RequestValidator();
const withName = (name: string) => ({
  series: "F001",
  customer: { document_number: "20100070970", name },
  items: [{ description: "x", quantity: 1, unit_price: "10.00" }],
});

describe("invoice request schema: customer.name", () => {
  it("lets names up to 1500 characters through to the tax engine (RegistrationName an..1500, ERR 2022)", () => {
    expect(validator.invoice(withName("A".repeat(501)))).toEqual([]);
    expect(validator.invoice(withName("A".repeat(1500)))).toEqual([]);
  });

  it("refuses a longer name as a shape error", () => {
    expect(validator.invoice(withName("A".repeat(1501)))).toEqual([
      expect.objectContaining({ param: "customer.name", code: "parameter_invalid" }),
    ]);
  });
});

describe("invoice request schema: customer.address", () => {
  const withAddress = (address: string) => ({
    series: "F001",
    customer: { document_number: "20100070970", name: "CLIENTE SAC", address },
    items: [{ description: "x", quantity: 1, unit_price: "10.00" }],
  });

  it("takes an address up to 200 characters (AddressLine/Line an..200 in SUNAT's workbook)", () => {
    expect(validator.invoice(withAddress("A".repeat(200)))).toEqual([]);
  });

  it("refuses a longer one naming customer.address", () => {
    expect(validator.invoice(withAddress("A".repeat(201)))).toEqual([
      expect.objectContaining({ param: "customer.address", code: "parameter_invalid" }),
    ]);
  });
});

describe("request body types", () => {
  it("should be derived from the schemas and fit what the tax engine takes (checked by tsc)", () => {
    // Derived, not `any`: a field's type is what its schema accepts.
    expectTypeOf<InvoiceRequestBody["items"][number]["quantity"]>().toEqualTypeOf<string | number>();
    expectTypeOf<NonNullable<InvoiceRequestBody["payment"]>["type"]>().toEqualTypeOf<"cash" | "credit">();
    expectTypeOf<InvoiceRequestBody["currency"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<NoteRequestBody["reason_code"]>().toEqualTypeOf<string>();
    // Every body the schema accepts is a request the engine reads.
    expectTypeOf<InvoiceRequestBody>().toExtend<InvoiceRequest>();
    expectTypeOf<NoteRequestBody>().toExtend<NoteRequest>();
    const shaped = validator.invoiceRequest(withName("CLIENTE SAC"));
    expect(shaped.request?.customer?.name).toBe("CLIENTE SAC");
  });
});
