import { Code, ConnectError, readViolations } from "@einvoice/platform";
import { describe, expect, it } from "vitest";
import { computedMessage } from "./create-document.js";

const invoice = {
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "Cliente SAC" },
  items: [{ description: "Widget", quantity: 2, unit_price: "50.00" }],
};

describe("computedMessage (the tax engine in the gateway)", () => {
  it("should compute the document numbering stores, dated today in Lima by default", () => {
    const computed = computedMessage("01", invoice, "2026-11-22");
    expect(computed.amounts).toMatchObject({ taxed: "100.00", igv: "18.00", total: "118.00" });
    expect(computed.issueDate).toBe("2026-11-22");
    expect(computed.lines[0]?.quantity).toBe("2");
  });

  it("should refuse with INVALID_ARGUMENT naming every failed field, as the tax service does", () => {
    const bad = {
      ...invoice,
      items: [{ description: "Widget", quantity: 2, unit_price: "50.00", discount: { amount: "500.00" } }],
    };
    const error = (() => {
      try {
        computedMessage("01", bad, "2026-11-22");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(error as ConnectError).map((v) => v.param)).toContain("items.0.discount.amount");
  });
});
