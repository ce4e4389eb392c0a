import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FilesystemObjectStore, type ObjectStore } from "@einvoice/objects";
import { openStore, type Store } from "@einvoice/store";
import type { SoapResponse } from "@einvoice/sunat";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SunatUnavailableError } from "../adapters/bill-service-client.js";
import { SummaryBatcher } from "./summary-batcher.js";
import { summaryLineOf } from "./summary-plan.js";
import {
  type SummaryRecord,
  summariesCollection,
  type VoidItemRecord,
  voidItemsCollection,
} from "./summary-records.js";
import type { SummaryServiceClient } from "./summary-service-client.js";
import { SummaryWorker } from "./summary-worker.js";

/** A scripted SUNAT: each call takes the next answer of its operation (an Error is thrown). */
function scriptedSunat(script: Record<"send" | "status" | "consult", (SoapResponse | Error)[]>) {
  const calls: string[] = [];
  const next = (op: keyof typeof script) => {
    calls.push(op);
    const answer = script[op].shift();
    if (!answer) throw new Error(`no scripted answer for ${op}`);
    if (answer instanceof Error) throw answer;
    return Promise.resolve(answer);
  };
  const client: SummaryServiceClient = {
    sendSummary: () => next("send"),
    getStatus: () => next("status"),
    consultStatus: () => next("consult"),
  };
  return { client, calls };
}

describe("SummaryWorker", () => {
  let store: Store;
  let dir: string;
  let clock: Date;
  let objects: ObjectStore;
  const published: { outcome: string; msgId: string }[] = [];

  beforeEach(async () => {
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([voidItemsCollection, summariesCollection]);
    dir = await mkdtemp(join(tmpdir(), "summary-worker-"));
    objects = await FilesystemObjectStore.open(dir);
    clock = new Date("2026-11-25T15:00:00.000Z");
    published.length = 0;
    await store.collection<VoidItemRecord>(voidItemsCollection).insertOne({
      _id: "doc_1:1",
      document_id: "doc_1",
      attempt: 1,
      company_id: "cmp_1",
      livemode: false,
      ruc: "20000000001",
      legal_name: "EMPRESA",
      kind: "RA",
      reference_date: "2026-11-25",
      line: summaryLineOf({ type: "01", series: "F001", number: 1 }, "x"),
      state: "waiting",
      summary_id: null,
      received_at: "2026-11-25T14:00:00.000Z",
    });
    await new SummaryBatcher(store, { windowMs: 0, maxLines: 10, deadlineMs: 60_000 }, () => clock).execute();
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  function worker(client: SummaryServiceClient) {
    return new SummaryWorker(
      {
        store,
        objects,
        broker: {
          js: {
            publish: async (_subject: string, data: Uint8Array, options: { msgID: string }) => {
              published.push({
                outcome: JSON.parse(Buffer.from(data).toString()).outcome,
                msgId: options.msgID,
              });
              return { seq: 1, duplicate: false, stream: "DOCUMENTS" };
            },
          },
        } as never,
        client,
        endpoint: async () => ({
          billUrl: "http://bill",
          consultUrl: "http://consult",
          solUser: "MODDATOS",
          solPassword: "x",
          simulated: true,
        }),
        signing: { signSummary: async () => ({ xml: "<VoidedDocuments/>", fileName: "x" }) } as never,
        logger: { warn: () => undefined, info: () => undefined, error: () => undefined } as never,
        clock: () => clock,
      },
      { retryDelaysMs: [100], pollFirstMs: 100, pollMaxMs: 400 },
    );
  }

  const summary = async () => (await store.collection<SummaryRecord>(summariesCollection).find({}))[0]!;
  const run = async (w: SummaryWorker, steps: number) => {
    for (let i = 0; i < steps; i++) {
      const s = await summary();
      if (s.state === "done" && published.length > 0) return s;
      clock = new Date(Math.max(clock.getTime(), Date.parse(s.next_at)));
      await w.execute(s);
    }
    return summary();
  };

  it("a lost reply presents the same file again; 2324 then the consult's 0003 make it voided, one publish", async () => {
    const sunat = scriptedSunat({
      send: [
        new SunatUnavailableError("socket hang up", true),
        { kind: "fault", faultCode: "soap-env:Client.2324", faultString: "ya presentada", code: "2324" },
      ],
      status: [],
      consult: [{ kind: "status", statusCode: "0003", statusMessage: "anulado" }],
    });
    const done = await run(worker(sunat.client), 6);
    expect(sunat.calls).toEqual(["send", "send", "consult"]);
    expect(done).toMatchObject({
      state: "done",
      outcome: "voided",
      ticket: null,
      uncertain: true,
      number: 1,
    });
    expect(published).toEqual([{ outcome: "voided", msgId: "doc_1:void_outcome:1" }]);
  });

  it("a refused file (2105 as a fault) fails every void with SUNAT's code", async () => {
    const sunat = scriptedSunat({
      send: [
        { kind: "fault", faultCode: "soap-env:Client.0306", faultString: "XML no cumple", code: "0306" },
      ],
      status: [],
      consult: [],
    });
    const done = await run(worker(sunat.client), 3);
    expect(done).toMatchObject({ state: "done", outcome: "failed", sunat: { code: "0306" } });
    expect(published.map((p) => p.outcome)).toEqual(["failed"]);
  });

  it("98 forever ends at the deadline with void_deadline_exceeded, keeping the ticket", async () => {
    const pending: SoapResponse = { kind: "status", statusCode: "98" };
    const sunat = scriptedSunat({
      send: [{ kind: "ticket", ticket: "123" }],
      status: Array.from({ length: 400 }, () => pending),
      consult: [],
    });
    const w = worker(sunat.client);
    let s = await run(w, 20);
    expect(s).toMatchObject({ state: "ticketed", ticket: "123" });
    expect(s.polls).toBeGreaterThan(5);
    clock = new Date(Date.parse(s.deadline_at) + 1);
    await w.execute(s);
    s = await summary();
    expect(s).toMatchObject({
      state: "done",
      outcome: "failed",
      failure: { code: "void_deadline_exceeded" },
    });
    expect(published.map((p) => p.outcome)).toEqual(["failed"]);
  });
});
