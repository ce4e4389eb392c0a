import { todayInLima } from "@einvoice/platform";
import { computeDocument } from "@einvoice/tax-engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test-support/test-gateway.js";
import { validationFailed } from "../errors/public-errors.js";

const invoice = {
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "Cliente SAC" },
  items: [
    { description: "Widget", quantity: 2, unit_price: "50.00", discount: { amount: "500.00" } },
    { description: "Gadget", quantity: 1, unit_price: "10.00", discount: { amount: "20.00" } },
  ],
};

describe("a create computed by the tax service", () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway();
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  it("should answer the 422 the engine's own violations make, every field, code and message", async () => {
    const res = await fetch(`${gateway.baseUrl}/v1/invoices`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(invoice),
    });
    const engine = computeDocument(
      {
        ...invoice,
        items: invoice.items.map((item) => ({ ...item, quantity: String(item.quantity) })),
      },
      { type: "01", today: todayInLima(new Date()) },
    );
    if (engine.ok) throw new Error("the engine accepted the invoice");
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { errors: { param: string }[] } };
    expect(body.error.errors.map((e) => e.param)).toEqual(
      expect.arrayContaining(["items.0.discount.amount", "items.1.discount.amount"]),
    );
    expect(body).toEqual(validationFailed(engine.errors).toBody());
  });
});
