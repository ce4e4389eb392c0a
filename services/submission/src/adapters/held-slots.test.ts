import { SqliteStore } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HeldSlots } from "./held-slots.js";
import { RucSlots, rucSlotsCollection } from "./ruc-slots.js";

const now = new Date("2026-11-22T12:00:00.000Z");
const leaseUntil = new Date(now.getTime() + 30_000).toISOString();
const ruc = "20000000001";

describe("HeldSlots", () => {
  let store: SqliteStore;
  let slots: RucSlots;
  let held: HeldSlots;
  let slot: string;

  beforeEach(async () => {
    store = SqliteStore.open(":memory:");
    await store.ensure([rucSlotsCollection]);
    slots = new RucSlots(store, 1);
    held = new HeldSlots();
    slot = (await slots.acquire(ruc, "doc_1", now, leaseUntil))!;
    held.hold("doc_1", slot);
  });
  afterEach(() => store.close());

  it("frees the slot with the ending write's commit; the scheduler then has none to release", async () => {
    const released = await store.transaction((tx) => held.releaseWithin(tx, "doc_1"));
    expect(await slots.acquire(ruc, "doc_2", now, leaseUntil)).toBe(slot);
    released?.();
    expect(held.take("doc_1")).toBeUndefined();
  });

  it("leaves the slot held, for the scheduler to release, when the ending write rolls back", async () => {
    await expect(
      store.transaction(async (tx) => {
        await held.releaseWithin(tx, "doc_1");
        throw new Error("save failed");
      }),
    ).rejects.toThrow("save failed");
    expect(await slots.acquire(ruc, "doc_2", now, leaseUntil)).toBeNull();
    expect(held.take("doc_1")).toBe(slot);
  });

  it("releases nothing for a document it holds no slot of", async () => {
    expect(await store.transaction((tx) => held.releaseWithin(tx, "doc_9"))).toBeUndefined();
    expect(await slots.acquire(ruc, "doc_2", now, leaseUntil)).toBeNull();
  });
});
