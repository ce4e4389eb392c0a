import { describe, expect, it } from "vitest";
import { ctx, invoice, item, ok, receipt } from "../test-support/fixtures.js";

describe("perception (catalog 53 51/52/53)", () => {
  it.each([
    ["51", "0.02", "23.60"],
    ["52", "0.01", "11.80"],
    ["53", "0.005", "5.90"],
  ])(
    "perception %s: factor %s over the total, PEN charge, operation 2001, legend 2000",
    (code, factor, amount) => {
      const doc = ok(invoice({ items: [item({ quantity: 10 })], perception: { code } }));
      expect(doc.perception).toEqual({
        code,
        factor,
        base: "1180.00",
        amount,
        total_to_collect: (1180 + Number(amount)).toFixed(2),
      });
      expect(doc.allowance_charges).toEqual([
        { charge: true, reason_code: code, factor, amount, base: "1180.00", currency: "PEN" },
      ]);
      expect(doc).toMatchObject({
        operation_type: "2001",
        amounts: { total: "1180.00", perception: amount },
      });
      expect(doc.legends.map((l) => l.code)).toContain("2000");
    },
  );

  it("perception is accepted on a receipt (the Boleta sheet validates 2001 too)", () => {
    const doc = ok(receipt({ perception: { code: "51" } }), ctx("03"));
    expect(doc.perception?.amount).toBe("2.36");
  });
});
