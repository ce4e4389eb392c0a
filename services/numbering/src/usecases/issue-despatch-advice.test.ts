import { openStore, type Store } from "@einvoice/store";
import { validateDespatchAdvice } from "@einvoice/tax-engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { documentsCollection } from "../adapters/document-repository.js";
import { type OutboxEntry, outboxCollection } from "../adapters/outbox.js";
import { GetDocument } from "./get-document.js";
import { IssueDespatchAdvice } from "./issue-despatch-advice.js";
import { IssueQueue } from "./issue-queue.js";

const scope = { companyId: "cmp_1", livemode: false };
const issuer = {
  ruc: "20000000001",
  legal_name: "EMPRESA SAC",
  address: { line: "Av. Lima 1", establishment_code: "0000", country_code: "PE" },
};
const guide = (series: string) => {
  const result = validateDespatchAdvice(
    {
      series,
      ...(series.startsWith("V")
        ? { sender: { document_type: "6", document_number: "20500000008", name: "REMITENTE SAC" } }
        : { reason_code: "01", transport_mode: "02" }),
      recipient: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
      start_date: "2026-11-25",
      gross_weight: "10",
      origin: { ubigeo: "150101", address: "AV. LIMA 1" },
      destination: { ubigeo: "040101", address: "CALLE 2" },
      vehicles: [{ plate: "ABC123" }],
      drivers: [
        { document_number: "45678901", first_name: "JUAN", last_name: "PEREZ", license: "Q45678901" },
      ],
      items: [{ description: "Cajas", quantity: "3" }],
    },
    { issuer: { ruc: issuer.ruc, legal_name: issuer.legal_name }, today: "2026-11-25" },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.advice;
};

describe("IssueDespatchAdvice", () => {
  let store: Store;
  let issue: IssueDespatchAdvice;

  beforeEach(async () => {
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([documentsCollection, outboxCollection]);
    issue = new IssueDespatchAdvice(new IssueQueue(store, () => undefined), "http://files");
  });
  afterEach(() => store.close());

  it("numbers T… and V… series apart, with no currency or amounts and the transport data echoed", async () => {
    const t1 = await issue.execute({ scope, issuer, despatch: guide("T001") });
    const t2 = await issue.execute({ scope, issuer, despatch: guide("T001") });
    const v1 = await issue.execute({ scope, issuer, despatch: guide("V001") });
    expect([t1.number, t2.number, v1.number]).toEqual([1, 2, 1]);
    expect(t1).toMatchObject({ type: "09", status: "pending", currency: null, total: null, amounts: null });
    expect(v1.type).toBe("31");
    expect(t1.customer).toMatchObject({ document_number: "20100070970" });
    expect(t1.despatch).toMatchObject({
      transport_mode: "02",
      vehicles: [{ role: "main", plate: "ABC123" }],
    });
    const view = await new GetDocument(store, "http://files").execute(scope, t1.id);
    expect(view.computed).toBeUndefined();
    expect(view.document.despatch?.sender.document_number).toBe("20000000001");
  });

  it("queues documents.despatch_issued with the guide, and a repeated Idempotency-Key spends no number", async () => {
    const first = await issue.execute({ scope, issuer, despatch: guide("T001"), idempotencyKey: "k1" });
    const again = await issue.execute({ scope, issuer, despatch: guide("T001"), idempotencyKey: "k1" });
    expect(again.id).toBe(first.id);
    const outbox = await store.collection<OutboxEntry>(outboxCollection).find({});
    expect(outbox.map((e) => [e._id, e.subject])).toEqual([
      [`${first.id}:despatch_issued`, "documentDespatchIssued"],
    ]);
    expect(outbox[0]?.payload).toMatchObject({ number: 1, despatch: { type: "09", series: "T001" } });
  });
});
