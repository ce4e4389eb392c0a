/**
 * The production engine: one MongoDB database per service, official driver.
 *
 * Transactions need a replica set (or a sharded cluster). On a standalone server `open` refuses with
 * `TransactionsUnsupportedError` rather than running transaction bodies without atomicity: the services depend on
 * "entity change + outbox entry" committing together. A single-node replica set (`mongod --replSet rs0` plus
 * `rs.initiate()`) is enough for development.
 *
 * `withTransaction` retries the body on transient errors (write conflicts, elections), so a body can run more
 * than once: keep side effects other than store writes out of it. Operations inside one body must be awaited one
 * after another (the driver does not support parallel operations on one transaction).
 */
import { type ClientSession, type Db, MongoClient, MongoServerError } from "mongodb";
import { CollectionNotEnsuredError, StoreClosedError, TransactionsUnsupportedError } from "../errors.js";
import { assertCollectionSpec, indexName } from "../names.js";
import type {
  Collection,
  CollectionSpec,
  Entity,
  Store,
  TransactionOptions,
  TransactionScope,
} from "../port.js";
import { assertNotInsideOwnTransaction, OpenTransaction } from "../transaction-guard.js";
import { type MongoAccess, MongoCollection, toDuplicateKeyError } from "./mongo-collection.js";
import { COUNTERS_COLLECTION, MongoCounters } from "./mongo-counters.js";

const NAMESPACE_EXISTS = 48;

export class MongoStore implements Store {
  readonly counters: MongoCounters;
  private readonly ensured = new Set<string>();
  private readonly outer: MongoAccess;
  private closed = false;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {
    this.outer = {
      db,
      run: (collection, work) => {
        assertNotInsideOwnTransaction(this);
        this.assertUsable(collection);
        return work(undefined);
      },
    };
    this.counters = new MongoCounters(this.outer);
  }

  static async open(url: string, database: string): Promise<MongoStore> {
    // ignoreUndefined: drop `undefined` properties like JSON.stringify does on SQLite, instead of storing null.
    const client = new MongoClient(url, { ignoreUndefined: true });
    await client.connect();
    try {
      const hello = await client.db("admin").command({ hello: 1 });
      if (typeof hello.setName !== "string" && hello.msg !== "isdbgrid") {
        throw new TransactionsUnsupportedError(
          "MongoDB is a standalone server; the store needs transactions, run it as a replica set " +
            "(a single node is enough: mongod --replSet rs0, then rs.initiate())",
        );
      }
      const db = client.db(database);
      await createCollectionIfMissing(db, COUNTERS_COLLECTION);
      return new MongoStore(client, db);
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  collection<T extends Entity>(spec: CollectionSpec): Collection<T> {
    assertCollectionSpec(spec);
    return new MongoCollection<T>(this.outer, spec);
  }

  /** `options.durable` changes nothing here: every transaction commits with the majority write concern. */
  async transaction<R>(
    work: (tx: TransactionScope) => Promise<R>,
    _options?: TransactionOptions,
  ): Promise<R> {
    assertNotInsideOwnTransaction(this);
    this.assertUsable(null);
    const session = this.client.startSession();
    try {
      return await session.withTransaction(
        async () => {
          // A fresh scope per attempt: a retried body must not inherit the failed attempt's state.
          const tx = new OpenTransaction(this);
          try {
            return await tx.runBody(() => work(this.scope(tx, session)));
          } finally {
            tx.open = false;
          }
        },
        { readConcern: { level: "snapshot" }, writeConcern: { w: "majority" }, readPreference: "primary" },
      );
    } finally {
      await session.endSession();
    }
  }

  async ensure(specs: CollectionSpec[]): Promise<void> {
    specs.forEach(assertCollectionSpec);
    assertNotInsideOwnTransaction(this);
    this.assertUsable(null);
    for (const spec of specs) {
      // Explicitly created: older servers cannot create collections implicitly inside a transaction.
      await createCollectionIfMissing(this.db, spec.name);
      for (const index of spec.indexes ?? []) {
        const unique = index.unique === true;
        const keys = Object.fromEntries(index.fields.map((field) => [field, 1 as const]));
        // Partial on presence: entities missing an indexed field are not constrained, as in SQLite where NULLs
        // are distinct. (Explicit null in unique fields is refused by both engines; see documents.ts.)
        const partial = Object.fromEntries(index.fields.map((field) => [field, { $exists: true }]));
        try {
          await this.db.collection(spec.name).createIndex(keys, {
            name: indexName(spec.name, index.fields, unique),
            ...(unique ? { unique: true, partialFilterExpression: partial } : {}),
          });
        } catch (error) {
          throw toDuplicateKeyError(spec.name, error);
        }
      }
      this.ensured.add(spec.name);
    }
  }

  async ping(): Promise<void> {
    this.assertUsable(null);
    await this.db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close();
  }

  private scope(tx: OpenTransaction, session: ClientSession): TransactionScope {
    const access: MongoAccess = {
      db: this.db,
      run: (collection, work) =>
        tx.operation(() => {
          this.assertUsable(collection);
          return work(session);
        }),
    };
    return {
      collection: <T extends Entity>(spec: CollectionSpec) => {
        assertCollectionSpec(spec);
        return new MongoCollection<T>(access, spec);
      },
      counters: new MongoCounters(access),
    };
  }

  private assertUsable(collection: string | null): void {
    if (this.closed) throw new StoreClosedError();
    if (collection !== null && !this.ensured.has(collection)) throw new CollectionNotEnsuredError(collection);
  }
}

async function createCollectionIfMissing(db: Db, name: string): Promise<void> {
  const existing = await db.listCollections({ name }, { nameOnly: true }).toArray();
  if (existing.length > 0) return;
  try {
    await db.createCollection(name);
  } catch (error) {
    // Another process created it between the check and the create.
    if (!(error instanceof MongoServerError && error.code === NAMESPACE_EXISTS)) throw error;
  }
}
