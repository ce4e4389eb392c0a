import { Code, ConnectError } from "@connectrpc/connect";
import { newId } from "@einvoice/platform";
import { SqliteStore } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type EventRecord, EventRepository, eventsCollection } from "../adapters/event-repository.js";
import { GetEvent, ListEvents, PurgeExpiredEvents } from "./read-events.js";

const now = new Date("2026-06-30T12:00:00.000Z");
const retention = { days: 30, clock: () => now };
const scope = { companyId: "cmp_0000000000000000000000000A", livemode: false };

function record(daysAgo: number, overrides: Partial<EventRecord> = {}): EventRecord {
  const at = new Date(now.getTime() - daysAgo * 86_400_000);
  return {
    _id: newId("evt", at.getTime()),
    company_id: scope.companyId,
    livemode: false,
    type: "document.accepted",
    created_at: at.toISOString(),
    document_id: newId("doc", at.getTime()),
    source_key: `${daysAgo}:${Math.random()}`,
    object: {},
    ...overrides,
  };
}

describe("reading events within the retention", () => {
  let store: SqliteStore;
  let old: EventRecord;
  let recent: EventRecord[];

  beforeEach(async () => {
    store = SqliteStore.open(":memory:");
    await store.ensure([eventsCollection]);
    const repository = new EventRepository(store);
    old = record(31);
    recent = [record(10), record(5, { type: "document.rejected" }), record(1)];
    for (const r of [old, ...recent]) await repository.insert(r);
  });
  afterEach(() => store.close());

  it("lists only events younger than the retention, newest first", async () => {
    const page = await new ListEvents(store, retention).execute(scope, { limit: 10 });
    expect(page.events.map((e) => e.id)).toEqual(recent.map((r) => r._id).reverse());
  });

  it("does not find an expired event, and purges it", async () => {
    await expect(new GetEvent(store, retention).execute(scope, old._id)).rejects.toSatisfy(
      (e) => e instanceof ConnectError && e.code === Code.NotFound,
    );
    expect(await new PurgeExpiredEvents(store, retention).execute(2)).toBe(1);
    expect(await new EventRepository(store).findBySource(old.source_key)).toBeNull();
    expect((await new ListEvents(store, retention).execute(scope, { limit: 10 })).events).toHaveLength(3);
  });

  it("applies creation bounds inside the retention, and the type filter", async () => {
    const list = new ListEvents(store, retention);
    const since = await list.execute(scope, { limit: 10, createdGte: recent[1]!.created_at });
    expect(since.events.map((e) => e.id)).toEqual([recent[2]!._id, recent[1]!._id]);
    const until = await list.execute(scope, { limit: 10, createdLte: recent[1]!.created_at });
    expect(until.events.map((e) => e.id)).toEqual([recent[1]!._id, recent[0]!._id]);
    const wide = await list.execute(scope, { limit: 10, createdGte: "2000-01-01T00:00:00.000Z" });
    expect(wide.events).toHaveLength(3);
    const rejected = await list.execute(scope, { limit: 10, type: "document.rejected" });
    expect(rejected.events.map((e) => e.id)).toEqual([recent[1]!._id]);
  });

  it("keeps an event at a bound whose id was made a moment before or after its created_at", async () => {
    const at = Date.parse(recent[1]!.created_at);
    const late = record(5, { _id: newId("evt", at + 30_000), source_key: "late" });
    const early = record(5, { _id: newId("evt", at - 30_000), source_key: "early" });
    for (const r of [late, early]) await new EventRepository(store).insert(r);
    const list = new ListEvents(store, retention);
    const exact = { createdGte: recent[1]!.created_at, createdLte: recent[1]!.created_at };
    const page = await list.execute(scope, { limit: 10, ...exact });
    expect(page.events.map((e) => e.id)).toEqual([late._id, recent[1]!._id, early._id]);
    const next = await list.execute(scope, { limit: 1, ...exact, startingAfter: late._id });
    expect([next.events.map((e) => e.id), next.hasMore]).toEqual([[recent[1]!._id], true]);
  });
});
