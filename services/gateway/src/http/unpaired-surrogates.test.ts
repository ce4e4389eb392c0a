import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test-support/test-gateway.js";
import { unpairedSurrogateAt } from "./unpaired-surrogates.js";

describe("unpairedSurrogateAt", () => {
  it("names the first string or key holding a lone surrogate", () => {
    expect(unpairedSurrogateAt(JSON.parse('{"customer":{"address":"AV \\ud800"}}'))).toBe("customer.address");
    expect(
      unpairedSurrogateAt(JSON.parse('{"items":[{"description":"ok"},{"description":"\\udc00x"}]}')),
    ).toBe("items.1.description");
    expect(unpairedSurrogateAt(JSON.parse('{"\\ud800":1}'))).toBe("\ud800");
  });

  it("lets paired surrogates (emoji) and plain text through", () => {
    expect(unpairedSurrogateAt({ description: "Recibo 🧾 Ñandú", items: [1, null, true] })).toBeNull();
    expect(unpairedSurrogateAt(JSON.parse('{"x":"\\ud83e\\uddfe"}'))).toBeNull();
  });
});

describe("a body with a broken Unicode escape", () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway();
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  it("is refused with 400 invalid_json naming the field, never a 500", async () => {
    const res = await fetch(`${gateway.baseUrl}/v1/invoices`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.apiKey}`, "content-type": "application/json" },
      body: '{"series":"F001","customer":{"document_number":"20100070970","name":"CLIENTE SAC","address":"\\ud800"},"items":[{"description":"x","quantity":1,"unit_price":"1.00"}]}',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("invalid_json");
    expect(body.error.message).toContain("customer.address");
    expect(body.error.message).toContain("unpaired surrogate");
  });
});
