import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { INVOICES, type Invoice, invoice, THINGS, type Thing } from "../contract/fixtures.js";
import { openStore } from "../open-store.js";
import type { CollectionSpec } from "../port.js";
import { indexFieldsJson, ixPaths } from "./index-fields.js";

const dir = mkdtempSync(join(tmpdir(), "store-ix-"));
let files = 0;
const nextFile = () => join(dir, `db-${++files}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** WAL frames appended since the last truncating checkpoint (4 KB pages). */
function walFrames(file: string): number {
  const size = statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  return size === 0 ? 0 : (size - 32) / (4096 + 24);
}

function truncateWal(file: string): void {
  const db = new Database(file);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

describe("the indexed fields' own column", () => {
  it("holds each indexed path's value as the entity has it, nested for dotted paths", () => {
    expect(indexFieldsJson(["customer.ruc", "paid", "seq"], invoice(7))).toBe(
      JSON.stringify({ customer: { ruc: invoice(7).customer.ruc }, paid: invoice(7).paid, seq: 7 }),
    );
    expect(indexFieldsJson(["externalRef"], invoice(7))).toBe("{}");
    expect(indexFieldsJson(ixPaths(["customer", "customer.ruc"]), invoice(7))).toBe(
      JSON.stringify({ customer: invoice(7).customer }),
    );
    expect(indexFieldsJson([], invoice(7))).toBeNull();
  });

  it("lets an update or upsert that changes no indexed field write the row's page only, no index", async () => {
    const file = nextFile();
    const store = await openStore({ engine: "sqlite", file });
    await store.ensure([INVOICES]);
    const invoices = store.collection<Invoice>(INVOICES);
    for (let seq = 1; seq <= 50; seq++) await invoices.insertOne(invoice(seq));

    truncateWal(file);
    await invoices.updateOne({ _id: "inv-007" }, { total: 99, note: "paid late" });
    expect(walFrames(file)).toBe(1);

    truncateWal(file);
    await invoices.upsert({ ...invoice(8), total: 12 });
    expect(walFrames(file)).toBe(1);

    // A changed indexed field moves its index entries: the old value no longer finds the entity.
    truncateWal(file);
    await invoices.updateOne({ _id: "inv-009" }, { status: "sent" });
    expect(walFrames(file)).toBeGreaterThan(1);
    expect((await invoices.find({ status: "sent" })).map((i) => i._id)).toEqual(["inv-009"]);
    await invoices.upsert({ ...invoice(10), status: "void", customer: { ruc: "20999999990", name: "X" } });
    expect((await invoices.find({ "customer.ruc": "20999999990" })).map((i) => i._id)).toEqual(["inv-010"]);
    expect(await invoices.count({ status: "draft" })).toBe(48);
    await store.close();
  });

  it("brings a file of the layout before it up to date: column filled, indexes rebuilt on it, once", async () => {
    const file = nextFile();
    const old = new Database(file);
    old.pragma("journal_mode = WAL");
    old.exec(`CREATE TABLE "invoices" (_id TEXT PRIMARY KEY, doc TEXT NOT NULL) STRICT`);
    old.exec(`CREATE UNIQUE INDEX "invoices__number__unique" ON "invoices" (json_extract(doc, '$.number'))`);
    old.exec(`CREATE INDEX "invoices__status" ON "invoices" (json_extract(doc, '$.status'))`);
    const insert = old.prepare(`INSERT INTO "invoices" (_id, doc) VALUES (?, ?)`);
    for (let seq = 1; seq <= 2_500; seq++)
      insert.run(invoice(seq)._id, JSON.stringify(invoice(seq, { status: seq % 2 ? "draft" : "sent" })));
    old.close();

    const store = await openStore({ engine: "sqlite", file });
    await store.ensure([INVOICES]);
    const invoices = store.collection<Invoice>(INVOICES);
    expect(await invoices.count({ status: "sent" })).toBe(1_250);
    expect((await invoices.findOne({ number: "F001-2001" }))?._id).toBe("inv-2001");
    expect((await invoices.find({ "customer.ruc": invoice(1).customer.ruc }, { limit: 3 })).length).toBe(3);
    await expect(invoices.insertOne(invoice(9_999, { number: "F001-17" }))).rejects.toThrow();
    await store.close();

    const db = new Database(file, { readonly: true });
    const indexSql = db
      .prepare(
        "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'invoices' AND sql IS NOT NULL",
      )
      .all() as { sql: string }[];
    expect(indexSql.length).toBe(INVOICES.indexes!.length);
    for (const { sql } of indexSql) expect(sql).toContain("json_extract(ix,");
    const missing = db.prepare(`SELECT count(*) AS n FROM "invoices" WHERE ix IS NULL`).get() as {
      n: number;
    };
    expect(missing.n).toBe(0);
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM invoices WHERE json_extract(ix, '$.status') = ?`)
      .all("sent") as { detail: string }[];
    expect(plan.map((row) => row.detail).join()).toContain("USING INDEX invoices__status");
    db.close();

    // Once: opening again finds the column up to date and rewrites nothing.
    truncateWal(file);
    const again = await openStore({ engine: "sqlite", file });
    await again.ensure([INVOICES]);
    await again.close();
    expect(walFrames(file)).toBe(0);
  });

  it("fills the column again when the collection gains an indexed field", async () => {
    const file = nextFile();
    const before: CollectionSpec = { name: "invoices", indexes: [{ fields: ["number"], unique: true }] };
    const store = await openStore({ engine: "sqlite", file });
    await store.ensure([before]);
    for (let seq = 1; seq <= 20; seq++)
      await store
        .collection<Invoice>(before)
        .insertOne(invoice(seq, { status: seq <= 5 ? "sent" : "draft" }));
    await store.close();

    const after: CollectionSpec = { name: "invoices", indexes: [...before.indexes!, { fields: ["status"] }] };
    const reopened = await openStore({ engine: "sqlite", file });
    await reopened.ensure([after]);
    expect(await reopened.collection<Invoice>(after).count({ status: "sent" })).toBe(5);
    await reopened.close();
  });

  it("drops an index the collection no longer declares, keeping every row and the other indexes", async () => {
    const file = nextFile();
    const before: CollectionSpec = {
      name: "invoices",
      indexes: [{ fields: ["number"], unique: true }, { fields: ["status"] }, { fields: ["paid", "status"] }],
    };
    const store = await openStore({ engine: "sqlite", file });
    await store.ensure([before]);
    for (let seq = 1; seq <= 30; seq++)
      await store
        .collection<Invoice>(before)
        .insertOne(invoice(seq, { status: seq <= 10 ? "sent" : "draft" }));
    await store.close();
    // An index made by hand (an operator's) is not the store's to drop.
    const manual = new Database(file);
    manual.exec(`CREATE INDEX "by_ix" ON "invoices" (ix)`);
    manual.close();

    const after: CollectionSpec = { name: "invoices", indexes: [{ fields: ["number"], unique: true }] };
    const reopened = await openStore({ engine: "sqlite", file });
    await reopened.ensure([after]);
    const invoices = reopened.collection<Invoice>(after);
    expect(await invoices.count({})).toBe(30);
    expect(await invoices.count({ status: "sent" })).toBe(10);
    expect((await invoices.findOne({ number: "F001-7" }))?._id).toBe("inv-007");
    await expect(invoices.insertOne(invoice(99, { number: "F001-7" }))).rejects.toThrow();
    await reopened.close();

    const db = new Database(file, { readonly: true });
    const names = (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'invoices' AND sql IS NOT NULL",
        )
        .all() as { name: string }[]
    ).map((row) => row.name);
    db.close();
    expect(names.sort()).toEqual(["by_ix", "invoices__number__unique"]);
  });

  it("brings up to date a table of the old layout whose collection indexes nothing", async () => {
    const file = nextFile();
    const old = new Database(file);
    old.exec(`CREATE TABLE "things" (_id TEXT PRIMARY KEY, doc TEXT NOT NULL) STRICT`);
    old
      .prepare(`INSERT INTO "things" (_id, doc) VALUES (?, ?)`)
      .run("t1", JSON.stringify({ _id: "t1", n: 1 }));
    old.close();
    const store = await openStore({ engine: "sqlite", file });
    await store.ensure([THINGS]);
    const things = store.collection<Thing>(THINGS);
    await things.upsert({ _id: "t1", n: 2 });
    await things.insertOne({ _id: "t2", n: 3 });
    expect(await things.find({ n: { $gte: 2 } })).toEqual([
      { _id: "t1", n: 2 },
      { _id: "t2", n: 3 },
    ]);
    await store.close();
  });
});
