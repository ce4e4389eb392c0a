import type { BuiltDocument, ComputedDocument, Scope } from "@einvoice/domain";
import { ConnectError, readReason, readViolations } from "@einvoice/platform";
import { openStore, type Store } from "@einvoice/store";
import { computeDocument, computeNote } from "@einvoice/tax-engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DocumentRepository,
  documentsCollection,
  seriesCounterKey,
} from "../adapters/document-repository.js";
import { outboxCollection } from "../adapters/outbox.js";
import { ListDocuments } from "./get-document.js";
import { IssueDocument } from "./issue-document.js";
import { IssueQueue } from "./issue-queue.js";

const scope: Scope = { companyId: "cmp_1", livemode: false };
const TODAY = "2026-11-23";
const issuer = {
  ruc: "20000000001",
  legal_name: "EMPRESA SAC",
  address: { line: "Av. Lima 1", establishment_code: "0000", country_code: "PE" },
};

/** An invoice of 100.00 + 18.00 IGV = 118.00. */
function invoice(): ComputedDocument {
  const result = computeDocument(
    {
      series: "F001",
      customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
      items: [{ description: "Widget", quantity: 1, unit_price: "100.00" }],
    },
    { type: "01", today: TODAY },
  );
  if (!result.ok) throw new Error("fixture invoice refused");
  return result.document;
}

/** A credit note of `unitPrice` + IGV (per item) on `doc`, or an annulment (`01`) when no price is given. */
function creditNote(doc: BuiltDocument, modified: ComputedDocument, unitPrice?: string, series = "FC01") {
  const result = computeNote(
    {
      series,
      document: doc.id,
      reason_code: unitPrice ? "07" : "01",
      description: "Devolución",
      ...(unitPrice ? { items: [{ description: "Widget", quantity: 1, unit_price: unitPrice }] } : {}),
    },
    {
      type: "07",
      today: TODAY,
      modified: {
        id: doc.id,
        type: "01",
        series: doc.series,
        number: doc.number,
        issue_date: doc.issue_date,
        computed: modified,
      },
    },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.document;
}

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectError);
  const e = error as ConnectError;
  const codes = [
    ...readViolations(e).map((v) => `${v.param}:${v.code} ${v.message}`),
    readReason(e)?.code ?? "",
  ];
  return { code: e.code, message: e.rawMessage, details: `${codes.join(" ")} ${e.rawMessage}` };
};

describe("IssueDocument for credit and debit notes", () => {
  let store: Store;
  let issue: IssueDocument;
  let computed: ComputedDocument;
  let original: BuiltDocument;

  const setStatus = (id: string, status: "accepted" | "pending" | "voided") =>
    new DocumentRepository(store).update(scope, id, {}, { status });
  const counter = (type: string, series: string) =>
    store.counters.current(seriesCounterKey(scope, type, series));

  beforeEach(async () => {
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([documentsCollection, outboxCollection]);
    issue = new IssueDocument(new IssueQueue(store, () => undefined), "http://files");
    computed = invoice();
    original = await issue.execute({ scope, issuer, computed });
    await setStatus(original.id, "accepted");
  });

  afterEach(async () => {
    await store.close();
  });

  it("numbers a credit note on its own series counter and lists it on the modified document", async () => {
    const note = await issue.execute({ scope, issuer, computed: creditNote(original, computed, "50.00") });
    expect(note).toMatchObject({ type: "07", series: "FC01", number: 1, total: "59.00" });
    expect(note.reference).toMatchObject({ document_id: original.id, type: "01", series: "F001", number: 1 });
    expect(note.reason).toEqual({ code: "07", description: "Devolución" });
    expect(await counter("01", "F001")).toBe(1);
    expect(await counter("07", "FC01")).toBe(1);
    const modified = await new DocumentRepository(store).findById(scope, original.id);
    expect(modified?.notes).toEqual([{ id: note.id, type: "07", series: "FC01", number: 1, total: "59.00" }]);
    const page = await new ListDocuments(store, "http://files").execute(scope, {
      limit: 10,
      referenceDocumentId: original.id,
    });
    expect(page.documents.map((d) => d.id)).toEqual([note.id]);
  });

  it("refuses credit beyond what is left, cumulatively, and spends no number (ERR 3286)", async () => {
    await issue.execute({ scope, issuer, computed: creditNote(original, computed, "60.00") });
    const refused = await failure(
      issue.execute({ scope, issuer, computed: creditNote(original, computed, "50.00") }),
    );
    expect(refused.details).toContain("credit_exceeds_document");
    expect(refused.details).toContain("47.20");
    expect(await counter("07", "FC01")).toBe(1);
  });

  it("of two credit notes racing for the last sol, accepts one and refuses the other", async () => {
    const results = await Promise.allSettled([
      issue.execute({ scope, issuer, computed: creditNote(original, computed, "80.00") }),
      issue.execute({ scope, issuer, computed: creditNote(original, computed, "80.00") }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await counter("07", "FC01")).toBe(1);
    const modified = await new DocumentRepository(store).findById(scope, original.id);
    expect(modified?.notes).toHaveLength(1);
  });

  it("counts a voided credit note out of the balance", async () => {
    const first = await issue.execute({ scope, issuer, computed: creditNote(original, computed) });
    await setStatus(first.id, "voided");
    const again = await issue.execute({ scope, issuer, computed: creditNote(original, computed) });
    expect(again.total).toBe("118.00");
  });

  it("answers 404 for a document of another scope and 409 for one not accepted, counter unchanged", async () => {
    const other = await failure(
      issue.execute({
        scope: { ...scope, livemode: true },
        issuer,
        computed: creditNote(original, computed, "1.00"),
      }),
    );
    expect(other.code).toBe(5); // NOT_FOUND
    await setStatus(original.id, "pending");
    const pending = await failure(
      issue.execute({ scope, issuer, computed: creditNote(original, computed, "1.00") }),
    );
    expect(pending.code).toBe(9); // FAILED_PRECONDITION
    expect(pending.details).toContain("document_not_modifiable");
    expect(await counter("07", "FC01")).toBe(0);
  });

  it("keeps a series to one document type: a credit note on F001 and an invoice on FC01 are refused", async () => {
    const onInvoiceSeries = await failure(
      issue.execute({ scope, issuer, computed: creditNote(original, computed, "1.00", "F001") }),
    );
    expect(onInvoiceSeries.details).toContain("series_used_by_another_type");
    await issue.execute({ scope, issuer, computed: creditNote(original, computed, "1.00") });
    const invoiceOnNoteSeries = await failure(
      issue.execute({ scope, issuer, computed: { ...computed, series: "FC01" } }),
    );
    expect(invoiceOnNoteSeries.details).toContain("series_used_by_another_type");
    expect(await counter("01", "FC01")).toBe(0);
    expect(await counter("07", "F001")).toBe(0);
  });
});
