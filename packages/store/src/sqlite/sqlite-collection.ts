/**
 * One collection on SQLite: a table `(_id TEXT PRIMARY KEY, doc TEXT NOT NULL, ix TEXT)` holding each entity as
 * JSON, and its indexed fields apart (`ix`, index-fields.ts), which the indexes are built on.
 * Every method body is synchronous SQL, run through the store's `SqliteAccess`, which serialises it with the
 * other users of the connection (or runs it inside the open transaction).
 */
import type Database from "better-sqlite3";
import {
  assertEntity,
  assertUniqueFieldsNotNull,
  cleanPaths,
  cleanSet,
  pathsOverlap,
  withPathsSet,
} from "../documents.js";
import { parseFilter, parseFindOptions } from "../filter-model.js";
import type { Collection, CollectionSpec, Entity, Filter, FindOptions } from "../port.js";
import { DuplicateKeyError } from "../port.js";
import { indexedPaths, indexFieldsJson, ixPaths } from "./index-fields.js";
import { type IndexedFields, orderByClause, type SqlValue, whereClause } from "./sqlite-filter.js";

/** How a collection reaches the connection: outside a transaction (queued) or inside one (direct). */
export interface SqliteAccess {
  /** Runs synchronous `work` against the connection once `collection` may be used. */
  run<T>(collection: string | null, work: () => T): Promise<T>;
  /** As `run`, for work that writes: outside a transaction it joins the next group commit. */
  write<T>(collection: string | null, work: () => T): Promise<T>;
  statement(sql: string): Database.Statement;
  /** Runs `work` atomically, in a savepoint of the open transaction (called from within `write`). */
  atomically<T>(work: () => T): T;
}

interface DocRow {
  doc: string;
}

interface IndexedRow extends DocRow {
  ix: string | null;
}

export class SqliteCollection<T extends Entity> implements Collection<T> {
  private readonly table: string;
  /** What `ix` holds (index-fields.ts). */
  private readonly paths: string[];
  private readonly indexed: IndexedFields;

  constructor(
    private readonly access: SqliteAccess,
    private readonly spec: CollectionSpec,
  ) {
    this.table = `"${spec.name}"`;
    const indexed = indexedPaths(spec);
    this.indexed = new Set(indexed);
    this.paths = ixPaths(indexed);
  }

