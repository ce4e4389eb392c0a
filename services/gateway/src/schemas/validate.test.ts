import { describe, expect, it } from "vitest";
import { RequestValidator } from "./validate.js";

const validator = new RequestValidator();
const valid = { series: "F001", items: [{ description: "x", quantity: 1, unit_price: "10.00" }] };

describe("RequestValidator.invoice()", () => {
  it("should accept a minimal invoice", () => {
    expect(validator.invoice(valid)).toEqual([]);
  });

  it.each([
    [{ items: valid.items }, "series", "parameter_missing"],
    [{ ...valid, items: [{ description: "x", quantity: 1 }] }, "items.0.unit_price", "parameter_missing"],
    [
      { ...valid, items: [{ description: "x", quantity: 1, unit_price: 10 }] },
      "items.0.unit_price",
      "parameter_invalid",
    ],
    [
      { ...valid, items: [{ description: "x", quantity: 1, unit_price: "1.0.0" }] },
      "items.0.unit_price",
      "parameter_invalid",
    ],
    [{ ...valid, colour: "red" }, "colour", "parameter_unknown"],
    [{ ...valid, issue_date: "2026-13-40" }, "issue_date", "parameter_invalid"],
    [{ ...valid, items: [] }, "items", "parameter_invalid"],
    [
      { ...valid, payment: { type: "credit", installments: [{ amount: "1.00" }] } },
      "payment.installments.0.due_date",
      "parameter_missing",
    ],
  ])("should name the field of %j", (body, param, code) => {
    expect(validator.invoice(body)).toContainEqual(expect.objectContaining({ param, code }));
  });
});
