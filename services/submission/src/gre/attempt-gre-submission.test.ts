import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { FilesystemObjectStore } from "@einvoice/objects";
import { createLogger } from "@einvoice/platform";
import { DocumentSignedSchema } from "@einvoice/proto";
import { openStore, type Store } from "@einvoice/store";
import { buildCdrXml, readCdrZip, zipDocument } from "@einvoice/sunat";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SunatUnavailableError } from "../adapters/bill-service-client.js";
import {
  type SubmissionRecord,
  SubmissionRepository,
  submissionsCollection,
} from "../adapters/submission-repository.js";
import { QueueSubmission } from "../usecases/queue-submission.js";
import { AttemptGreSubmission } from "./attempt-gre-submission.js";
import { type GreClient, GreRequestError, type GreStatus, type GreToken } from "./gre-client.js";
import type { GreEndpoint } from "./gre-endpoints.js";
import { GreTokenCache, greTokensCollection } from "./gre-token-cache.js";

type Step<T> = T | Error;
const QR = "https://e-factura.sunat.gob.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=abc";

/** A SUNAT GRE API that answers from a script and records what it was asked. */
class ScriptedGre implements GreClient {
  readonly calls: string[] = [];
  constructor(
    private readonly script: {
      token?: Step<GreToken>[];
      send?: Step<{ ticket: string }>[];
      status?: Step<GreStatus>[];
    },
  ) {}
  async token() {
    this.calls.push("token");
    return this.next(this.script.token, "token");
  }
  async send(_url: string, token: string) {
    this.calls.push(`send:${token}`);
    return this.next(this.script.send, "send");
  }
  async status(_url: string, token: string, ticket: string) {
    this.calls.push(`status:${token}:${ticket}`);
    return this.next(this.script.status, "status");
  }
  private next<T>(steps: Step<T>[] | undefined, name: string): T {
    const step = steps?.shift();
    if (step === undefined) throw new Error(`unexpected ${name}`);
    if (step instanceof Error) throw step;
    return step;
  }
}

async function cdr(code: string, qr: boolean): Promise<Buffer> {
  const xml = buildCdrXml({
    id: "1",
    issueDate: "2026-11-25",
    issueTime: "10:00:00",
    responseDate: "2026-11-25",
    responseTime: "10:00:01",
    receiverRuc: "20000000001",
    referenceId: "T001-1",
    documentId: "T001-1",
    responseCode: code,
    description: code === "0" ? "La Guia numero T001-1, ha sido aceptada" : `rechazada ${code}`,
    notes: [],
    ...(qr ? { documentDescription: QR } : {}),
  });
  return zipDocument("R-20000000001-09-T001-1.zip", xml);
}

const endpoint: GreEndpoint = {
  securityUrl: "http://sunat",
  cpeUrl: "http://sunat",
  simulated: true,
  clientId: "client",
  clientSecret: "secret",
  username: "20000000001MODDATOS",
  password: "moddatos",
};
const token = (name: string, expiresIn = 3600): GreToken => ({ accessToken: name, expiresIn });

