import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { INVOICES, type Invoice, invoice } from "../contract/fixtures.js";
import { SqliteStore } from "./sqlite-store.js";

const dir = mkdtempSync(join(tmpdir(), "store-checkpointer-"));
let files = 0;
const nextFile = () => join(dir, `db-${++files}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PAGE = 4096;
/** A write of a few pages: a long customer name fills its own page. */
const bulky = (seq: number): Invoice =>
  invoice(seq, { customer: { ruc: "20100070970", name: "x".repeat(3000) } });

describe("background WAL checkpoints", () => {
  it("copies committed pages into the database file without a checkpoint of the writer", async () => {
    const file = nextFile();
    const store = SqliteStore.open(file, { checkpoints: { intervalMs: 10, restartPages: 100_000 } });
    await store.ensure([INVOICES]);
    const empty = statSync(file).size;
    for (let seq = 1; seq <= 50; seq++) await store.collection<Invoice>(INVOICES).insertOne(bulky(seq));
    // The writer's own checkpoint only comes past thousands of pages: the file grows by the worker's alone.
    while (statSync(file).size <= empty) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(statSync(file).size).toBeGreaterThan(empty + 40 * PAGE);
    await store.close();
  });

  it("makes a WAL under steady writes start again from its beginning", async () => {
    const file = nextFile();
    const store = SqliteStore.open(file, { checkpoints: { intervalMs: 5, restartPages: 40 } });
    await store.ensure([INVOICES]);
    const invoices = store.collection<Invoice>(INVOICES);
    const writes = 600;
    for (let seq = 1; seq <= writes; seq++) await invoices.insertOne(bulky(seq));
    // Every write added at least one frame: a WAL that never restarted would hold them all.
    expect(statSync(`${file}-wal`).size).toBeLessThan(writes * PAGE);
    expect(await invoices.count({})).toBe(writes);
    await store.close();
  });

  it("closes its connection first, so the store's close checkpoints and removes the WAL", async () => {
    const file = nextFile();
    const store = SqliteStore.open(file);
    await store.ensure([INVOICES]);
    for (let seq = 1; seq <= 20; seq++) await store.collection<Invoice>(INVOICES).insertOne(bulky(seq));
    await store.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = SqliteStore.open(file, { backgroundCheckpoints: false });
    await reopened.ensure([INVOICES]);
    expect(await reopened.collection<Invoice>(INVOICES).count({})).toBe(20);
    await reopened.close();
  });
});
