import { describe, expect, expectTypeOf, it } from "vitest";
import type { InvoiceRequest, ItemInput } from "./invoice-request.js";
import { invoiceRequestSchema } from "./invoice-request.schema.js";
import type { NoteInstallmentsInput, NoteRequest } from "./note.js";
import { creditNoteRequestSchema, debitNoteRequestSchema } from "./note-request.schema.js";

describe("request types derived from the request schemas (checked by tsc)", () => {
  it("should type each field as its schema accepts it, not as any", () => {
    expectTypeOf<ItemInput["quantity"]>().toEqualTypeOf<string | number>();
    expectTypeOf<ItemInput["unit_price"]>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<InvoiceRequest["payment"]>["type"]>().toEqualTypeOf<"cash" | "credit">();
    expectTypeOf<
      NonNullable<InvoiceRequest["prepayments"]>[number]["document"]["number"]
    >().toEqualTypeOf<number>();
    expectTypeOf<NoteRequest["reason_code"]>().toEqualTypeOf<string>();
    expectTypeOf<NoteInstallmentsInput["installments"][number]>().toEqualTypeOf<{
      amount: string;
      due_date: string;
    }>();
  });

  it("should keep a field the schema defaults optional: no default is filled in before the engine", () => {
    expectTypeOf<InvoiceRequest["currency"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ItemInput["tax_affectation"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<InvoiceRequest["detraction"]>["payment_method"]>().toEqualTypeOf<
      string | undefined
    >();
    expect(invoiceRequestSchema.properties.currency.default).toBe("PEN");
  });

  it("should require what the schemas require", () => {
    expectTypeOf<InvoiceRequest>().toHaveProperty("series").toEqualTypeOf<string>();
    expectTypeOf<InvoiceRequest["items"]>().toEqualTypeOf<ItemInput[]>();
    expect(invoiceRequestSchema.required).toEqual(["series", "items"]);
    expect(creditNoteRequestSchema.required).toEqual(debitNoteRequestSchema.required);
  });
});
