/**
 * The store port: the narrow document-collection interface every repository is written against. Two engines
 * implement it (SQLite, the embedded default; MongoDB, production) and one contract suite proves they agree.
 * Services never branch on the engine.
 */

/** Every stored entity has a string primary key. */
export interface Entity {
  _id: string;
}

export type Scalar = string | number | boolean | null;

/** Comparison operators on one field. Several operators on one field are ANDed. */
export interface FieldOps {
  $eq?: Scalar;
  $ne?: Scalar;
  $in?: Scalar[];
  $lt?: Scalar;
  $lte?: Scalar;
  $gt?: Scalar;
  $gte?: Scalar;
  /** true: the field is present and not null; false: absent or null. */
  $exists?: boolean;
}

/**
 * Top-level conjunction of field conditions. Keys are field names or dotted paths into nested objects
 * (`"sunat.code"`). A scalar value means equality.
 */
export type Filter = Record<string, Scalar | FieldOps>;

export interface SortKey {
  field: string;
  direction: 1 | -1;
}

export interface FindOptions {
  sort?: SortKey[];
  /** Maximum number of entities returned; default unlimited. */
  limit?: number;
}

export interface IndexSpec {
  /**
   * Fields or dotted paths, in order. `_id` may close an index (never open it: it is the primary key), so that
   * entities sharing the fields before it are kept in id order, as a newest-first page of them reads them.
   */
  fields: string[];
  unique?: boolean;
}

export interface CollectionSpec {
  /** Collection (MongoDB) or table (SQLite) name: lowercase letters, digits and underscores. */
  name: string;
  indexes?: IndexSpec[];
}

/** Operations on one collection; inside a transaction they see and join the transaction. */
export interface Collection<T extends Entity> {
  /** Throws `DuplicateKeyError` when `_id` or a unique index is already taken. */
  insertOne(entity: T): Promise<void>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter): Promise<number>;
  /**
   * Sets the given top-level fields on the first entity matching `filter` (a compare-and-set when the filter
   * names the expected current values). Returns the updated entity, or null when nothing matched.
   * Throws `DuplicateKeyError` when the change collides with a unique index.
   */
  updateOne(filter: Filter, set: Partial<Omit<T, "_id">>): Promise<T | null>;
  /**
   * Sets fields by dotted path (`"files.pdf"`), each to a JSON value (a scalar, or an array or plain object
   * stored whole there), on the first entity matching `filter`, leaving the rest of the entity as it is and
   * creating missing nested objects; the entity is neither read back nor rewritten whole. Returns whether an
   * entity matched. Paths must not be `_id`, nor one inside another.
   * Throws `DuplicateKeyError` when the change collides with a unique index.
   */
  setFields(filter: Filter, set: Record<string, unknown>): Promise<boolean>;
  /** Inserts or replaces the entity with the same `_id`. */
  upsert(entity: T): Promise<void>;
  deleteOne(filter: Filter): Promise<boolean>;
}

/** Named monotonic counters, atomic under concurrency (numbering's series counters). */
export interface Counters {
  /** Adds `by` (default 1) to the counter `key`, creating it at 0 first, and returns the new value. */
  increment(key: string, by?: number): Promise<number>;
  /** Current value, 0 when the counter does not exist. */
  current(key: string): Promise<number>;
}

/** What a transaction body may use: every write commits together or not at all. */
export interface TransactionScope {
  collection<T extends Entity>(spec: CollectionSpec): Collection<T>;
  counters: Counters;
}

export interface TransactionOptions {
  /**
   * Default true: the transaction resolves once its commit survives a power cut. false: it resolves once
   * committed (readers see it, a process crash keeps it) without waiting for the disk; the next durable commit,
   * or a checkpoint, takes it to disk. Only for writes whose loss in a power cut the writer repairs by itself,
   * such as an outbox row deleted after its publish (the row is published again and the message id drops the
   * copy). SQLite skips the WAL sync when every transaction of a group commit asks for this; MongoDB always
   * commits with the deployment's transaction write concern.
   */
  durable?: boolean;
}

export interface Store extends TransactionScope {
  /**
   * Runs `work` atomically. A throw rolls every write back and is rethrown. Bodies must not do slow I/O:
   * on SQLite the transaction holds the single writer.
   */
  transaction<R>(work: (tx: TransactionScope) => Promise<R>, options?: TransactionOptions): Promise<R>;
  /** Creates collections and indexes that do not exist yet. Idempotent. */
  ensure(specs: CollectionSpec[]): Promise<void>;
  /** Cheap liveness probe for readiness endpoints. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A unique constraint (primary key or unique index) refused a write. */
export class DuplicateKeyError extends Error {
  override readonly name = "DuplicateKeyError";
  constructor(
    readonly collection: string,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`duplicate key in ${collection}: ${detail}`, options);
  }
}
