import { describe, expect, it } from "vitest";
import { invoice, item, ok } from "../test-support/fixtures.js";

describe("payment terms (FormaPago)", () => {
  it("credit sale with detraction: installments sum to total − detraction; ids Cuota001…", () => {
    const doc = ok(
      invoice({
        items: [item({ quantity: 10 })],
        detraction: { code: "037", percent: 12, account: "1" },
        payment: {
          type: "credit",
          installments: [
            { amount: "500.00", due_date: "2024-06-10" },
            { amount: "538.40", due_date: "2024-07-10" },
          ],
        },
      }),
    );
    expect(doc.payment_terms).toEqual({
      means: "Credito",
      pending_amount: "1038.40",
      installments: [
        { id: "Cuota001", amount: "500.00", due_date: "2024-06-10" },
        { id: "Cuota002", amount: "538.40", due_date: "2024-07-10" },
      ],
    });
  });
});
