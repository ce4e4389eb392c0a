/**
 * One collection on MongoDB. Entities are stored as-is with their string `_id`. "First match" (updateOne,
 * deleteOne) means lowest `_id`, as on SQLite, so both engines pick the same entity.
 */
import { type ClientSession, type Db, type Document, MongoServerError } from "mongodb";
import { assertEntity, assertUniqueFieldsNotNull, cleanPaths, cleanSet, withPathsSet } from "../documents.js";
import { parseFilter, parseFindOptions } from "../filter-model.js";
import type { Collection, CollectionSpec, Entity, Filter, FindOptions } from "../port.js";
import { DuplicateKeyError } from "../port.js";
import { mongoQuery, mongoSort } from "./mongo-filter.js";

/** How a collection reaches the database: outside a transaction (no session) or inside one (its session). */
export interface MongoAccess {
  readonly db: Db;
  run<T>(collection: string | null, work: (session: ClientSession | undefined) => Promise<T>): Promise<T>;
}

const BY_ID = { _id: 1 } as const;

export class MongoCollection<T extends Entity> implements Collection<T> {
  constructor(
    private readonly access: MongoAccess,
    private readonly spec: CollectionSpec,
  ) {}

  async insertOne(entity: T): Promise<void> {
    assertEntity(this.spec.name, entity);
    assertUniqueFieldsNotNull(this.spec, entity);
    // The driver adds `_id` to documents lacking one; ours always have it, but insert a copy all the same.
    await this.write((session) => this.raw().insertOne({ ...entity }, { session }));
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [first] = await this.find(filter, { limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter, options?: FindOptions): Promise<T[]> {
    const query = mongoQuery(parseFilter(filter));
    const parsed = parseFindOptions(options);
    return this.access.run(this.spec.name, async (session) => {
      // MongoDB reads limit 0 as "no limit"; the port means zero entities.
      if (parsed.limit === 0) return [];
      const cursor = this.raw().find(query, { session, sort: mongoSort(parsed) });
      if (parsed.limit !== undefined) cursor.limit(parsed.limit);
      return (await cursor.toArray()) as T[];
    });
  }

  async count(filter: Filter): Promise<number> {
    const query = mongoQuery(parseFilter(filter));
    return this.access.run(this.spec.name, (session) => this.raw().countDocuments(query, { session }));
  }

  async updateOne(filter: Filter, set: Partial<Omit<T, "_id">>): Promise<T | null> {
    const changes = cleanSet(this.spec.name, set);
    assertUniqueFieldsNotNull(this.spec, changes);
    const query = mongoQuery(parseFilter(filter));
    return this.write(async (session) => {
      if (Object.keys(changes).length === 0) {
        return (await this.raw().findOne(query, { session, sort: BY_ID })) as T | null;
      }
      const updated = await this.raw().findOneAndUpdate(
        query,
        { $set: changes },
        { session, sort: BY_ID, returnDocument: "after" },
      );
      return updated as T | null;
    });
  }

  async setFields(filter: Filter, set: Record<string, unknown>): Promise<boolean> {
    const paths = cleanPaths(this.spec.name, set);
    assertUniqueFieldsNotNull(this.spec, withPathsSet({}, paths));
    const changes = Object.fromEntries(paths);
    const query = mongoQuery(parseFilter(filter));
    return this.write(async (session) => {
      // `$set` with dotted keys sets nested fields and creates missing embedded documents; the lowest `_id`
      // first, as everywhere, and only `_id` comes back.
      const updated = await this.raw().findOneAndUpdate(
        query,
        { $set: changes },
        { session, sort: BY_ID, projection: BY_ID },
      );
      return updated !== null;
    });
  }

  async upsert(entity: T): Promise<void> {
    assertEntity(this.spec.name, entity);
    assertUniqueFieldsNotNull(this.spec, entity);
    await this.write((session) =>
      this.raw().replaceOne({ _id: entity._id }, { ...entity }, { session, upsert: true }),
    );
  }

  async deleteOne(filter: Filter): Promise<boolean> {
    const query = mongoQuery(parseFilter(filter));
    return this.access.run(this.spec.name, async (session) => {
      const deleted = await this.raw().findOneAndDelete(query, { session, sort: BY_ID, projection: BY_ID });
      return deleted !== null;
    });
  }

  private raw() {
    return this.access.db.collection<Document & { _id: string }>(this.spec.name);
  }

  private write<R>(work: (session: ClientSession | undefined) => Promise<R>): Promise<R> {
    return this.access.run(this.spec.name, async (session) => {
      try {
        return await work(session);
      } catch (error) {
        throw toDuplicateKeyError(this.spec.name, error);
      }
    });
  }
}

export function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && (error.code === 11000 || error.code === 11001);
}

export function toDuplicateKeyError(collection: string, error: unknown): unknown {
  return isDuplicateKey(error)
    ? new DuplicateKeyError(collection, (error as Error).message, { cause: error })
    : error;
}
