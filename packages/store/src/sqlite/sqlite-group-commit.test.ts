import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Boom, INVOICES, type Invoice, invoice } from "../contract/fixtures.js";
import { DuplicateKeyError } from "../port.js";
import { SqliteStore } from "./sqlite-store.js";

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

describe("sqlite group commit", () => {
  let dir: string;
  let store: SqliteStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "store-group-"));
    store = SqliteStore.open(join(dir, "db.sqlite"));
    await store.ensure([INVOICES]);
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("commits concurrent transactions and writes together, each failing one rolled back alone", async () => {
    const invoices = store.collection<Invoice>(INVOICES);
    await invoices.insertOne(invoice(1000));
    const before = store.commits;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => {
        if (i % 3 === 2) return invoices.insertOne(invoice(2000 + i)); // a plain write joins the group too
        return store.transaction(async (tx) => {
          const seq = await tx.counters.increment("F001");
          const scoped = tx.collection<Invoice>(INVOICES);
          await scoped.insertOne(invoice(seq));
          if (i === 10) throw new Boom("body failed after writing");
          if (i === 19) await scoped.insertOne(invoice(1000)); // duplicate key
          return seq;
        });
      }),
    );
    const failed = outcomes.flatMap((o, i) => (o.status === "rejected" ? [i] : []));
    expect(failed).toEqual([10, 19]);
    expect((outcomes[10] as PromiseRejectedResult).reason).toBeInstanceOf(Boom);
    expect((outcomes[19] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateKeyError);
    // 40 transactions, two rolled back: 38 consecutive numbers, none lost to the failed ones.
    const numbers = outcomes.flatMap((o, i) => (o.status === "fulfilled" && i % 3 !== 2 ? [o.value] : []));
    expect([...numbers].sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 38 }, (_, i) => i + 1),
    );
    expect(await store.counters.current("F001")).toBe(38);
    expect(await invoices.count({})).toBe(1 + 38 + 20);
    // Everything that queued while the first group ran shared the next COMMIT.
    expect(store.commits - before).toBeLessThanOrEqual(3);
  });

  it("answers a transaction only after its group committed", async () => {
    const invoices = store.collection<Invoice>(INVOICES);
    const seen: string[] = [];
    const first = store.transaction(async (tx) => {
      await tx.collection<Invoice>(INVOICES).insertOne(invoice(1));
    });
    const second = store.transaction(async (tx) => {
      await tx.collection<Invoice>(INVOICES).insertOne(invoice(2));
    });
    // A reader queued now waits for the group: it never sees the uncommitted rows, and runs after the commit.
    const read = invoices.count({}).then((n) => seen.push(`read ${n}`));
    await Promise.all([first.then(() => seen.push("first")), second.then(() => seen.push("second")), read]);
    expect(seen).toEqual(["first", "second", "read 2"]);
  });

  it("answers writers and readers only once the WAL of their COMMIT is synced, without blocking the event loop", async () => {
    const file = join(dir, "held.sqlite");
    const syncs: { release: () => void; walBytes: number }[] = [];
    const held = SqliteStore.open(file, {
      walSync: async (wal) => {
        const walBytes = (await wal.stat()).size;
        await new Promise<void>((release) => syncs.push({ release, walBytes }));
        await wal.datasync();
      },
    });
    try {
      await expect(held.ensure([INVOICES])).resolves.toBeUndefined();
      const invoices = held.collection<Invoice>(INVOICES);
      const seen: string[] = [];
      const write = invoices.insertOne(invoice(1)).then(() => seen.push("write"));
      const read = invoices.count({}).then((n) => seen.push(`read ${n}`));
      await until(() => syncs.length === 1);
      // COMMIT has run and the frames are in the WAL, but nobody has been answered while the sync is pending,
      // and the event loop still turns (this test runs).
      expect(syncs[0]!.walBytes).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual([]);
      // A write arriving during the sync joins the next group, synced on its own.
      const later = invoices.insertOne(invoice(2)).then(() => seen.push("later"));
      syncs[0]!.release();
      await Promise.all([write, read]);
      expect(seen).toEqual(["write", "read 1"]);
      await until(() => syncs.length === 2);
      expect(seen).not.toContain("later");
      syncs[1]!.release();
      await later;
      expect(await invoices.count({})).toBe(2);
    } finally {
      for (const sync of syncs) sync.release();
      await held.close();
    }
  });

  it("answers a non-durable transaction without a WAL sync, and the next durable commit syncs both", async () => {
    const file = join(dir, "lazy.sqlite");
    const synced: number[] = [];
    const lazy = SqliteStore.open(file, {
      walSync: async (wal) => {
        synced.push((await wal.stat()).size);
        await wal.datasync();
      },
    });
    try {
      await lazy.ensure([INVOICES]);
      const invoices = lazy.collection<Invoice>(INVOICES);
      await invoices.insertOne(invoice(1));
      expect(synced).toHaveLength(1);
      // Alone in its group: committed, readable and answered, no sync.
      await lazy.transaction((tx) => tx.collection<Invoice>(INVOICES).deleteOne({ _id: invoice(1)._id }), {
        durable: false,
      });
      expect(synced).toHaveLength(1);
      expect(await invoices.count({})).toBe(0);
      // The next durable commit syncs the whole WAL, the earlier frames with it.
      await invoices.insertOne(invoice(2));
      expect(synced).toHaveLength(2);
      expect(synced[1]).toBeGreaterThan(synced[0]!);
      // In a group with a durable member, a non-durable one is answered after the same sync.
      const syncsWhenAnswered: number[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const durable = lazy.transaction(async (tx) => {
        await held;
        await tx.collection<Invoice>(INVOICES).insertOne(invoice(3));
      });
      const grouped = lazy
        .transaction((tx) => tx.collection<Invoice>(INVOICES).insertOne(invoice(4)), { durable: false })
        .then(() => syncsWhenAnswered.push(synced.length));
      release();
      await durable;
      await grouped;
      expect(syncsWhenAnswered).toEqual([3]);
      expect(lazy.syncs).toBe(synced.length);
      expect(lazy.commits).toBeGreaterThan(lazy.syncs);
    } finally {
      await lazy.close();
    }
  });

  it("with durableCommits false, no commit waits for a WAL sync, and what it committed is on file", async () => {
    const file = join(dir, "no-sync.sqlite");
    let syncs = 0;
    const quick = SqliteStore.open(file, {
      durableCommits: false,
      walSync: async () => {
        syncs++;
      },
    });
    try {
      await quick.ensure([INVOICES]);
      await quick.collection<Invoice>(INVOICES).insertOne(invoice(1));
      await quick.transaction((tx) => tx.collection<Invoice>(INVOICES).insertOne(invoice(2)));
      expect(syncs).toBe(0);
      expect(quick.syncs).toBe(0);
      // Another connection (another process would do the same) reads both from the WAL.
      const other = new Database(file, { readonly: true });
      try {
        expect(other.prepare("SELECT count(*) AS n FROM invoices").get()).toMatchObject({ n: 2 });
      } finally {
        other.close();
      }
    } finally {
      await quick.close();
    }
  });

  it("commits with synchronous = NORMAL and a failed WAL sync fails the writers of that group", async () => {
    const file = join(dir, "failing.sqlite");
    let fail = false;
    const failing = SqliteStore.open(file, {
      walSync: async (wal) => {
        if (fail) throw new Error("EIO: sync failed");
        await wal.datasync();
      },
    });
    try {
      await failing.ensure([INVOICES]);
      const invoices = failing.collection<Invoice>(INVOICES);
      await invoices.insertOne(invoice(1));
      fail = true;
      await expect(invoices.insertOne(invoice(2))).rejects.toThrow("EIO");
      fail = false;
      await invoices.insertOne(invoice(3));
    } finally {
      await failing.close();
    }
    const reopened = new Database(file, { readonly: true });
    try {
      expect(reopened.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(reopened.prepare("SELECT count(*) AS n FROM invoices").get()).toMatchObject({ n: 3 });
    } finally {
      reopened.close();
    }
  });

  it("refuses queued work once closed", async () => {
    const closing = store.close();
    await expect(store.transaction(async () => 1)).rejects.toThrow();
    await closing;
  });
});
