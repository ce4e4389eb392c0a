import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readCdrZip } from "@einvoice/sunat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_ISSUER_RUC, builtInvoice } from "../../test-support/signing.js";
import {
  addScenario,
  documentView,
  getStatusCdr,
  sendBill,
  startTestSimulator,
  type TestSimulator,
} from "../../test-support/test-simulator.js";

const RUC = BUILT_ISSUER_RUC;
const stem = (n: number) => `${RUC}-01-F001-${n}`;
const id = (n: number) => ({ ruc: RUC, type: "01", series: "F001", number: n });

describe("failure knobs", () => {
  let t: TestSimulator;
  beforeAll(async () => {
    t = await startTestSimulator();
  });
  afterAll(() => t.close());

  it("lost reply: the client sees a socket error, the document is registered once, getStatusCdr recovers it", async () => {
    const lost = sendBill(t, stem(1), builtInvoice(1), { headers: { "x-sim-knobs": "lost_reply_rate=1" } });
    await expect(lost).rejects.toThrow(/fetch failed/);
    expect((await documentView(t, stem(1))).body).toMatchObject({
      registered: true,
      registrations: 1,
      send_bill_calls: 1,
      outcome: "accepted",
    });

    // The blind resend SUNAT punishes: 1033, still one registration.
    expect((await sendBill(t, stem(1), builtInvoice(1))).response).toMatchObject({ code: "1033" });
    const recovered = await getStatusCdr(t, id(1));
    expect(recovered.response).toMatchObject({ kind: "statusCdr", statusCode: "0004" });
    if (recovered.response.kind !== "statusCdr" || !recovered.response.content)
      throw new Error(recovered.text);
    expect(readCdrZip(recovered.response.content).cdr.responseCode).toBe("0");
    expect((await documentView(t, stem(1))).body).toMatchObject({
      registrations: 1,
      send_bill_calls: 2,
      status_cdr_calls: 1,
    });
  });

  it("timeout: no answer until the client gives up, nothing registered", async () => {
    const started = Date.now();
    const call = sendBill(t, stem(2), builtInvoice(2), {
      headers: { "x-sim-knobs": "timeout_rate=1" },
      signal: AbortSignal.timeout(300),
    });
    await expect(call).rejects.toThrow(/aborted|timeout/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await documentView(t, stem(2))).body).toMatchObject({ registered: false, send_bill_calls: 1 });
  });

  it("http 5xx: 503 with a non-SOAP body, nothing registered", async () => {
    const result = await sendBill(t, stem(3), builtInvoice(3), {
      headers: { "x-sim-knobs": "http_5xx_rate=1" },
    });
    expect(result.status).toBe(503);
    expect(result.text).not.toContain("Envelope");
    expect((await documentView(t, stem(3))).body).toMatchObject({ registered: false, send_bill_calls: 1 });
  });

  it("latency: the answer comes after the delay", async () => {
    const started = Date.now();
    const result = await sendBill(t, stem(4), builtInvoice(4), {
      headers: { "x-sim-knobs": "latency_ms=250" },
    });
    expect(result.response.kind).toBe("applicationResponse");
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });
});

