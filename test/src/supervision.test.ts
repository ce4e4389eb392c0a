import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { eventually } from "./support/simulator-control.js";

const invoice = {
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
  items: [{ description: "Widget", quantity: 1, unit_price: "100.00" }],
};

describe("supervision on one machine", () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await bootTestSystem();
  });

  afterAll(async () => {
    await sys?.stop();
  });

  it("should restart a service killed with SIGKILL, and keep issuing", async () => {
    const before = sys.system.pid("numbering");
    expect(before).toBeDefined();
    process.kill(before!, "SIGKILL");
    // The gateway stops being ready while a service it calls is down (its health check fails).
    const ready = await fetch(`${sys.system.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { reason: string }).reason).toContain("numbering");
    // While numbering is down a create is a retryable 503, never a hang or a 500.
    const during = await sys.request("/v1/invoices", { body: invoice });
    expect([202, 503]).toContain(during.status);
    const after = await eventually(
      async () => sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=15" } }),
      (res) => res.status === 201,
      60_000,
    );
    expect(after.body.status).toBe("accepted");
    expect(sys.system.pid("numbering")).not.toBe(before);
    expect((await fetch(`${sys.system.baseUrl}/readyz`)).status).toBe(200);
  });
});
