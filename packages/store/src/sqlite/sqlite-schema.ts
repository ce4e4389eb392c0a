/**
 * A collection's table and indexes, created or brought up to date when a store ensures the collection.
 *
 * Tables are `(_id TEXT PRIMARY KEY, doc TEXT NOT NULL, ix TEXT)` and their indexes are built on `ix`, the indexed
 * fields' own JSON (index-fields.ts). A file written before `ix` existed (indexes on `doc`), or whose collection has
 * gained or lost an indexed field since, is brought up to date in the ensuring transaction: the column is added,
 * every row's `ix` is filled from its `doc`, indexes still built on `doc` are dropped and the new ones made. Which
 * fields each table's `ix` holds is kept in `_index_fields`, so this happens once. An index of the collection that
 * its spec no longer declares is dropped: every write would otherwise keep it up to date (on NULLs, once its fields
 * left `ix`) for no query.
 */
import type Database from "better-sqlite3";
import { indexName } from "../names.js";
import type { CollectionSpec } from "../port.js";
import { indexedPaths, indexFieldsJson, ixPaths } from "./index-fields.js";
import { toDuplicateKeyError } from "./sqlite-collection.js";
import { indexExpression } from "./sqlite-filter.js";

/** Rows whose `ix` is filled per statement while a table is brought up to date. */
const REFILL_BATCH = 1_000;

/** Which fields each table's `ix` holds; made when the store opens, beside `_counters`. */
export const INDEX_FIELDS_TABLE_SQL =
  "CREATE TABLE IF NOT EXISTS _index_fields (collection TEXT PRIMARY KEY, paths TEXT NOT NULL) STRICT";

/** Creates or updates the collection's table and indexes. Runs inside the caller's IMMEDIATE transaction. */
export function ensureCollectionTable(db: Database.Database, spec: CollectionSpec): void {
  const table = `"${spec.name}"`;
  db.exec(`CREATE TABLE IF NOT EXISTS ${table} (_id TEXT PRIMARY KEY, doc TEXT NOT NULL, ix TEXT) STRICT`);
  const paths = indexedPaths(spec);
  const wanted = JSON.stringify(paths);
  const held = db.prepare("SELECT paths FROM _index_fields WHERE collection = ?").get(spec.name) as
    | { paths: string }
    | undefined;
  // Before any refill, so the rows it rewrites do not also write the entries of indexes about to go.
  dropUndeclaredIndexes(
    db,
    spec.name,
    new Set((spec.indexes ?? []).map((index) => indexName(spec.name, index.fields, index.unique === true))),
  );
  if (held?.paths !== wanted) {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (!columns.some((column) => column.name === "ix")) db.exec(`ALTER TABLE ${table} ADD COLUMN ix TEXT`);
    dropIndexesOnDoc(db, spec.name);
    refillIndexFields(db, table, ixPaths(paths));
    db.prepare(
      "INSERT INTO _index_fields (collection, paths) VALUES (?, ?) ON CONFLICT(collection) DO UPDATE SET paths = excluded.paths",
    ).run(spec.name, wanted);
  }
  for (const index of spec.indexes ?? []) {
    const unique = index.unique === true;
    const name = `"${indexName(spec.name, index.fields, unique)}"`;
    const columns = index.fields.map(indexExpression).join(", ");
    // NULLs are distinct in SQLite unique indexes: entities missing an indexed field are not constrained.
    try {
      db.exec(`CREATE ${unique ? "UNIQUE " : ""}INDEX IF NOT EXISTS ${name} ON ${table} (${columns})`);
    } catch (error) {
      throw toDuplicateKeyError(spec.name, error);
    }
  }
}

/**
 * Drops the table's indexes named as this store names a collection's indexes (`indexName`) that the spec no longer
 * declares; SQLite's own (the primary key's) and any index named otherwise are left alone.
 */
function dropUndeclaredIndexes(
  db: Database.Database,
  collection: string,
  declared: ReadonlySet<string>,
): void {
  const indexes = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
    .all(collection) as { name: string }[];
  for (const { name } of indexes)
    if (name.startsWith(`${collection}__`) && !declared.has(name))
      db.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
}

/** Indexes of the table built on `doc` (the layout before `ix`): their names are the same as the new ones'. */
function dropIndexesOnDoc(db: Database.Database, collection: string): void {
  const indexes = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
    .all(collection) as { name: string; sql: string }[];
  for (const index of indexes)
    if (/json_extract\(doc,/.test(index.sql)) db.exec(`DROP INDEX "${index.name.replaceAll('"', '""')}"`);
}

function refillIndexFields(db: Database.Database, table: string, paths: readonly string[]): void {
  if (paths.length === 0) {
    db.exec(`UPDATE ${table} SET ix = NULL WHERE ix IS NOT NULL`);
    return;
  }
  const page = db.prepare(`SELECT _id, doc FROM ${table} WHERE _id > ? ORDER BY _id LIMIT ${REFILL_BATCH}`);
  const update = db.prepare(`UPDATE ${table} SET ix = ? WHERE _id = ?`);
  let after = "";
  for (;;) {
    const rows = page.all(after) as { _id: string; doc: string }[];
    for (const row of rows) update.run(indexFieldsJson(paths, JSON.parse(row.doc) as object), row._id);
    if (rows.length < REFILL_BATCH) return;
    after = rows.at(-1)!._id;
  }
}