  async insertOne(entity: T): Promise<void> {
    assertEntity(this.spec.name, entity);
    assertUniqueFieldsNotNull(this.spec, entity);
    const json = JSON.stringify(entity);
    const ix = indexFieldsJson(this.paths, entity);
    await this.write(() =>
      this.sql(`INSERT INTO ${this.table} (_id, doc, ix) VALUES (?, ?, ?)`).run(entity._id, json, ix),
    );
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [first] = await this.find(filter, { limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter, options?: FindOptions): Promise<T[]> {
    const { sql, params } = this.findSql(filter, options);
    const rows = await this.access.run(this.spec.name, () => this.sql(sql).all(...params) as DocRow[]);
    return rows.map((row) => JSON.parse(row.doc) as T);
  }

  /** SQLite's plan for `find(filter, options)`: one line per step (`EXPLAIN QUERY PLAN`'s details). */
  async findPlan(filter: Filter, options?: FindOptions): Promise<string[]> {
    const { sql, params } = this.findSql(filter, options);
    const rows = await this.access.run(
      this.spec.name,
      () => this.sql(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[],
    );
    return rows.map((row) => row.detail);
  }

  private findSql(filter: Filter, options?: FindOptions): { sql: string; params: SqlValue[] } {
    const where = whereClause(parseFilter(filter), this.indexed);
    const parsed = parseFindOptions(options);
    return {
      sql: `SELECT doc FROM ${this.table} WHERE ${where.sql} ORDER BY ${orderByClause(parsed, this.indexed)} LIMIT ?`,
      params: [...where.params, parsed.limit ?? -1],
    };
  }

  async count(filter: Filter): Promise<number> {
    const where = whereClause(parseFilter(filter), this.indexed);
    const sql = `SELECT count(*) AS n FROM ${this.table} WHERE ${where.sql}`;
    return this.access.run(this.spec.name, () => (this.sql(sql).get(...where.params) as { n: number }).n);
  }

  async updateOne(filter: Filter, set: Partial<Omit<T, "_id">>): Promise<T | null> {
    const changes = cleanSet(this.spec.name, set);
    assertUniqueFieldsNotNull(this.spec, changes);
    const where = whereClause(parseFilter(filter), this.indexed);
    const select = `SELECT doc, ix FROM ${this.table} WHERE ${where.sql} ORDER BY _id LIMIT 1`;
    return this.write(() =>
      // Read-modify-write in one SQL transaction, so another process on the same file cannot slip in between.
      this.access.atomically(() => {
        const row = this.sql(select).get(...where.params) as IndexedRow | undefined;
        if (!row) return null;
        const updated = { ...(JSON.parse(row.doc) as T), ...changes };
        if (Object.keys(changes).length === 0) return updated;
        const json = JSON.stringify(updated);
        const ix = indexFieldsJson(this.paths, updated);
        // Setting only `doc` leaves every index alone; `ix` is written when an indexed field changed.
        if (ix === row.ix) this.sql(`UPDATE ${this.table} SET doc = ? WHERE _id = ?`).run(json, updated._id);
        else this.sql(`UPDATE ${this.table} SET doc = ?, ix = ? WHERE _id = ?`).run(json, ix, updated._id);
        return updated;
      }),
    );
  }

  async setFields(filter: Filter, set: Record<string, unknown>): Promise<boolean> {
    const paths = cleanPaths(this.spec.name, set);
    const where = whereClause(parseFilter(filter), this.indexed);
    const first = `SELECT _id FROM ${this.table} WHERE ${where.sql} ORDER BY _id LIMIT 1`;
    if (paths.some(([path]) => [...this.indexed].some((indexed) => pathsOverlap(path, indexed)))) {
      // An indexed field changes: its `ix` must be computed again from the whole entity.
      return this.write(() =>
        this.access.atomically(() => {
          const row = this.sql(`SELECT doc, ix FROM ${this.table} WHERE _id = (${first})`).get(
            ...where.params,
          ) as IndexedRow | undefined;
          if (!row) return false;
          const updated = withPathsSet(JSON.parse(row.doc) as T, paths);
          assertUniqueFieldsNotNull(this.spec, updated);
          const ix = indexFieldsJson(this.paths, updated);
          this.sql(`UPDATE ${this.table} SET doc = ?, ix = ? WHERE _id = ?`).run(
            JSON.stringify(updated),
            ix,
            updated._id,
          );
          return true;
        }),
      );
    }
    // No indexed field changes: SQLite sets the paths inside the stored JSON, and `ix` stays as it is.
    const assignments = paths.map(([path]) => `, '$.${path}', json(?)`).join("");
    const sql = `UPDATE ${this.table} SET doc = json_set(doc${assignments}) WHERE _id = (${first})`;
    const params = [...paths.map(([, value]) => JSON.stringify(value)), ...where.params];
    const result = await this.write(() => this.sql(sql).run(...params));
    return result.changes > 0;
  }

  async upsert(entity: T): Promise<void> {
    assertEntity(this.spec.name, entity);
    assertUniqueFieldsNotNull(this.spec, entity);
    const json = JSON.stringify(entity);
    const ix = indexFieldsJson(this.paths, entity);
    await this.write(() =>
      this.access.atomically(() => {
        // An entity already there whose indexed fields stay as they are: only its JSON is written, no index.
        const kept = this.sql(`UPDATE ${this.table} SET doc = ? WHERE _id = ? AND ix IS ?`).run(
          json,
          entity._id,
          ix,
        );
        if (kept.changes > 0) return;
        // Not INSERT OR REPLACE: that would also delete *other* rows that collide on a unique index.
        this.sql(
          `INSERT INTO ${this.table} (_id, doc, ix) VALUES (?, ?, ?) ON CONFLICT(_id) DO UPDATE SET doc = excluded.doc, ix = excluded.ix`,
        ).run(entity._id, json, ix);
      }),
    );
  }

  async deleteOne(filter: Filter): Promise<boolean> {
    const where = whereClause(parseFilter(filter), this.indexed);
    const sql = `DELETE FROM ${this.table} WHERE _id = (SELECT _id FROM ${this.table} WHERE ${where.sql} ORDER BY _id LIMIT 1)`;
    const result = await this.write(() => this.sql(sql).run(...where.params));
    return result.changes > 0;
  }

  private sql(sql: string): Database.Statement {
    return this.access.statement(sql);
  }

  private write<R>(work: () => R): Promise<R> {
    return this.access.write(this.spec.name, () => {
      try {
        return work();
      } catch (error) {
        throw toDuplicateKeyError(this.spec.name, error);
      }
    });
  }
}

export function toDuplicateKeyError(collection: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    return new DuplicateKeyError(collection, (error as Error).message, { cause: error });
  }
  return error;
}
