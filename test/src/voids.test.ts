import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, CONFORMANCE_DIR, type TestSystem } from "./harness.js";
import { arrangeScenario, eventually, simulatorView } from "./support/simulator-control.js";

/**
 * Issue 14: voids through POST /v1/documents/{id}/void — RA for invoices, RC (condition 3) for receipts — against
 * the simulator's sendSummary/getStatus, which validates both against SUNAT's UBL 2.0 XSD and checks signatures.
 */

const RUC = "20000000001";

const invoice = (series: string) => ({
  series,
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
  items: [{ description: "Widget", quantity: 2, unit_price: "50.00" }],
});
const receipt = (series: string) => ({
  series,
  customer: { document_type: "1", document_number: "12345678", name: "JUAN PEREZ" },
  items: [{ description: "Café", quantity: 1, unit_price: "8.00", price_includes_tax: true }],
});

describe("voids through the public API", () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await bootTestSystem({
      serviceEnv: {
        submission: {
          SUBMISSION_RETRY_DELAYS_MS: "300,600,1000",
          SUBMISSION_POLL_MS: "200",
          SUBMISSION_LEASE_MS: "3000",
          SUNAT_TIMEOUT_MS: "3000",
          VOID_BATCH_WINDOW_MS: "1500",
          SUMMARY_POLL_FIRST_MS: "200",
          SUMMARY_POLL_MAX_MS: "500",
          VOID_DEADLINE_MS: "20000",
          VOID_BATCH_MAX_LINES: "3",
        },
        "sunat-simulator": {
          SIM_XSD_DIR: [
            join(CONFORMANCE_DIR, "xsd/ubl-2.1/maindoc"),
            join(CONFORMANCE_DIR, "xsd/sunat-ubl-2.0/maindoc"),
          ].join(":"),
        },
      },
    });
  }, 400_000);

  afterAll(async () => {
    await sys?.stop();
  });

  async function accepted(path: "/v1/invoices" | "/v1/receipts", body: unknown) {
    const res = await sys.request(path, { body, headers: { prefer: "wait=25" } });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("accepted");
    return res.body;
  }

  const voidDoc = (id: string, reason: unknown = "Error en el RUC del cliente", key?: string) =>
    sys.request(`/v1/documents/${id}/void`, { body: { reason }, ...(key ? { key } : {}) });

  const settled = (id: string, timeoutMs = 30_000) =>
    eventually(
      () => sys.request(`/v1/documents/${id}`),
      (r) => r.body.void?.status !== "pending",
      timeoutMs,
    ).then((r) => r.body);

  async function eventTypes(documentId: string, count: number): Promise<string[]> {
    const res = await eventually(
      () => sys.request(`/v1/events?document_id=${documentId}`),
      (r) => r.body.data?.length >= count,
      15_000,
    );
    return res.body.data.map((e: { type: string }) => e.type);
  }

  it("voids an invoice with an RA: 202 pending, then voided with SUNAT's answer, its event and its RA id", async () => {
    const doc = await accepted("/v1/invoices", invoice("F801"));
    const res = await voidDoc(doc.id);
    expect(res.status).toBe(202);
    expect(res.headers.get("location")).toBe(`/v1/documents/${doc.id}`);
    expect(res.body).toMatchObject({
      id: doc.id,
      status: "accepted",
      void: { status: "pending", reason: "Error en el RUC del cliente", summary_id: null, ticket: null },
    });
    const done = await settled(doc.id);
    expect(done.status).toBe("voided");
    expect(done.void).toMatchObject({
      status: "voided",
      summary_id: expect.stringMatching(/^RA-\d{8}-\d+$/),
      ticket: expect.stringMatching(/^\d+$/),
      sunat: { code: "0", simulated: true },
      failure: null,
    });
    expect(done.void.sunat.description).toContain("ha sido aceptada");
    expect(await eventTypes(doc.id, 2)).toEqual(["document.voided", "document.accepted"]);
    // SUNAT's register (the simulator's) now holds the invoice as voided.
    expect(await simulatorView(sys, `${RUC}-01-F801-${doc.number}`)).toMatchObject({ outcome: "accepted" });
    expect((await voidDoc(doc.id)).body.error.code).toBe("document_already_voided");
  });

  it("voids a receipt with an RC line of condition 3", async () => {
    const doc = await accepted("/v1/receipts", receipt("B801"));
    expect((await voidDoc(doc.id, "Venta anulada")).status).toBe(202);
    const done = await settled(doc.id);
    expect(done.status).toBe("voided");
    expect(done.void).toMatchObject({
      status: "voided",
      summary_id: expect.stringMatching(/^RC-\d{8}-\d+$/),
    });
    expect(done.void.sunat.description).toContain("El Resumen diario");
    expect(await eventTypes(doc.id, 2)).toEqual(["document.voided", "document.accepted"]);
  });

  it("a void SUNAT refuses leaves the document accepted, with void_failed and SUNAT's code; it can be retried", async () => {
    const doc = await accepted("/v1/invoices", invoice("F802"));
    await arrangeScenario(sys, { type: "RA", operation: "sendSummary" }, { force_code: "2105" }, 1);
    expect((await voidDoc(doc.id)).status).toBe(202);
    const failed = await settled(doc.id);
    expect(failed.status).toBe("accepted");
    expect(failed.void).toMatchObject({ status: "failed", sunat: { code: "2105" }, failure: null });
    expect(await eventTypes(doc.id, 2)).toEqual(["document.void_failed", "document.accepted"]);
    // A new void is allowed after a failure, and this time SUNAT accepts it.
    expect((await voidDoc(doc.id, "Segundo intento")).status).toBe(202);
    expect((await settled(doc.id)).status).toBe("voided");
    expect(await eventTypes(doc.id, 3)).toEqual([
      "document.voided",
      "document.void_failed",
      "document.accepted",
    ]);
  });

  it("two voids requested together travel in one summary", async () => {
    const a = await accepted("/v1/invoices", invoice("F803"));
    const b = await accepted("/v1/invoices", invoice("F803"));
    const [ra, rb] = await Promise.all([voidDoc(a.id), voidDoc(b.id)]);
    expect([ra.status, rb.status]).toEqual([202, 202]);
    const [da, db] = await Promise.all([settled(a.id), settled(b.id)]);
    expect(da.status).toBe("voided");
    expect(db.status).toBe("voided");
    expect(da.void.summary_id).toBe(db.void.summary_id);
    expect(da.void.ticket).toBe(db.void.ticket);
  });

  it("refuses before anything is sent: 409s, 422s and 404", async () => {
    // Not accepted: a rejected invoice.
    await arrangeScenario(sys, { series: "F804" }, { force_code: "3277" }, 1);
    const rejected = await sys.request("/v1/invoices", {
      body: invoice("F804"),
      headers: { prefer: "wait=25" },
    });
    expect(rejected.body.status).toBe("rejected");
    const notVoidable = await voidDoc(rejected.body.id);
    expect(notVoidable.status).toBe(409);
    expect(notVoidable.body.error).toMatchObject({ type: "conflict_error", code: "document_not_voidable" });

    // A void in progress (held at 98), then a second request.
    const held = await accepted("/v1/invoices", invoice("F805"));
    await arrangeScenario(sys, { type: "RA", operation: "sendSummary" }, { ticket_pending_polls: 4 }, 1);
    expect((await voidDoc(held.id)).status).toBe(202);
    const again = await voidDoc(held.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("void_in_progress");

    // Reasons.
    const ok = await accepted("/v1/invoices", invoice("F806"));
    for (const reason of ["", "x".repeat(101), "línea\nnueva", 42]) {
      const res = await voidDoc(ok.id, reason);
      expect(res.status, JSON.stringify(reason)).toBe(422);
      expect(res.body.error.param).toBe("reason");
    }
    const missing = await sys.request(`/v1/documents/${ok.id}/void`, { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toMatchObject({ code: "parameter_missing", param: "reason" });

    // Another mode's key, an unknown id.
    expect((await voidDoc(ok.id, "x", sys.liveKey)).status).toBe(404);
    expect((await voidDoc("doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B2C")).status).toBe(404);
    expect((await settled(held.id)).status).toBe("voided");
  });

  it("voids a document issued 3 days ago (the oldest the API issues; the 7-day 422 is table-tested in the register)", async () => {
    // The tax engine only takes issue dates up to 3 days back, so the window is checked by the register's
    // domain test (void-eligibility.test.ts); through the API, a 3-day-old invoice is still voidable.
    const day = new Date(Date.now() - 5 * 3600_000 - 3 * 86_400_000).toISOString().slice(0, 10);
    const doc = await accepted("/v1/invoices", { ...invoice("F807"), issue_date: day });
    const res = await voidDoc(doc.id);
    expect(res.status).toBe(202);
    expect((await settled(doc.id)).status).toBe("voided");
  });

  it("a receipt's void SUNAT refuses (RC) is void_failed with its code", async () => {
    const doc = await accepted("/v1/receipts", receipt("B802"));
    await arrangeScenario(sys, { type: "RC", operation: "sendSummary" }, { force_code: "2987" }, 1);
    expect((await voidDoc(doc.id)).status).toBe(202);
    const failed = await settled(doc.id);
    expect(failed.status).toBe("accepted");
    expect(failed.void).toMatchObject({ status: "failed", sunat: { code: "2987" } });
  });

  it("a lost sendSummary reply is recovered without a second summary: the same file again, then the consult", async () => {
    const doc = await accepted("/v1/invoices", invoice("F808"));
    // The simulator registers the RA and cuts the connection before answering.
    await arrangeScenario(sys, { type: "RA", operation: "sendSummary" }, { lost_reply_rate: 1 }, 1);
    expect((await voidDoc(doc.id)).status).toBe(202);
    const done = await settled(doc.id);
    expect(done.status).toBe("voided");
    // The ticket was lost with the reply; SUNAT's answer to the same file (2324) and its consult (0003) tell.
    expect(done.void).toMatchObject({ status: "voided", ticket: null, sunat: null });
    const next = await accepted("/v1/invoices", invoice("F808"));
    expect((await voidDoc(next.id)).status).toBe(202);
    const after = await settled(next.id);
    const n = (id: string) => Number(id.split("-")[2]);
    // The recovered summary kept its number: the next RA of the day is the one after it, never a gap.
    expect(n(after.void.summary_id)).toBe(n(done.void.summary_id) + 1);
  });

  it("correlatives stay gapless and unique under 20 concurrent voids of one day", async () => {
    const docs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => accepted("/v1/invoices", invoice(i < 10 ? "F809" : "F810"))),
    );
    const answers = await Promise.all(docs.map((d) => voidDoc(d.id, `Anulación ${d.series}-${d.number}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
    const done = await Promise.all(docs.map((d) => settled(d.id, 60_000)));
    expect(done.map((d) => d.status)).toEqual(Array(20).fill("voided"));
    const bySummary = new Map<string, number>();
    for (const d of done) bySummary.set(d.void.summary_id, (bySummary.get(d.void.summary_id) ?? 0) + 1);
    // VOID_BATCH_MAX_LINES is 3 here: at least 7 summaries, none over 3 lines, numbered without gap or repeat.
    expect(Math.max(...bySummary.values())).toBeLessThanOrEqual(3);
    const numbers = [...bySummary.keys()].map((id) => Number(id.split("-")[2])).sort((a, b) => a - b);
    expect(numbers.length).toBeGreaterThanOrEqual(7);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
  }, 180_000);

  it("a ticket that stays in process past the deadline fails the void (void_deadline_exceeded)", async () => {
    const doc = await accepted("/v1/invoices", invoice("F811"));
    await arrangeScenario(
      sys,
      { type: "RA", operation: "sendSummary" },
      { ticket_pending_polls: 100_000 },
      1,
    );
    expect((await voidDoc(doc.id)).status).toBe(202);
    const failed = await settled(doc.id, 60_000);
    expect(failed.status).toBe("accepted");
    expect(failed.void).toMatchObject({
      status: "failed",
      sunat: null,
      failure: { code: "void_deadline_exceeded" },
    });
    // The ticket was given (and polled, answering 98) until the deadline.
    expect(failed.void.ticket).toMatch(/^\d+$/);
  }, 90_000);
});

/** Its own system: a restart under load outlasts the short void deadline of the suite above. */
describe("voids across a restart", () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await bootTestSystem({
      serviceEnv: {
        submission: {
          SUBMISSION_POLL_MS: "200",
          SUBMISSION_LEASE_MS: "3000",
          VOID_BATCH_WINDOW_MS: "500",
          SUMMARY_POLL_FIRST_MS: "200",
          SUMMARY_POLL_MAX_MS: "500",
        },
      },
    });
  }, 400_000);

  afterAll(async () => {
    await sys?.stop();
  });

  it("survives a restart mid-ticket: the persisted ticket is polled again and the void completes", async () => {
    const created = await sys.request("/v1/invoices", {
      body: invoice("F812"),
      headers: { prefer: "wait=25" },
    });
    expect(created.body.status).toBe("accepted");
    const doc = created.body;
    await arrangeScenario(sys, { type: "RA", operation: "sendSummary" }, { ticket_pending_polls: 12 }, 1);
    expect((await sys.request(`/v1/documents/${doc.id}/void`, { body: { reason: "Reinicio" } })).status).toBe(
      202,
    );
    // Let the batch window pass and the summary be sent, then restart everything while its ticket answers 98.
    await eventually(
      () =>
        fetch(`${sys.simulatorUrl}/__sim/scenarios`).then(
          (r) => r.json() as Promise<{ scenarios: { remaining: number | null }[] }>,
        ),
      (body) => body.scenarios.every((scenario) => scenario.remaining === 0),
      20_000,
    );
    await sys.restart();
    const done = await eventually(
      () => sys.request(`/v1/documents/${doc.id}`),
      (r) => r.body.void?.status !== "pending",
      60_000,
    );
    expect(done.body.status).toBe("voided");
    expect(done.body.void).toMatchObject({ status: "voided", ticket: expect.stringMatching(/^\d+$/) });
  }, 300_000);
});
