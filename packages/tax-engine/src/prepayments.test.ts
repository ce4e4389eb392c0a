import { describe, expect, it } from "vitest";
import { invoice, item, ok, subtotal } from "../test-support/fixtures.js";

describe("prepayments (04/05/06)", () => {
  it("prepayment with taxes: 04 value, PrepaidAmount, payable falls by the amount (3277, 3280, 3287)", () => {
    const doc = ok(
      invoice({
        items: [item({ quantity: 4 })],
        prepayments: [{ document: { type: "01", series: "F001", number: 7 }, amount: "118.00" }],
      }),
    );
    expect(doc.prepayments).toEqual([
      { index: 1, document_type_code: "02", document_id: "F001-7", amount: "118.00", tax_affectation: "10" },
    ]);
    expect(doc.allowance_charges).toEqual([
      { charge: false, reason_code: "04", factor: "0.25", amount: "100.00", base: "400.00", currency: "PEN" },
    ]);
    expect(subtotal(doc, "1000")).toEqual({ scheme: "1000", taxable_amount: "300.00", tax_amount: "54.00" });
    expect(doc.monetary_total).toMatchObject({
      tax_inclusive_amount: "472.00",
      prepaid_amount: "118.00",
      payable_amount: "354.00",
    });
    expect(doc.amounts).toMatchObject({ taxed: "300.00", igv: "54.00", prepaid: "118.00", total: "354.00" });
  });

  it("prepayments on a mixed document name their kind: 05 exempt, 06 unaffected (3275, 3274)", () => {
    const doc = ok(
      invoice({
        items: [item(), item({ tax_affectation: "20" }), item({ tax_affectation: "30" })],
        prepayments: [
          { document: { type: "01", series: "F001", number: 1 }, amount: "40", tax_affectation: "20" },
          { document: { type: "03", series: "B001", number: 2 }, amount: "30", tax_affectation: "30" },
        ],
      }),
    );
    expect(doc.allowance_charges.map((a) => [a.reason_code, a.amount])).toEqual([
      ["05", "40.00"],
      ["06", "30.00"],
    ]);
    expect(subtotal(doc, "9997")!.taxable_amount).toBe("60.00");
    expect(subtotal(doc, "9998")!.taxable_amount).toBe("70.00");
    expect(doc.amounts.total).toBe("248.00");
  });
});
