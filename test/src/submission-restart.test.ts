import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { arrangeScenario, eventually, finalDocument, simulatorView } from "./support/simulator-control.js";

const RUC = "20000000001";

/** Issue 5: everything survives restarts. Its own system: a restart outlasts the verdict tests' short deadline. */
describe("submission across a restart", () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await bootTestSystem({
      serviceEnv: { submission: { SUBMISSION_RETRY_DELAYS_MS: "300,600,1000", SUBMISSION_POLL_MS: "200" } },
    });
  });

  afterAll(async () => {
    await sys?.stop();
  });

  it("a document in flight when the system stops is finished after it returns, registered once", async () => {
    await arrangeScenario(sys, { series: "F707", operation: "sendBill" }, { latency_ms: 4_000 }, 1);
    const res = await sys.request("/v1/invoices", {
      body: {
        series: "F707",
        customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
        items: [{ description: "Widget", quantity: 2, unit_price: "50.00" }],
      },
    });
    expect(res.status).toBe(202);
    // SUNAT has the document (the simulator registers first, then holds the answer) when everything stops.
    const seen = await eventually(
      () => simulatorView(sys, `${RUC}-01-F707-1`),
      (v) => v?.registered === true,
      15_000,
    );
    expect(seen).toMatchObject({ registered: true, send_bill_calls: 1 });
    await sys.restart();
    const doc = await finalDocument(sys, res.body.id, 60_000);
    expect(doc).toMatchObject({ status: "accepted", sunat: { code: "0" } });
    expect(doc.links.cdr).not.toBeNull();
    // Recovered through getStatusCdr: no second send, one registration.
    expect(await simulatorView(sys, `${RUC}-01-F707-1`)).toMatchObject({
      registrations: 1,
      send_bill_calls: 1,
    });
  });
});
