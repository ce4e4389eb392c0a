import { ConnectError, readReason, readViolations, todayInLima } from "@einvoice/platform";
import { openStore, type Store } from "@einvoice/store";
import { computeDocument } from "@einvoice/tax-engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DocumentRepository, documentsCollection } from "../adapters/document-repository.js";
import { type OutboxEntry, outboxCollection } from "../adapters/outbox.js";
import { ApplyVoidOutcome } from "./apply-void-outcome.js";
import { IssueDocument } from "./issue-document.js";
import { IssueQueue } from "./issue-queue.js";
import { VoidDocument } from "./void-document.js";

const scope = { companyId: "cmp_1", livemode: false };
const issuer = {
  ruc: "20000000001",
  legal_name: "EMPRESA SAC",
  address: { line: "Av. Lima 1", establishment_code: "0000", country_code: "PE" },
};
const today = todayInLima();
const result = computeDocument(
  {
    series: "F001",
    customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
    items: [{ description: "Widget", quantity: 1, unit_price: "100.00" }],
  },
  { type: "01", today },
);
if (!result.ok) throw new Error("fixture invoice refused");
const computed = result.document;
const silent = { info: () => undefined, warn: () => undefined } as never;

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectError);
  const e = error as ConnectError;
  return { code: e.code, reason: readReason(e)?.code, violations: readViolations(e) };
};

describe("VoidDocument", () => {
  let store: Store;
  let voids: VoidDocument;
  let id = "";

  const setStatus = (status: "accepted" | "pending" | "rejected") =>
    new DocumentRepository(store).update(scope, id, {}, { status });

  beforeEach(async () => {
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([documentsCollection, outboxCollection]);
    id = (
      await new IssueDocument(new IssueQueue(store, () => undefined), "http://files").execute({
        scope,
        issuer,
        computed,
      })
    ).id;
    voids = new VoidDocument(store, "http://files", () => undefined);
  });
  afterEach(() => store.close());

  it("records a pending void and queues documents.void_requested in one go", async () => {
    await setStatus("accepted");
    const document = await voids.execute(scope, id, "Error en el RUC");
    expect(document.status).toBe("accepted");
    expect(document.void).toMatchObject({ status: "pending", reason: "Error en el RUC", summary_id: null });
    const outbox = await store
      .collection<OutboxEntry>(outboxCollection)
      .find({ _id: `${id}:void_requested:1` });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.subject).toBe("documentVoidRequested");
    // The rate the lines state travels with the void: a receipt's RC line repeats it (cbc:Percent).
    expect(outbox[0]!.payload).toMatchObject({ igv_percent: "18.00" });
  });

  it("gives one of 10 concurrent requests the void and 409 void_in_progress to the others", async () => {
    await setStatus("accepted");
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => voids.execute(scope, id, "x")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect(readReason((r as PromiseRejectedResult).reason as ConnectError)?.code).toBe("void_in_progress");
    }
  });

  it.each([["pending"], ["rejected"]] as const)(
    "refuses a %s document with 409 document_not_voidable",
    async (s) => {
      await setStatus(s);
      expect(await failure(voids.execute(scope, id, "x"))).toMatchObject({ reason: "document_not_voidable" });
    },
  );

  it("refuses a bad reason before looking at the document, and another scope's id as not found", async () => {
    expect((await failure(voids.execute(scope, id, "a\nb"))).violations[0]?.param).toBe("reason");
    expect(await failure(voids.execute({ ...scope, livemode: true }, id, "x"))).toMatchObject({
      reason: "resource_missing",
    });
  });

  it("refuses past the 7-day window with 422 on issue_date, and a guide with 409 despatch_void_in_portal", async () => {
    const repository = new DocumentRepository(store);
    await repository.update(scope, id, {}, { status: "accepted", issue_date: "2020-01-01" });
    const late = await failure(voids.execute(scope, id, "x"));
    expect(late.violations[0]).toMatchObject({ param: "issue_date", code: "void_window_closed" });
    await repository.update(scope, id, {}, { type: "09", issue_date: today });
    expect(await failure(voids.execute(scope, id, "x"))).toMatchObject({ reason: "despatch_void_in_portal" });
  });

  it("applies SUNAT's answer once: voided sets the status, a redelivery changes nothing", async () => {
    await setStatus("accepted");
    await voids.execute(scope, id, "x");
    const apply = new ApplyVoidOutcome(store, "http://files", silent, () => undefined);
    const outcome = {
      documentId: id,
      companyId: scope.companyId,
      livemode: false,
      attempt: 1,
      outcome: "voided",
      summaryId: "RA-20261125-1",
      ticket: "123",
    } as never;
    await apply.execute(outcome);
    await apply.execute(outcome);
    const record = await new DocumentRepository(store).findById(scope, id);
    expect(record?.status).toBe("voided");
    expect(record?.void).toMatchObject({ status: "voided", summary_id: "RA-20261125-1", ticket: "123" });
    expect(await failure(voids.execute(scope, id, "x"))).toMatchObject({ reason: "document_already_voided" });
  });

  it("a failed void leaves the status and allows another attempt", async () => {
    await setStatus("accepted");
    await voids.execute(scope, id, "x");
    const apply = new ApplyVoidOutcome(store, "http://files", silent, () => undefined);
    await apply.execute({
      documentId: id,
      companyId: scope.companyId,
      livemode: false,
      attempt: 1,
      outcome: "failed",
      summaryId: "RA-20261125-1",
      sunat: { code: "2105", description: "no registrado", notes: [], simulated: true },
    } as never);
    const record = await new DocumentRepository(store).findById(scope, id);
    expect(record?.status).toBe("accepted");
    expect(record?.void?.status).toBe("failed");
    const again = await voids.execute(scope, id, "otra vez");
    expect(again.void?.status).toBe("pending");
  });
});
