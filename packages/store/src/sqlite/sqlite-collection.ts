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
import { type ParsedFindOptions, parseFilter, parseFindOptions } from "../filter-model.js";
import type { Collection, CollectionSpec, Entity, Filter, FindOptions } from "../port.js";
import { DuplicateKeyError } from "../port.js";
import { indexedPaths, indexFieldsJson, ixPaths } from "./index-fields.js";
import {
  filterShape,
  type IndexedFields,
  orderByClause,
  type SqlValue,
  type SqlWhere,
  whereClause,
  whereParams,
} from "./sqlite-filter.js";

/** How a collection reaches the connection: outside a transaction (queued) or inside one (direct). */
export interface SqliteAccess {
  /** Runs synchronous `work` against the connection once `collection` may be used. */
  run<T>(collection: string | null, work: () => T): Promise<T>;
  /** As `run`, for work that writes: outside a transaction it joins the next group commit. */
  write<T>(collection: string | null, work: () => T): Promise<T>;
  statement(sql: string): Database.Statement;
  /**
   * The statement texts of one collection (table and indexed fields), by statement kind and filter shape, kept by
   * the store for its lifetime: a repository asks the same few shapes with new values, so each text is built once
   * and the store's prepared statement (cached by text) is reused, across the collections made per transaction.
   */
  statementTexts(collection: string): Map<string, string>;
  /**
   * Runs `work` atomically (called from within `write`): in a savepoint of the open transaction, or as it is where a
   * throw already undoes everything the write did (a write outside a transaction, a group commit member of its own).
   */
  atomically<T>(work: () => T): T;
}

/** Long `$in` lists make a shape per length; past this many, a collection's texts are dropped and built again. */
const SHAPES_PER_COLLECTION = 256;

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
  /** This collection's statement texts by kind and filter shape (`SqliteAccess.statementTexts`). */
  private readonly texts: Map<string, string>;

  constructor(
    private readonly access: SqliteAccess,
    private readonly spec: CollectionSpec,
  ) {
    this.table = `"${spec.name}"`;
    const indexed = indexedPaths(spec);
    this.indexed = new Set(indexed);
    this.paths = ixPaths(indexed);
    this.texts = access.statementTexts(`${this.table}\u0000${indexed.join(",")}`);
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

  private findSql(filter: Filter, options?: FindOptions): SqlWhere {
    const parsed = parseFindOptions(options);
    const { sql, params } = this.statementFor(
      `find ${sortShape(parsed)}`,
      filter,
      (where) =>
        `SELECT doc FROM ${this.table} WHERE ${where} ORDER BY ${orderByClause(parsed, this.indexed)} LIMIT ?`,
    );
    params.push(parsed.limit ?? -1);
    return { sql, params };
  }

  /**
   * The text of a statement of `kind` built by `build` around the SQL condition of `filter`, built once per
   * filter shape, and the parameters it binds (the condition's, first).
   */
  private statementFor(kind: string, filter: Filter, build: (where: string) => string): SqlWhere {
    const conditions = parseFilter(filter);
    const key = `${kind}\u0002${filterShape(conditions)}`;
    const params = whereParams(conditions);
    let sql = this.texts.get(key);
    if (sql === undefined) {
      const where = whereClause(conditions, this.indexed);
      if (!sameParams(where.params, params)) {
        throw new Error(`${this.spec.name}: whereParams disagrees with whereClause on ${key}`);
      }
      sql = build(where.sql);
      if (this.texts.size >= SHAPES_PER_COLLECTION) this.texts.clear();
      this.texts.set(key, sql);
    }
    return { sql, params };
  }

  async count(filter: Filter): Promise<number> {
    const { sql, params } = this.statementFor(
      "count",
      filter,
      (where) => `SELECT count(*) AS n FROM ${this.table} WHERE ${where}`,
    );
    return this.access.run(this.spec.name, () => (this.sql(sql).get(...params) as { n: number }).n);
  }

  async updateOne(filter: Filter, set: Partial<Omit<T, "_id">>): Promise<T | null> {
    const changes = cleanSet(this.spec.name, set);
    assertUniqueFieldsNotNull(this.spec, changes);
    const where = this.statementFor(
      "first",
      filter,
      (sql) => `SELECT doc, ix FROM ${this.table} WHERE ${sql} ORDER BY _id LIMIT 1`,
    );
    return this.write(() =>
      // Read-modify-write in one SQL transaction, so another process on the same file cannot slip in between.
      this.access.atomically(() => {
        const row = this.sql(where.sql).get(...where.params) as IndexedRow | undefined;
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
    const where = this.statementFor(
      "first id",
      filter,
      (sql) => `SELECT _id FROM ${this.table} WHERE ${sql} ORDER BY _id LIMIT 1`,
    );
    if (paths.some(([path]) => [...this.indexed].some((indexed) => pathsOverlap(path, indexed)))) {
      // An indexed field changes: its `ix` must be computed again from the whole entity.
      return this.write(() =>
        this.access.atomically(() => {
          const row = this.sql(`SELECT doc, ix FROM ${this.table} WHERE _id = (${where.sql})`).get(
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
    const sql = `UPDATE ${this.table} SET doc = json_set(doc${assignments}) WHERE _id = (${where.sql})`;
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
    const { sql, params } = this.statementFor(
      "delete",
      filter,
      (where) =>
        `DELETE FROM ${this.table} WHERE _id = (SELECT _id FROM ${this.table} WHERE ${where} ORDER BY _id LIMIT 1)`,
    );
    const result = await this.write(() => this.sql(sql).run(...params));
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

/** The part of a find's text its options decide: the sort (the limit is bound). */
function sortShape(options: ParsedFindOptions): string {
  let shape = "";
  for (const key of options.sort) shape += `${key.field}${key.direction === 1 ? "+" : "-"},`;
  return shape;
}

function sameParams(a: readonly SqlValue[], b: readonly SqlValue[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

export function toDuplicateKeyError(collection: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    return new DuplicateKeyError(collection, (error as Error).message, { cause: error });
  }
  return error;
}
