import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { arrangeScenario, eventually, finalDocument, simulatorView } from "./support/simulator-control.js";

/**
 * Every verdict path of issue 5 through the public API, with SUNAT's behaviour arranged through the simulator's
 * control API (`/__sim/scenarios`) and checked through its register (`/__sim/documents/…`).
 */

const RUC = "20000000001";
/** Short enough to test, long enough for every healthy path to finish first. */
const DEADLINE_MS = 10_000;

const invoice = (series: string) => ({
  series,
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
  items: [{ description: "Widget", quantity: 2, unit_price: "50.00" }],
});
const receipt = (series: string) => ({
  series,
  items: [{ description: "Café", quantity: 1, unit_price: "8.00", price_includes_tax: true }],
});

describe("submission verdicts against the simulator's knobs", () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await bootTestSystem({
      serviceEnv: {
        submission: {
          SUBMISSION_DEADLINE_MS: String(DEADLINE_MS),
          SUBMISSION_RETRY_DELAYS_MS: "300,600,1000",
          SUBMISSION_POLL_MS: "200",
          SUBMISSION_LEASE_MS: "3000",
          SUNAT_TIMEOUT_MS: "3000",
        },
      },
    });
  });

  afterAll(async () => {
    await sys?.stop();
  });

  const scenario = (match: Record<string, unknown>, knobs: Record<string, unknown>, times?: number) =>
    arrangeScenario(sys, match, knobs, times);
  const view = (identity: string) => simulatorView(sys, identity);

  async function issue(path: "/v1/invoices" | "/v1/receipts", body: unknown, wait = 25) {
    const res = await sys.request(path, { body, headers: { prefer: `wait=${wait}` } });
    expect([201, 202]).toContain(res.status);
    return res;
  }

  const finalDoc = (id: string, timeoutMs?: number) => finalDocument(sys, id, timeoutMs);

  async function eventTypes(documentId: string): Promise<string[]> {
    const res = await eventually(
      () => sys.request(`/v1/events?document_id=${documentId}`),
      (r) => r.body.data?.length > 0,
      10_000,
    );
    return res.body.data.map((e: { type: string }) => e.type);
  }

  it("accepted: code 0, simulated, the CDR is linked", async () => {
    const res = await issue("/v1/invoices", invoice("F701"));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "accepted",
      sunat: { code: "0", simulated: true },
      status_details: null,
    });
    expect(res.body.links.cdr).toMatch(/\/cdr\?/);
    expect(await eventTypes(res.body.id)).toEqual(["document.accepted"]);
  });

  it("observed: accepted with the simulator's forced observation as a note", async () => {
    await scenario({ series: "F702" }, { force_code: "4287" }, 1);
    const res = await issue("/v1/invoices", invoice("F702"));
    expect(res.body.status).toBe("observed");
    expect(res.body.sunat.notes).toEqual([expect.objectContaining({ code: "4287" })]);
    expect(res.body.links.cdr).not.toBeNull();
    expect(await eventTypes(res.body.id)).toEqual(["document.observed"]);
  });

  it("rejected: SUNAT's code is kept and document.rejected is sent", async () => {
    await scenario({ series: "F703" }, { force_code: "3277" }, 1);
    const res = await issue("/v1/invoices", invoice("F703"));
    expect(res.body).toMatchObject({ status: "rejected", sunat: { code: "3277" } });
    expect(await eventTypes(res.body.id)).toEqual(["document.rejected"]);
  });

  it("transient errors (HTTP 5xx, exception 0100) are retried until SUNAT accepts, registering once", async () => {
    await scenario({ series: "F704", operation: "sendBill" }, { http_5xx_rate: 1 }, 2);
    await scenario({ series: "F704", operation: "sendBill" }, { force_code: "0100" }, 1);
    const res = await issue("/v1/invoices", invoice("F704"));
    const doc = res.status === 201 ? res.body : await finalDoc(res.body.id);
    expect(doc).toMatchObject({ status: "accepted", sunat: { code: "0" } });
    expect(await view(`${RUC}-01-F704-1`)).toMatchObject({ registrations: 1, send_bill_calls: 4 });
  });

  it("a lost reply is recovered through getStatusCdr without a second registration", async () => {
    await scenario({ series: "F705", operation: "sendBill" }, { lost_reply_rate: 1 }, 1);
    const res = await issue("/v1/invoices", invoice("F705"));
    const doc = res.status === 201 ? res.body : await finalDoc(res.body.id);
    expect(doc).toMatchObject({ status: "accepted", sunat: { code: "0" } });
    expect(doc.links.cdr).not.toBeNull();
    const registered = await view(`${RUC}-01-F705-1`);
    expect(registered).toMatchObject({ registered: true, registrations: 1, send_bill_calls: 1 });
    expect(registered?.status_cdr_calls).toBeGreaterThanOrEqual(1);
  });

  it("a timeout is followed by a status query, then a safe resend", async () => {
    await scenario({ series: "F708", operation: "sendBill" }, { timeout_rate: 1 }, 1);
    const res = await issue("/v1/invoices", invoice("F708"));
    const doc = res.status === 201 ? res.body : await finalDoc(res.body.id);
    expect(doc).toMatchObject({ status: "accepted", sunat: { code: "0" } });
    expect(await view(`${RUC}-01-F708-1`)).toMatchObject({
      registrations: 1,
      send_bill_calls: 2,
      status_cdr_calls: 1,
    });
  });

  it("a receipt's lost reply is resolved by a resend that SUNAT answers 1033, still registered once", async () => {
    await scenario({ series: "B705", operation: "sendBill" }, { lost_reply_rate: 1 }, 1);
    const res = await issue("/v1/receipts", receipt("B705"));
    const doc = res.status === 201 ? res.body : await finalDoc(res.body.id);
    expect(doc).toMatchObject({ status: "accepted", sunat: { code: "1033" } });
    expect(await view(`${RUC}-03-B705-1`)).toMatchObject({ registrations: 1, send_bill_calls: 2 });
  });

  it("deadline reached with no answer → rejected with status_details and document.rejected", async () => {
    await scenario({ series: "F706" }, { http_5xx_rate: 1 });
    const res = await issue("/v1/invoices", invoice("F706"), 2);
    expect(res.status).toBe(202);
    const doc = await finalDoc(res.body.id, DEADLINE_MS + 20_000);
    expect(doc).toMatchObject({
      status: "rejected",
      sunat: null,
      status_details: { code: "submission_deadline_exceeded" },
    });
    expect(doc.status_details.message).toContain("503");
    expect(await eventTypes(doc.id)).toEqual(["document.rejected"]);
    expect(await view(`${RUC}-01-F706-1`)).toMatchObject({ registered: false });
  });
});
