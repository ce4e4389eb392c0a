import { describe, expect, it } from "vitest";
import { invoice, item, ok } from "../test-support/fixtures.js";

describe("detraction (SPOT)", () => {
  it("detraction: percent × total in PEN, operation 1001, legend 2006, no total changes", () => {
    const doc = ok(
      invoice({
        items: [item({ quantity: 10 })],
        detraction: { code: "037", percent: 12, account: "00-123-456789" },
      }),
    );
    expect(doc.detraction).toEqual({
      code: "037",
      percent: "12.00",
      account: "00-123-456789",
      amount: "141.60",
      payment_method: "001",
    });
    expect(doc).toMatchObject({
      operation_type: "1001",
      amounts: { total: "1180.00", detraction: "141.60" },
    });
    expect(doc.legends.map((l) => l.code)).toEqual(["1000", "2006"]);
  });

  it("detraction in USD takes the PEN amount as sent; a PEN amount within ±1 of the computed one is kept", () => {
    const usd = ok(
      invoice({ currency: "USD", detraction: { code: "022", percent: 12, account: "1", amount: "53.00" } }),
    );
    expect(usd.detraction?.amount).toBe("53.00");
    const rounded = ok(
      invoice({
        items: [item({ quantity: 10 })],
        detraction: { code: "037", percent: 12, account: "1", amount: "142" },
      }),
    );
    expect(rounded.detraction?.amount).toBe("142.00");
  });
});
