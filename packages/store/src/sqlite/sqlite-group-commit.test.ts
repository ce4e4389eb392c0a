import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Boom, INVOICES, type Invoice, invoice } from "../contract/fixtures.js";
import { DuplicateKeyError } from "../port.js";
import { SqliteStore } from "./sqlite-store.js";

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

  it("refuses queued work once closed", async () => {
    const closing = store.close();
    await expect(store.transaction(async () => 1)).rejects.toThrow();
    await closing;
  });
});
