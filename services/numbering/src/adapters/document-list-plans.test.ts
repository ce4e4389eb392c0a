/**
 * The document list reads a page from the end of an index that holds the company's documents (or one customer's,
 * or one document's notes) in id order: SQLite searches that index and needs no temporary B-tree to sort, so a
 * page costs the same however many documents the company has. Each `find` is asked of SQLite's planner exactly as
 * the repository issues it; the other filters are checked on the entries read.
 */
import type { Scope } from "@einvoice/domain";
import { SqliteStore, type TransactionScope } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DocumentQuery, DocumentRepository, documentsCollection } from "./document-repository.js";

const scope: Scope = { companyId: "co_1", livemode: false };

describe("document list plans", () => {
  let store: SqliteStore;
  let plans: string[][];
  let planning: TransactionScope;

  beforeEach(async () => {
    store = SqliteStore.open(":memory:");
    await store.ensure([documentsCollection]);
    plans = [];
    planning = store.recordingPlans(plans);
  });
  afterEach(() => store.close());

  async function expectServedBy(query: Omit<DocumentQuery, "limit">, index: string): Promise<void> {
    await new DocumentRepository(planning).list(scope, { limit: 10, ...query });
    expect(plans).toHaveLength(1);
    const plan = plans.pop()!.join("\n");
    expect(plan).toMatch(new RegExp(`^SEARCH \\w+ USING INDEX ${index} \\(`));
    expect(plan).not.toMatch(/TEMP B-TREE/);
  }

  const filters: Omit<DocumentQuery, "limit">[] = [
    {},
    { type: "01" },
    { series: "F001" },
    { status: "accepted" },
    { issueDateGte: "2026-03-01", issueDateLte: "2026-03-31" },
    { type: "01", series: "F001", status: "rejected", issueDateLte: "2026-03-31" },
  ];

  it("lists through (company, mode, id), or a customer's and a document's notes through their own", async () => {
    for (const cursor of [{}, { startingAfter: "doc_m" }, { endingBefore: "doc_m" }]) {
      for (const filter of filters) {
        await expectServedBy({ ...filter, ...cursor }, "documents__company_id__livemode___id");
        await expectServedBy(
          { ...filter, ...cursor, customerDocumentNumber: "20100070970" },
          "documents__company_id__livemode__computed_customer_document_number___id",
        );
      }
      await expectServedBy(
        { ...cursor, referenceDocumentId: "doc_1" },
        "documents__company_id__livemode__computed_reference_document_id___id",
      );
    }
  });
  it("looks a series' other document types up through the numbers' unique index", async () => {
    await new DocumentRepository(planning).findOtherTypeInSeries(scope, "F001", "01");
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans)
      expect(plan.join("\n")).toMatch(
        /^SEARCH \w+ USING INDEX documents__company_id__livemode__type__series__number__unique \(/,
      );
  });
  it("reads a batch of documents by looking each id up, not by reading the company's documents", async () => {
    await new DocumentRepository(planning).findByIds(scope, ["doc_1", "doc_2", "doc_3"]);
    expect(plans).toHaveLength(1);
    expect(plans[0]!.join("\n")).toMatch(/^SEARCH \w+ USING INDEX \w+ \((<expr>=\? AND )*_id=\?\)$/);
  });
});