describe("AttemptGreSubmission", () => {
  let dir: string;
  let store: Store;
  let objects: FilesystemObjectStore;
  let now: Date;
  let published: SubmissionRecord[];
  let tokens: GreTokenCache;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "gre-"));
    store = await openStore({ engine: "sqlite", file: join(dir, "s.sqlite") });
    await store.ensure([submissionsCollection, greTokensCollection]);
    objects = await FilesystemObjectStore.open(join(dir, "objects"));
    now = new Date("2026-11-25T15:00:00.000Z");
    published = [];
    tokens = new GreTokenCache(store, randomBytes(32));
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function queued(id = "doc_1", number = 1): Promise<SubmissionRecord> {
    const xmlKey = `cmp_1/test/${id}/20000000001-09-T001-${number}.xml`;
    await objects.put(xmlKey, Buffer.from("<DespatchAdvice/>"), "application/xml");
    await new QueueSubmission(
      store,
      { deadlineMs: 0 },
      () => undefined,
      () => now,
    ).execute(
      create(DocumentSignedSchema, {
        documentId: id,
        companyId: "cmp_1",
        livemode: false,
        ruc: "20000000001",
        type: "09",
        series: "T001",
        number,
        issueDate: "2026-11-25",
        fileName: `20000000001-09-T001-${number}`,
        xmlKey,
        hash: "h",
      }),
    );
    return (await new SubmissionRepository(store).find("cmp_1", false, id))!;
  }

  const attempt = (gre: GreClient) =>
    new AttemptGreSubmission(
      store,
      objects,
      gre,
      async () => endpoint,
      tokens,
      { execute: async (r: SubmissionRecord) => void published.push(structuredClone(r)) } as never,
      { retryDelaysMs: [1000, 5000], pollFirstMs: 1000, pollMaxMs: 8000 },
      createLogger("test", "silent"),
      () => now,
    );

  it("the deadline of a guide is the end of the day after its issue date (Lima)", async () => {
    expect((await queued()).deadline_at).toBe("2026-11-27T04:59:59.999Z");
  });

  it("sends, polls a pending ticket with backoff, then stores SUNAT's CDR with its QR URL", async () => {
    const gre = new ScriptedGre({
      token: [token("t1")],
      send: [{ ticket: "tk-1" }],
      status: [{ code: "98" }, { code: "98" }, { code: "98" }, { code: "0", cdrZip: await cdr("0", true) }],
    });
    const record = await queued();
    const run = attempt(gre);
    await run.execute(record);
    expect(record).toMatchObject({ ticket: "tk-1", state: "uncertain", attempts: 1 });
    expect(record.next_attempt_at).toBe("2026-11-25T15:00:01.000Z");
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      await run.execute(record);
      delays.push(new Date(record.next_attempt_at).getTime() - now.getTime());
    }
    expect(delays).toEqual([2000, 4000, 8000]);
    expect(record.ticket_polls).toBe(3);
    await run.execute(record);
    expect(record).toMatchObject({
      state: "done",
      outcome: "accepted",
      sunat: { code: "0", simulated: true },
    });
    expect(gre.calls).toEqual([
      "token",
      "send:t1",
      "status:t1:tk-1",
      "status:t1:tk-1",
      "status:t1:tk-1",
      "status:t1:tk-1",
    ]);
    const stored = await objects.get(record.cdr_key!);
    expect(readCdrZip(stored!.body).cdr.documentDescription).toBe(QR);
    expect(published).toHaveLength(1);
  });

  it("one token serves many guides until shortly before it expires, then a new one is asked for", async () => {
    const gre = new ScriptedGre({
      token: [token("t1", 3600), token("t2", 3600)],
      send: [{ ticket: "a" }, { ticket: "b" }, { ticket: "c" }],
    });
    const run = attempt(gre);
    await run.execute(await queued("doc_1", 1));
    await run.execute(await queued("doc_2", 2));
    now = new Date(now.getTime() + 3000 * 1000); // 50 min: within the 10-minute refresh margin
    await run.execute(await queued("doc_3", 3));
    expect(gre.calls).toEqual(["token", "send:t1", "send:t1", "token", "send:t2"]);
  });

  it("a token refused on send is dropped and the guide is sent again with a new one", async () => {
    const gre = new ScriptedGre({
      token: [token("old"), token("new")],
      send: [new GreRequestError("401 No autorizado", 401, "401"), { ticket: "tk" }],
    });
    const record = await queued();
    const run = attempt(gre);
    await run.execute(record);
    expect(record).toMatchObject({ state: "queued", failures: 1 });
    expect(record.ticket ?? null).toBeNull();
    await run.execute(record);
    expect(gre.calls).toEqual(["token", "send:old", "token", "send:new"]);
    expect(record.ticket).toBe("tk");
  });

  it("token service errors and 5xx are transient", async () => {
    const gre = new ScriptedGre({
      token: [new SunatUnavailableError("SUNAT GRE answered HTTP 503", true), token("t")],
      send: [new SunatUnavailableError("SUNAT GRE answered HTTP 500", false), { ticket: "tk" }],
    });
    const record = await queued();
    const run = attempt(gre);
    await run.execute(record);
    expect(record).toMatchObject({ state: "queued", failures: 1 });
    await run.execute(record);
    expect(record).toMatchObject({ state: "queued", failures: 2 });
    await run.execute(record);
    expect(record.ticket).toBe("tk");
  });

  it("SUNAT's rejection code on the ticket is the verdict, with its CDR", async () => {
    const gre = new ScriptedGre({
      token: [token("t")],
      send: [{ ticket: "tk" }],
      status: [
        { code: "99", errorCode: "2566", errorDescription: "falta placa", cdrZip: await cdr("2566", false) },
      ],
    });
    const record = await queued();
    const run = attempt(gre);
    await run.execute(record);
    await run.execute(record);
    expect(record).toMatchObject({ state: "done", outcome: "rejected", sunat: { code: "2566" } });
    expect(record.cdr_key).not.toBeNull();
  });

  it("a lost send reply is sent again; SUNAT's 1033 (registered before) ends it without a second registration", async () => {
    const gre = new ScriptedGre({
      token: [token("t")],
      send: [new SunatUnavailableError("socket hang up", true), { ticket: "tk2" }],
      status: [
        {
          code: "99",
          errorCode: "1033",
          errorDescription: "El comprobante fue registrado previamente con otros datos",
        },
      ],
    });
    const record = await queued();
    const run = attempt(gre);
    await run.execute(record);
    expect(record).toMatchObject({ state: "uncertain" });
    expect(record.ticket ?? null).toBeNull();
    await run.execute(record);
    await run.execute(record);
    expect(record).toMatchObject({ state: "done", outcome: "accepted", sunat: { code: "1033" } });
  });

  it("past the deadline without a ticket the guide is rejected; with a ticket it keeps being polled", async () => {
    const record = await queued();
    now = new Date("2026-11-27T05:00:00.000Z");
    await attempt(new ScriptedGre({})).execute(record);
    expect(record).toMatchObject({
      outcome: "rejected",
      status_details: { code: "submission_deadline_exceeded" },
    });

    now = new Date("2026-11-25T15:00:00.000Z");
    const other = await queued("doc_2", 2);
    const gre = new ScriptedGre({
      token: [token("t"), token("t-later")],
      send: [{ ticket: "tk" }],
      status: [{ code: "0", cdrZip: await cdr("0", true) }],
    });
    await attempt(gre).execute(other);
    now = new Date("2026-11-28T00:00:00.000Z");
    await attempt(gre).execute(other);
    expect(other).toMatchObject({ outcome: "accepted" });
  });
});