describe("control API", () => {
  let t: TestSimulator;
  beforeAll(async () => {
    t = await startTestSimulator();
  });
  afterAll(() => t.close());

  it("a scenario applies to matching requests for its `times`, first registered wins", async () => {
    const first = await addScenario(t, {
      match: { ruc: RUC, series: "F001", number: 10, operation: "sendBill" },
      knobs: { http_5xx_rate: 1 },
      times: 2,
    });
    expect(first).toEqual({ status: 201, body: { id: expect.any(String) } });
    await addScenario(t, { match: { number: 10 }, knobs: { force_code: "3277" } });

    expect((await sendBill(t, stem(10), builtInvoice(10))).status).toBe(503);
    expect((await sendBill(t, stem(10), builtInvoice(10))).status).toBe(503);
    // Used up: the second scenario applies now.
    expect((await sendBill(t, stem(10), builtInvoice(10))).response).toMatchObject({ code: "3277" });
    expect((await documentView(t, stem(10))).body).toMatchObject({
      registrations: 1,
      send_bill_calls: 3,
      outcome: "rejected",
      response_code: "3277",
    });
  });

  it("the header outranks a scenario; a scenario for another operation does not apply", async () => {
    await addScenario(t, { match: { number: 11 }, knobs: { force_code: "3277" } });
    await addScenario(t, { match: { number: 12, operation: "getStatusCdr" }, knobs: { force_code: "0100" } });
    const header = await sendBill(t, stem(11), builtInvoice(11), {
      headers: { "x-sim-knobs": "force_code=0" },
    });
    expect(header.response.kind).toBe("applicationResponse");
    expect((await sendBill(t, stem(12), builtInvoice(12))).response.kind).toBe("applicationResponse");
    expect((await getStatusCdr(t, id(12))).response).toMatchObject({ kind: "fault", code: "0100" });
  });

  it("scenarios work on getStatusCdr parameters too (lost reply on the recovery call)", async () => {
    await sendBill(t, stem(13), builtInvoice(13));
    await addScenario(t, {
      match: { number: 13, operation: "getStatusCdr" },
      knobs: { lost_reply_rate: 1 },
      times: 1,
    });
    await expect(getStatusCdr(t, id(13))).rejects.toThrow(/fetch failed/);
    expect((await getStatusCdr(t, id(13))).response).toMatchObject({ statusCode: "0004" });
    expect((await documentView(t, stem(13))).body).toMatchObject({ status_cdr_calls: 2 });
  });

  it("DELETE clears every scenario", async () => {
    await addScenario(t, { match: { number: 14 }, knobs: { http_5xx_rate: 1 } });
    const cleared = await fetch(`${t.url}/__sim/scenarios`, { method: "DELETE" });
    expect(cleared.status).toBe(204);
    expect((await sendBill(t, stem(14), builtInvoice(14))).status).toBe(200);
    expect(await (await fetch(`${t.url}/__sim/scenarios`)).json()).toEqual({ scenarios: [] });
  });

  it("400 names the bad field; 404 for a document never seen", async () => {
    expect(await addScenario(t, { match: { number: "x" }, knobs: {} })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^match\.number:/) },
    });
    expect(await addScenario(t, { knobs: { lost_reply_rate: -1 } })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^knobs\.lost_reply_rate:/) },
    });
    expect((await documentView(t, stem(99))).status).toBe(404);
    expect((await documentView(t, "not-an-identity")).status).toBe(400);
  });
});

describe("configured knobs and persistence", () => {
  it("env knobs are the lowest layer; scenarios and the header override them", async () => {
    const t = await startTestSimulator({ knobs: { force_code: "3277" }, random: () => 0 });
    try {
      expect((await sendBill(t, stem(20), builtInvoice(20))).response).toMatchObject({ code: "3277" });
      await addScenario(t, { match: { number: 21 }, knobs: { force_code: "0" } });
      expect((await sendBill(t, stem(21), builtInvoice(21))).response.kind).toBe("applicationResponse");
      const header = await sendBill(t, stem(22), builtInvoice(22), {
        headers: { "x-sim-knobs": "force_code=4252" },
      });
      expect(header.response.kind).toBe("applicationResponse");
    } finally {
      await t.close();
    }
  });

  it("counters and registrations survive a simulator restart; scenarios do not", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sim-restart-"));
    const file = join(dir, "sunat_simulator.sqlite");
    try {
      const before = await startTestSimulator({ file });
      await addScenario(before, { match: {}, knobs: { http_5xx_rate: 1 } });
      await sendBill(before, stem(30), builtInvoice(30));
      await before.close();

      const after = await startTestSimulator({ file });
      try {
        expect((await documentView(after, stem(30))).body).toMatchObject({
          registered: false,
          send_bill_calls: 1,
        });
        expect((await sendBill(after, stem(30), builtInvoice(30))).status).toBe(200);
        expect((await documentView(after, stem(30))).body).toMatchObject({
          registered: true,
          registrations: 1,
          send_bill_calls: 2,
        });
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
