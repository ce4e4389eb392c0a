import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SummaryBatcher, summaryCounterKey } from "./summary-batcher.js";
import { summaryLineOf } from "./summary-plan.js";
import {
  type SummaryRecord,
  summariesCollection,
  type VoidItemRecord,
  voidItemsCollection,
} from "./summary-records.js";

const now = new Date("2026-11-25T15:00:00.000Z");
const item = (n: number): VoidItemRecord => ({
  _id: `doc_${n}:1`,
  document_id: `doc_${n}`,
  attempt: 1,
  company_id: "cmp_1",
  livemode: false,
  ruc: "20000000001",
  legal_name: "EMPRESA",
  kind: "RA",
  reference_date: "2026-11-25",
  line: summaryLineOf({ type: "01", series: "F001", number: n }, "x"),
  state: "waiting",
  summary_id: null,
  received_at: new Date(now.getTime() - 10_000 + n).toISOString(),
});

describe("SummaryBatcher", () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([voidItemsCollection, summariesCollection]);
  });
  afterEach(() => store.close());

  it("gives 20 voids raced by 4 batchers summaries numbered 1..k, each void in exactly one", async () => {
    for (let n = 1; n <= 20; n++)
      await store.collection<VoidItemRecord>(voidItemsCollection).insertOne(item(n));
    const batcher = () =>
      new SummaryBatcher(store, { windowMs: 1_000, maxLines: 3, deadlineMs: 60_000 }, () => now);
    await Promise.all([batcher().execute(), batcher().execute(), batcher().execute(), batcher().execute()]);
    // Whatever lost a race is batched on the next pass.
    await batcher().execute();
    const summaries = await store.collection<SummaryRecord>(summariesCollection).find({});
    const numbers = summaries.map((s) => s.number).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(summaries.map((s) => s.summary_id)).toContain("RA-20261125-1");
    const ids = summaries.flatMap((s) => s.item_ids);
    expect(new Set(ids).size).toBe(20);
    expect(ids).toHaveLength(20);
    expect(Math.max(...summaries.map((s) => s.item_ids.length))).toBeLessThanOrEqual(3);
    expect(await store.counters.current(summaryCounterKey(false, "20000000001", "RA", "2026-11-25"))).toBe(
      summaries.length,
    );
    const waiting = await store.collection<VoidItemRecord>(voidItemsCollection).count({ state: "waiting" });
    expect(waiting).toBe(0);
  });

  it("waits for the window of the oldest void", async () => {
    await store.collection<VoidItemRecord>(voidItemsCollection).insertOne(item(1));
    const early = new SummaryBatcher(store, { windowMs: 20_000, maxLines: 3, deadlineMs: 60_000 }, () => now);
    expect(await early.execute()).toBe(0);
  });
});
