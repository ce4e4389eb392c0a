import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RucSlots, rucSlotsCollection } from "./ruc-slots.js";

describe("RucSlots", () => {
  let dir: string;
  let store: Store;
  const now = new Date("2026-11-22T12:00:00.000Z");
  const later = (ms: number) => new Date(now.getTime() + ms).toISOString();

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "ruc-slots-"));
    store = await openStore({ engine: "sqlite", file: join(dir, "s.sqlite") });
    await store.ensure([rucSlotsCollection]);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("hands out at most the cap per RUC, independently per RUC", async () => {
    const slots = new RucSlots(store, 2);
    expect(await slots.acquire("20000000001", "doc_1", now, later(30_000))).toBe("20000000001#0");
    expect(await slots.acquire("20000000001", "doc_2", now, later(30_000))).toBe("20000000001#1");
    expect(await slots.acquire("20000000001", "doc_3", now, later(30_000))).toBeNull();
    expect(await slots.acquire("20000000010", "doc_4", now, later(30_000))).toBe("20000000010#0");
  });

  it("a released slot is free again; only its holder can release it", async () => {
    const slots = new RucSlots(store, 1);
    const slot = (await slots.acquire("20000000001", "doc_1", now, later(30_000)))!;
    await slots.release(slot, "doc_other");
    expect(await slots.acquire("20000000001", "doc_2", now, later(30_000))).toBeNull();
    await slots.release(slot, "doc_1");
    expect(await slots.acquire("20000000001", "doc_2", now, later(30_000))).toBe(slot);
  });

  it("a slot whose holder vanished frees itself when its lease lapses; renewal keeps it", async () => {
    const slots = new RucSlots(store, 1);
    const slot = (await slots.acquire("20000000001", "doc_1", now, later(1_000)))!;
    await slots.renew(slot, "doc_1", later(5_000));
    expect(await slots.acquire("20000000001", "doc_2", new Date(later(2_000)), later(30_000))).toBeNull();
    expect(await slots.acquire("20000000001", "doc_2", new Date(later(5_000)), later(30_000))).toBe(slot);
  });

  it("a renewal after the release does not take the slot back", async () => {
    const slots = new RucSlots(store, 1);
    const slot = (await slots.acquire("20000000001", "doc_1", now, later(1_000)))!;
    await slots.release(slot, "doc_1");
    await slots.renew(slot, "doc_1", later(30_000));
    expect(await slots.acquire("20000000001", "doc_2", now, later(30_000))).toBe(slot);
  });

  it("takes a slot inside a transaction; a rolled-back transaction leaves it free", async () => {
    const slots = new RucSlots(store, 2);
    await expect(
      store.transaction(async (tx) => {
        expect(await new RucSlots(tx, 2).acquire("20000000001", "doc_1", now, later(30_000))).toBe(
          "20000000001#0",
        );
        throw new Error("claim lost");
      }),
    ).rejects.toThrow("claim lost");
    const taken = await store.transaction((tx) =>
      new RucSlots(tx, 2).acquire("20000000001", "doc_2", now, later(30_000)),
    );
    expect(taken).toBe("20000000001#0");
    expect(await slots.acquire("20000000001", "doc_3", now, later(30_000))).toBe("20000000001#1");
    expect(await slots.acquire("20000000001", "doc_4", now, later(30_000))).toBeNull();
  });
});
