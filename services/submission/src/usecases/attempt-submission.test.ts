import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { FilesystemObjectStore } from "@einvoice/objects";
import { createLogger } from "@einvoice/platform";
import { DocumentSignedSchema } from "@einvoice/proto";
import { openStore, type Store } from "@einvoice/store";
import {
  buildCdrXml,
  buildGetStatusCdrResponse,
  buildSendBillResponse,
  buildSoapFault,
  parseSoapResponse,
  type SoapResponse,
  zipDocument,
} from "@einvoice/sunat";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BillServiceClient, SunatUnavailableError } from "../adapters/bill-service-client.js";
import {
  type SubmissionRecord,
  SubmissionRepository,
  submissionsCollection,
} from "../adapters/submission-repository.js";
import { SolCredentialsMissingError, type SunatEndpoint } from "../adapters/sunat-endpoints.js";
import { AttemptSubmission } from "./attempt-submission.js";
import { QueueSubmission } from "./queue-submission.js";

type Step = SoapResponse | SunatUnavailableError;

/** A SUNAT that answers from a script and records what it was asked. */
class ScriptedSunat implements BillServiceClient {
  readonly calls: string[] = [];
  constructor(private readonly script: { sendBill?: Step[]; getStatusCdr?: Step[] }) {}
  async sendBill() {
    this.calls.push("sendBill");
    return this.next(this.script.sendBill, "sendBill");
  }
  async getStatusCdr() {
    this.calls.push("getStatusCdr");
    return this.next(this.script.getStatusCdr, "getStatusCdr");
  }
  private next(steps: Step[] | undefined, name: string): SoapResponse {
    const step = steps?.shift();
    if (!step) throw new Error(`unexpected ${name}`);
    if (step instanceof Error) throw step;
    return step;
  }
}

async function cdrZip(code: string, notes: { code: string; text: string }[] = []): Promise<Buffer> {
  const xml = buildCdrXml({
    id: "1",
    issueDate: "2026-11-22",
    issueTime: "10:00:00",
    responseDate: "2026-11-22",
    responseTime: "10:00:01",
    receiverRuc: "20000000001",
    referenceId: "F001-1",
    documentId: "F001-1",
    responseCode: code,
    description: code === "0" ? "La Factura numero F001-1, ha sido aceptada" : `observada ${code}`,
    notes,
  });
  return zipDocument("R-20000000001-01-F001-1.zip", xml);
}
const accepted = async (code = "0", notes: { code: string; text: string }[] = []) =>
  parseSoapResponse(buildSendBillResponse((await cdrZip(code, notes)).toString("base64")));
const fault = (code: string) => parseSoapResponse(buildSoapFault(code));
const statusCdr = async (code: string | null) =>
  parseSoapResponse(
    code === null
      ? buildGetStatusCdrResponse({ statusCode: "0127", statusMessage: "El comprobante no existe" })
      : buildGetStatusCdrResponse({
          statusCode: "0004",
          statusMessage: "La constancia existe",
          contentBase64: (await cdrZip(code)).toString("base64"),
        }),
  );
const lost = () => new SunatUnavailableError("socket hang up", true);
const refused = () => new SunatUnavailableError("connect ECONNREFUSED", false);

const endpoint: SunatEndpoint = {
  billUrl: "http://sunat/billService",
  consultUrl: "http://sunat/billConsultService",
  solUser: "MODDATOS",
  solPassword: "moddatos",
  simulated: true,
};

