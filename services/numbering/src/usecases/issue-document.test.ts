import { create, equals } from "@bufbuild/protobuf";
import { subjects } from "@einvoice/broker";
import { computedDocuments, issuers } from "@einvoice/contracts";
import { DocumentIssuedSchema } from "@einvoice/proto";
import { openStore, type Store } from "@einvoice/store";
import { computeDocument } from "@einvoice/tax-engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { documentsCollection, seriesCounterKey } from "../adapters/document-repository.js";
import { type OutboxEntry, outboxCollection } from "../adapters/outbox.js";
import { IssueDocument } from "./issue-document.js";
import { IssueQueue } from "./issue-queue.js";

const scope = { companyId: "cmp_1", livemode: false };
const issuer = {
  ruc: "20000000001",
  legal_name: "EMPRESA SAC",
  address: { line: "Av. Lima 1", establishment_code: "0000", country_code: "PE" },
};
const result = computeDocument(
  {
    series: "F001",
    customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
    items: [{ description: "Widget", quantity: 1, unit_price: "100.00" }],
  },
  { type: "01", today: "2026-11-23" },
);
if (!result.ok) throw new Error("fixture invoice refused");
const computed = result.document;

describe("IssueDocument with an idempotency key", () => {
  let store: Store;
  let issue: IssueDocument;

  beforeEach(async () => {
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([documentsCollection, outboxCollection]);
    issue = new IssueDocument(new IssueQueue(store, () => undefined), "http://files");
  });

  afterEach(async () => {
    await store.close();
  });

  it("writes the documents.issued payload the message encoding would write, composed from the checked parts", async () => {
    const handed: OutboxEntry[] = [];
    const issuing = new IssueDocument(new IssueQueue(store, (rows) => handed.push(...rows)), "http://files");
    const document = await issuing.execute({ scope, issuer, computed });
    const [row] = await store.collection<OutboxEntry>(outboxCollection).find({});
    expect(handed).toEqual([row]);
    const expected = create(DocumentIssuedSchema, {
      documentId: document.id,
      companyId: scope.companyId,
      livemode: scope.livemode,
      number: 1,
      issuer: issuers.toMessage(issuer),
      computed: computedDocuments.toMessage(computed),
    });
    const decoded = subjects.documentIssued.payload.decode(row!.payload);
    expect(equals(DocumentIssuedSchema, decoded, expected)).toBe(true);
    expect(row!.payload).toEqual(subjects.documentIssued.payload.encode(expected));
  });

  it("should return the first document to a repeat, spending one number", async () => {
    const first = await issue.execute({ scope, issuer, computed, idempotencyKey: "k" });
    const again = await issue.execute({ scope, issuer, computed, idempotencyKey: "k" });
    expect(again.id).toBe(first.id);
    expect(await store.counters.current(seriesCounterKey(scope, "01", "F001"))).toBe(1);
    const other = await issue.execute({ scope, issuer, computed, idempotencyKey: "k2" });
    expect(other.number).toBe(2);
  });

  it("should give concurrent repeats one document and roll back the losers' numbers", async () => {
    const docs = await Promise.all(
      Array.from({ length: 8 }, () => issue.execute({ scope, issuer, computed, idempotencyKey: "same" })),
    );
    expect(new Set(docs.map((d) => d.id)).size).toBe(1);
    expect(await store.counters.current(seriesCounterKey(scope, "01", "F001"))).toBe(1);
    const next = await issue.execute({ scope, issuer, computed });
    expect(next.number).toBe(2);
  });

  it("should keep keys apart per mode", async () => {
    const test = await issue.execute({ scope, issuer, computed, idempotencyKey: "k" });
    const live = await issue.execute({
      scope: { ...scope, livemode: true },
      issuer,
      computed,
      idempotencyKey: "k",
    });
    expect(live.id).not.toBe(test.id);
  });
});
