import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { deferred, INVOICES, type Invoice, invoice } from "./contract/fixtures.js";
import { runStoreContract } from "./contract.js";
import { parseFilter } from "./filter-model.js";
import { openStore } from "./open-store.js";
import { indexedPaths } from "./sqlite/index-fields.js";
import { whereClause } from "./sqlite/sqlite-filter.js";

const dir = mkdtempSync(join(tmpdir(), "store-sqlite-"));
let files = 0;
const nextFile = () => join(dir, `nested/db-${++files}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

runStoreContract("sqlite", () => openStore({ engine: "sqlite", file: nextFile() }));

describe("sqlite engine", () => {
  it("makes operations wait for a running transaction instead of joining it", async () => {
    const store = await openStore({ engine: "sqlite", file: nextFile() });
    await store.ensure([INVOICES]);
    const invoices = store.collection<Invoice>(INVOICES);
    const order: string[] = [];
    const inBody = deferred();
    const finish = deferred();
    const tx = store.transaction(async (scope) => {
      await scope.collection<Invoice>(INVOICES).insertOne(invoice(1));
      inBody.resolve();
      await finish.promise;
      order.push("commit");
    });
    await inBody.promise;
    const read = invoices.count({}).then((n) => order.push(`read ${n}`));
    await new Promise((resolve) => setTimeout(resolve, 10));
    finish.resolve();
    await Promise.all([tx, read]);
    expect(order).toEqual(["commit", "read 1"]);
    await store.close();
  });

  it("keeps data across reopen, and a second connection sees committed data only", async () => {
    const file = nextFile();
    const store = await openStore({ engine: "sqlite", file });
    await store.ensure([INVOICES]);
    await store.collection<Invoice>(INVOICES).insertOne(invoice(1));
    const other = new Database(file, { readonly: true });
    const countOther = () => (other.prepare("SELECT count(*) AS n FROM invoices").get() as { n: number }).n;
    const inBody = deferred();
    const finish = deferred();
    const tx = store.transaction(async (scope) => {
      await scope.collection<Invoice>(INVOICES).insertOne(invoice(2));
      inBody.resolve();
      await finish.promise;
    });
    await inBody.promise;
    expect(countOther()).toBe(1);
    finish.resolve();
    await tx;
    expect(countOther()).toBe(2);
    other.close();
    await store.close();

    const reopened = await openStore({ engine: "sqlite", file });
    await reopened.ensure([INVOICES]);
    expect(await reopened.collection<Invoice>(INVOICES).count({})).toBe(2);
    await reopened.close();
  });

  it("answers equality and range filters on declared fields from their expression indexes", async () => {
    const file = nextFile();
    const store = await openStore({ engine: "sqlite", file });
    await store.ensure([INVOICES]);
    await store.close();
    const db = new Database(file, { readonly: true });
    const plan = (filter: Record<string, unknown>) => {
      const where = whereClause(parseFilter(filter as never), new Set(indexedPaths(INVOICES)));
      const rows = db
        .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM invoices WHERE ${where.sql}`)
        .all(...where.params);
      return (rows as { detail: string }[]).map((row) => row.detail).join("; ");
    };
    expect(plan({ number: "F001-1" })).toContain("USING INDEX invoices__number__unique");
    expect(plan({ series: "F001", seq: { $gt: 3 } })).toContain("USING INDEX invoices__series__seq__unique");
    expect(plan({ "customer.ruc": "2" })).toContain("USING INDEX invoices__customer_ruc");
    expect(plan({ _id: "inv-001" })).toMatch(/USING (INDEX sqlite_autoindex_invoices_1|PRIMARY KEY)/);
    db.close();
  });
});