describe("AttemptSubmission", () => {
  let dir: string;
  let store: Store;
  let objects: FilesystemObjectStore;
  let now: Date;
  let published: SubmissionRecord[];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "submission-"));
    store = await openStore({ engine: "sqlite", file: join(dir, "s.sqlite") });
    await store.ensure([submissionsCollection]);
    objects = await FilesystemObjectStore.open(join(dir, "objects"));
    await objects.put(
      "cmp_1/test/doc_1/20000000001-01-F001-1.xml",
      Buffer.from("<Invoice/>"),
      "application/xml",
    );
    now = new Date("2026-11-22T15:00:00.000Z");
    published = [];
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function queued(type = "01", deadlineMs = 0): Promise<SubmissionRecord> {
    await new QueueSubmission(
      store,
      { deadlineMs },
      () => undefined,
      () => now,
    ).execute(
      create(DocumentSignedSchema, {
        documentId: "doc_1",
        companyId: "cmp_1",
        livemode: false,
        ruc: "20000000001",
        type,
        series: type === "01" ? "F001" : "B001",
        number: 1,
        issueDate: "2026-11-22",
        fileName: `20000000001-${type}-${type === "01" ? "F001" : "B001"}-1`,
        xmlKey: "cmp_1/test/doc_1/20000000001-01-F001-1.xml",
        hash: "h",
      }),
    );
    return (await new SubmissionRepository(store).find("cmp_1", false, "doc_1"))!;
  }

  function attempt(sunat: BillServiceClient, resolve: () => Promise<SunatEndpoint> = async () => endpoint) {
    return new AttemptSubmission(
      store,
      objects,
      sunat,
      resolve,
      {
        execute: async (r: SubmissionRecord) => {
          published.push(structuredClone(r));
        },
      } as never,
      { retryDelaysMs: [1_000, 5_000, 30_000, 120_000] },
      createLogger("test", "silent"),
      () => now,
    );
  }

  /** Runs passes until done, moving the clock to each next attempt. */
  async function runToEnd(sunat: BillServiceClient, record: SubmissionRecord, maxPasses = 10) {
    const use = attempt(sunat);
    for (let pass = 0; pass < maxPasses && record.state !== "done"; pass++) {
      now = new Date(Math.max(now.getTime(), new Date(record.next_attempt_at).getTime()));
      await use.execute(record);
    }
    return record;
  }

  it("accepted: stores the CDR and publishes the verdict", async () => {
    const sunat = new ScriptedSunat({ sendBill: [await accepted()] });
    const record = await runToEnd(sunat, await queued());
    expect(record).toMatchObject({ state: "done", outcome: "accepted", attempts: 1, status_queries: 0 });
    expect(record.sunat).toMatchObject({ code: "0", simulated: true });
    expect(record.cdr_key).toBe("cmp_1/test/2026-11-22/doc_1_R-20000000001-01-F001-1.zip");
    expect(await objects.get(record.cdr_key!)).not.toBeNull();
    expect(published).toHaveLength(1);
    // What the verdict passes on for numbering to record the signature again.
    expect(published[0]).toMatchObject({ xml_key: "cmp_1/test/doc_1/20000000001-01-F001-1.xml", hash: "h" });
  });

  it("observed: code 0 with notes, as SUNAT answers observations", async () => {
    const sunat = new ScriptedSunat({ sendBill: [await accepted("0", [{ code: "4287", text: "precio" }])] });
    const record = await runToEnd(sunat, await queued());
    expect(record).toMatchObject({ outcome: "observed", sunat: { code: "0" } });
  });

  it("observed: a 4xxx response code with its notes", async () => {
    const sunat = new ScriptedSunat({
      sendBill: [await accepted("4287", [{ code: "4287", text: "precio" }])],
    });
    const record = await runToEnd(sunat, await queued());
    expect(record.outcome).toBe("observed");
    expect(record.sunat?.notes).toEqual([{ code: "4287", description: "precio" }]);
  });

  it("rejected: a 2000–3999 fault is final", async () => {
    const record = await runToEnd(new ScriptedSunat({ sendBill: [fault("3277")] }), await queued());
    expect(record).toMatchObject({ outcome: "rejected", sunat: { code: "3277" }, cdr_key: null });
  });

  it("a transient exception is retried after the backoff without a status query", async () => {
    const sunat = new ScriptedSunat({ sendBill: [fault("0100"), await accepted()] });
    const record = await queued();
    await attempt(sunat).execute(record);
    expect(record).toMatchObject({
      state: "queued",
      failures: 1,
      next_attempt_at: "2026-11-22T15:00:01.000Z",
    });
    await runToEnd(sunat, record);
    expect(sunat.calls).toEqual(["sendBill", "sendBill"]);
    expect(record.outcome).toBe("accepted");
  });

  it("a non-transient exception backs off further", async () => {
    const sunat = new ScriptedSunat({ sendBill: [fault("0111")] });
    const record = await queued();
    await attempt(sunat).execute(record);
    expect(record.next_attempt_at).toBe("2026-11-22T15:02:00.000Z");
  });

  it("a lost reply is resolved by getStatusCdr, never by a second send", async () => {
    const sunat = new ScriptedSunat({ sendBill: [lost()], getStatusCdr: [await statusCdr("0")] });
    const record = await runToEnd(sunat, await queued());
    expect(sunat.calls).toEqual(["sendBill", "getStatusCdr"]);
    expect(record).toMatchObject({ outcome: "accepted", attempts: 1, status_queries: 1 });
    expect(record.cdr_key).not.toBeNull();
  });

  it("a lost request that SUNAT never registered is sent again after the status query says so", async () => {
    const sunat = new ScriptedSunat({
      sendBill: [lost(), await accepted()],
      getStatusCdr: [await statusCdr(null)],
    });
    const record = await runToEnd(sunat, await queued());
    expect(sunat.calls).toEqual(["sendBill", "getStatusCdr", "sendBill"]);
    expect(record.outcome).toBe("accepted");
  });

  it("a refused connection needs no status query", async () => {
    const sunat = new ScriptedSunat({ sendBill: [refused(), await accepted()] });
    const record = await runToEnd(sunat, await queued());
    expect(sunat.calls).toEqual(["sendBill", "sendBill"]);
    expect(record.outcome).toBe("accepted");
  });

  it("records each failure's problem in the caller's words, and what the progress then shows", async () => {
    const timedOut = new SunatUnavailableError("SUNAT call failed: timeout", true, {
      cause: new DOMException("The operation timed out", "TimeoutError"),
    });
    const http503 = new SunatUnavailableError("SUNAT answered HTTP 503", true, { answered: true });
    const cases: Array<[Step, string]> = [
      [refused(), "sunat_unreachable"],
      [timedOut, "sunat_no_answer"],
      [lost(), "sunat_no_answer"],
      [http503, "sunat_unavailable"],
      [fault("0109"), "sunat_busy"],
      [fault("0111"), "sunat_refused_send"],
    ];
    for (const [step, problem] of cases) {
      await store.collection<SubmissionRecord>(submissionsCollection).deleteOne({ _id: "doc_1" });
      const record = await queued();
      // A lost answer is followed by a status query: SUNAT does not answer that either.
      const sunat = new ScriptedSunat({ sendBill: [step], getStatusCdr: [lost()] });
      await attempt(sunat).execute(record);
      expect([problem, record.last_problem]).toEqual([problem, problem]);
      expect(record.attempts).toBe(1);
    }
  });

  it("live mode without SOL credentials reads as sol_credentials_missing", async () => {
    const record = await queued();
    await attempt(new ScriptedSunat({}), async () => {
      throw new SolCredentialsMissingError("company cmp_1 has no live SOL credentials");
    }).execute(record);
    expect(record).toMatchObject({ attempts: 0, last_problem: "sol_credentials_missing" });
  });

  // Also the repair of an "uncertain" mark lost in a power cut (it is not durable): the next send is answered so.
  it.each(["1033", "2223"])("%s on a send recovers the registered CDR", async (code) => {
    const sunat = new ScriptedSunat({ sendBill: [fault(code)], getStatusCdr: [await statusCdr("0")] });
    const record = await runToEnd(sunat, await queued());
    expect(record).toMatchObject({ outcome: "accepted", sunat: { code: "0" } });
  });

  it("1032 on a receipt's resend means SUNAT holds it refused or voided", async () => {
    const sunat = new ScriptedSunat({ sendBill: [lost(), fault("1032")] });
    const record = await runToEnd(sunat, await queued("03"));
    expect(record).toMatchObject({ outcome: "rejected", sunat: { code: "1032" } });
  });

  it("a receipt cannot be queried: after a lost reply it is resent and 1033 proves SUNAT holds it", async () => {
    const sunat = new ScriptedSunat({ sendBill: [lost(), fault("1033")] });
    const record = await runToEnd(sunat, await queued("03"));
    expect(sunat.calls).toEqual(["sendBill", "sendBill"]);
    expect(record).toMatchObject({ outcome: "accepted", sunat: { code: "1033" }, cdr_key: null });
  });

  it("an outage of the consult service keeps the document uncertain and retries the query", async () => {
    const sunat = new ScriptedSunat({ sendBill: [lost()], getStatusCdr: [lost(), await statusCdr("0")] });
    const record = await runToEnd(sunat, await queued());
    expect(sunat.calls).toEqual(["sendBill", "getStatusCdr", "getStatusCdr"]);
    expect(record.outcome).toBe("accepted");
  });

  it("the deadline rejects an unanswered document and says why", async () => {
    const sunat = new ScriptedSunat({ sendBill: Array.from({ length: 10 }, () => fault("0100")) });
    const record = await runToEnd(sunat, await queued("01", 4_000));
    expect(record).toMatchObject({
      state: "done",
      outcome: "rejected",
      sunat: null,
      status_details: { code: "submission_deadline_exceeded" },
    });
    expect(record.status_details?.message).toContain("0100");
    expect(now.toISOString()).toBe("2026-11-22T15:00:04.000Z");
    expect(published.at(-1)?.outcome).toBe("rejected");
  });

  it("at the deadline an uncertain document is queried once more before it is rejected", async () => {
    const sunat = new ScriptedSunat({ sendBill: [lost()], getStatusCdr: [await statusCdr("0")] });
    const record = await queued("01", 1);
    await attempt(sunat).execute(record);
    now = new Date(now.getTime() + 10);
    await attempt(sunat).execute(record);
    expect(record.outcome).toBe("accepted");
  });

  it("live mode without SOL credentials waits, then the deadline rejects it", async () => {
    const missing = async () => {
      throw new SolCredentialsMissingError("company cmp_1 has no live SOL credentials");
    };
    const record = await queued("01", 60_000);
    const use = attempt(new ScriptedSunat({}), missing);
    await use.execute(record);
    expect(record).toMatchObject({ state: "queued", last_error: expect.stringContaining("SOL") });
    now = new Date(now.getTime() + 60_000);
    await use.execute(record);
    expect(record).toMatchObject({
      outcome: "rejected",
      status_details: { code: "submission_deadline_exceeded" },
    });
  });
});
