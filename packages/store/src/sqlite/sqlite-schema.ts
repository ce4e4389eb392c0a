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
import { indexName, indexNamePrefix } from "../names.js";
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
  const declared = (spec.indexes ?? []).map((index) => {
    const unique = index.unique === true;
    return { fields: index.fields, unique, name: indexName(spec.name, index.fields, unique) };
  });
  // The store's indexes the spec no longer declares go before any refill, so the rows it rewrites do not also
  // write their entries; SQLite's own (the primary key's) and indexes named otherwise stay.
  const names = new Set(declared.map((index) => index.name));
  const ours = indexNamePrefix(spec.name);
  for (const index of tableIndexes(db, spec.name))
    if (index.name.startsWith(ours) && !names.has(index.name)) dropIndex(db, index.name);
  if (held?.paths !== wanted) {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (!columns.some((column) => column.name === "ix")) db.exec(`ALTER TABLE ${table} ADD COLUMN ix TEXT`);
    // Indexes built on `doc` (the layout before `ix`) have the names of the new ones: they are made again below.
    for (const index of tableIndexes(db, spec.name))
      if (/json_extract\(doc,/.test(index.sql)) dropIndex(db, index.name);
    refillIndexFields(db, table, ixPaths(paths));
    db.prepare(
      "INSERT INTO _index_fields (collection, paths) VALUES (?, ?) ON CONFLICT(collection) DO UPDATE SET paths = excluded.paths",
    ).run(spec.name, wanted);
  }
  for (const { fields, unique, name } of declared) {
    const columns = fields.map(indexExpression).join(", ");
    // NULLs are distinct in SQLite unique indexes: entities missing an indexed field are not constrained.
    try {
      db.exec(`CREATE ${unique ? "UNIQUE " : ""}INDEX IF NOT EXISTS "${name}" ON ${table} (${columns})`);
    } catch (error) {
      throw toDuplicateKeyError(spec.name, error);
    }
  }
}

/** The table's indexes but SQLite's own (those have no SQL). */
function tableIndexes(db: Database.Database, collection: string): { name: string; sql: string }[] {
  return db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
    .all(collection) as { name: string; sql: string }[];
}

function dropIndex(db: Database.Database, name: string): void {
  db.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
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
