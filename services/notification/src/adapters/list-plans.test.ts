/**
 * The newest-first lists read a page from the end of an index that holds their filter's rows in id order: SQLite
 * searches that index and needs no temporary B-tree to sort, so a page costs the same however many rows the
 * company has. Each list's `find` is asked of SQLite's planner exactly as the repository issues it.
 */
import type { Scope } from "@einvoice/domain";
import { SqliteStore, type TransactionScope } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EventRepository, eventsCollection } from "./event-repository.js";
import {
  WebhookRepository,
  webhookDeliveriesCollection,
  webhookEndpointsCollection,
} from "./webhook-repository.js";

const scope: Scope = { companyId: "co_1", livemode: false };

describe("newest-first list plans", () => {
  let store: SqliteStore;
  let plans: string[][];
  let planning: TransactionScope;

  beforeEach(async () => {
    store = SqliteStore.open(":memory:");
    await store.ensure([eventsCollection, webhookEndpointsCollection, webhookDeliveriesCollection]);
    plans = [];
    planning = store.recordingPlans(plans);
  });
  afterEach(() => store.close());

  /** The one plan recorded since the last call: it searches `index` and sorts nothing itself. */
  function expectServedBy(index: string): void {
    expect(plans).toHaveLength(1);
    const plan = plans.pop()!;
    expect(plan.join("\n")).toMatch(new RegExp(`^SEARCH \\w+ USING INDEX ${index} \\(`));
    expect(plan.join("\n")).not.toMatch(/TEMP B-TREE/);
  }

  const events = {
    notBefore: "2026-01-01T00:00:00.000Z",
    limit: 10,
  };
  const cursors = [{}, { startingAfter: "evt_m" }, { endingBefore: "evt_m" }];
  const ranges = [
    {},
    { createdGte: "2026-03-01T00:00:00.000Z" },
    { createdLte: "2026-04-01T00:00:00.000Z" },
    { createdGte: "2026-03-01T00:00:00.000Z", createdLte: "2026-04-01T00:00:00.000Z" },
  ];

  it("lists events through (company, mode, id), or with the type or the document before the id", async () => {
    const repository = new EventRepository(planning);
    for (const cursor of cursors)
      for (const range of ranges) {
        await repository.list(scope, { ...events, ...range, ...cursor });
        // The created_at bounds bound the id too: the search starts and stops inside the index.
        expect(plans.at(-1)!.join("\n")).toMatch("createdLte" in range ? /_id>\? AND _id<\?/ : /_id>\?/);
        expectServedBy("events__company_id__livemode___id");
        await repository.list(scope, { ...events, ...range, ...cursor, type: "document.accepted" });
        expectServedBy("events__company_id__livemode__type___id");
        await repository.list(scope, { ...events, ...range, ...cursor, documentId: "doc_1" });
        expectServedBy("events__company_id__livemode__document_id___id");
        await repository.list(scope, {
          ...events,
          ...range,
          ...cursor,
          documentId: "doc_1",
          type: "document.accepted",
        });
        expect(plans.pop()!.join("\n")).not.toMatch(/TEMP B-TREE/);
      }
  });

  it("lists an endpoint's deliveries, and its endpoints, through indexes that end with the id", async () => {
    const repository = new WebhookRepository(planning);
    for (const cursor of cursors) {
      await repository.listDeliveries(scope, "we_1", undefined, { limit: 10, ...cursor });
      expectServedBy("webhook_deliveries__company_id__livemode__endpoint_id___id");
      await repository.listDeliveries(scope, "we_1", "failed", { limit: 10, ...cursor });
      expectServedBy("webhook_deliveries__company_id__livemode__endpoint_id__status___id");
      await repository.listEndpoints(scope, { limit: 10, ...cursor });
      expectServedBy("webhook_endpoints__company_id__livemode___id");
    }
  });
});
