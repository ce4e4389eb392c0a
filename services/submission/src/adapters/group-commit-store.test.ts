import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuplicateKeyError, openStore, type Store, type TransactionScope } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GroupCommitStore } from "./group-commit-store.js";

interface Item {
  _id: string;
  owner: string;
  n: number;
}

const items = { name: "items", indexes: [{ fields: ["owner"] }] };

describe("GroupCommitStore", () => {
  let dir: string;
  let store: Store;
  let transactions: number;
  let grouped: GroupCommitStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "group-commit-"));
    store = await openStore({ engine: "sqlite", file: join(dir, "s.sqlite") });
    await store.ensure([items]);
    transactions = 0;
    const counting: Store = Object.create(store, {
      transaction: {
        value: <R>(work: (tx: TransactionScope) => Promise<R>) => {
          transactions++;
          return store.transaction(work);
        },
      },
    });
    grouped = new GroupCommitStore(counting);
  });

  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("commits writes issued together in one transaction, each caller answered after the commit", async () => {
    const collection = grouped.collection<Item>(items);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => collection.insertOne({ _id: `i${i}`, owner: "a", n: i })),
    );
    expect(transactions).toBe(1);
    // Committed, not merely written: another connection to the file sees every row.
    const other = await openStore({ engine: "sqlite", file: join(dir, "s.sqlite") });
    await other.ensure([items]);
    expect(await other.collection<Item>(items).count({ owner: "a" })).toBe(20);
    await other.close();
  });

  it("writes alone (no transaction) when nothing else is queued", async () => {
    await grouped.collection<Item>(items).insertOne({ _id: "solo", owner: "a", n: 1 });
    expect(transactions).toBe(0);
    expect(await store.collection<Item>(items).findOne({ _id: "solo" })).toEqual({
      _id: "solo",
      owner: "a",
      n: 1,
    });
  });

  it("fails only the write that fails when a batch rolls back", async () => {
    const collection = grouped.collection<Item>(items);
    await collection.insertOne({ _id: "taken", owner: "a", n: 0 });
    const results = await Promise.allSettled([
      collection.insertOne({ _id: "x1", owner: "b", n: 1 }),
      collection.insertOne({ _id: "taken", owner: "b", n: 2 }),
      collection.upsert({ _id: "x2", owner: "b", n: 3 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateKeyError);
    const stored = await store
      .collection<Item>(items)
      .find({ owner: "b" }, { sort: [{ field: "_id", direction: 1 }] });
    expect(stored.map((item) => item._id)).toEqual(["x1", "x2"]);
    expect((await store.collection<Item>(items).findOne({ _id: "taken" }))?.n).toBe(0);
  });

  it("keeps compare-and-set exact inside a batch: one of two racing claims wins", async () => {
    const collection = grouped.collection<Item>(items);
    await collection.insertOne({ _id: "slot", owner: "free", n: 0 });
    const [first, second] = await Promise.all([
      collection.updateOne({ _id: "slot", owner: "free" }, { owner: "doc_1" }),
      collection.updateOne({ _id: "slot", owner: "free" }, { owner: "doc_2" }),
    ]);
    expect(first?.owner).toBe("doc_1");
    expect(second).toBeNull();
    expect((await collection.findOne({ _id: "slot" }))?.owner).toBe("doc_1");
  });

  it("stores an entity as it was when written, not as the caller changed it afterwards", async () => {
    const collection = grouped.collection<Item>(items);
    const item = { _id: "m", owner: "a", n: 1 };
    const saved = Promise.all([
      collection.upsert(item),
      collection.insertOne({ _id: "other", owner: "a", n: 9 }),
    ]);
    item.n = 2;
    await saved;
    expect((await collection.findOne({ _id: "m" }))?.n).toBe(1);
  });

  it("close waits for queued writes", async () => {
    const pending = grouped.collection<Item>(items).insertOne({ _id: "late", owner: "a", n: 1 });
    await grouped.close();
    expect(await store.collection<Item>(items).findOne({ _id: "late" })).not.toBeNull();
    await pending;
  });
});
