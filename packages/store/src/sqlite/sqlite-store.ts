/**
 * The embedded engine: one SQLite file per service database (better-sqlite3, WAL).
 *
 * better-sqlite3 is synchronous while the port is async, so all access to the connection goes through one FIFO
 * mutex. A transaction holds the mutex from BEGIN IMMEDIATE to COMMIT/ROLLBACK, across the awaits of its body:
 * other operations on this Store wait for it instead of slipping into the open transaction. Other processes
 * opening the same file are serialised by SQLite's own write lock (busy_timeout) and see committed data only.
 *
 * Group commit: transactions and single writes that queue up while the connection is busy are run one after the
 * other inside ONE SQLite transaction, each in its own SAVEPOINT (a member alone needs none), and committed
 * together. Each body still commits or rolls back as a whole (a failed body is rolled back to its savepoint and
 * rethrows alone), each caller is answered only once the shared COMMIT is durable, and readers never see writes that
 * are not (they wait for the mutex, which the group holds until its WAL frames are on disk).
 *
 * Durable commits off the event loop: `synchronous = FULL` would fsync the WAL inside COMMIT, blocking the event
 * loop for the whole fsync. Instead SQLite commits with `synchronous = NORMAL` (the WAL is
 * written, not synced) and the store then fdatasyncs the `-wal` file on libuv's thread pool, still holding the
 * mutex, before it answers anyone. Every frame of the COMMIT is then on disk before any caller or reader learns of
 * it: the same guarantee as FULL (a committed write survives a power cut), while the process goes on parsing
 * requests and messages, which then join the next group. Checkpoints sync the WAL and the database file as
 * before (NORMAL and FULL checkpoint alike).
 *
 * A group made only of transactions that asked for `durable: false` commits without the sync: its writes are
 * answered and readable at once, safe from a process crash, and reach the disk with the next durable group (the
 * WAL is synced whole) or checkpoint. Writes whose loss in a power cut their writer repairs by itself use it.
 */
import { mkdirSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { AsyncMutex } from "../async-mutex.js";
import { CollectionNotEnsuredError, StoreClosedError } from "../errors.js";
import { assertCollectionSpec } from "../names.js";
import type {
  Collection,
  CollectionSpec,
  Entity,
  Filter,
  FindOptions,
  Store,
  TransactionOptions,
  TransactionScope,
} from "../port.js";
import { assertNotInsideOwnTransaction, OpenTransaction } from "../transaction-guard.js";
import {
  type CheckpointSettings,
  type CheckpointWarnings,
  SqliteCheckpointer,
} from "./sqlite-checkpointer.js";
import { type SqliteAccess, SqliteCollection } from "./sqlite-collection.js";
import { COUNTERS_TABLE_SQL, SqliteCounters } from "./sqlite-counters.js";
import { ensureCollectionTable, INDEX_FIELDS_TABLE_SQL } from "./sqlite-schema.js";

const BUSY_TIMEOUT_MS = 5_000;
const STATEMENT_CACHE_SIZE = 256;
/** Transactions and writes per shared COMMIT at most; the rest join the next one. */
const MAX_GROUP = 256;

/**
 * WAL pages past which the committing connection checkpoints by itself (SQLite's automatic checkpoint, on the
 * event loop): only reached when the background checkpointer falls behind. Without it (off, or its thread ended),
 * SQLite's default.
 */
const FALLBACK_CHECKPOINT_PAGES = 10_000;
const SQLITE_DEFAULT_CHECKPOINT_PAGES = 1_000;
/** The background checkpointer's pace (`SqliteCheckpointer`): WAL pages are 4 KiB. */
const CHECKPOINTS: CheckpointSettings = { intervalMs: 1_000, restartPages: 4_000 };

/** Makes the WAL frames written so far durable (fdatasync of the `-wal` file); tests may slow it down. */
export type WalSync = (wal: FileHandle) => Promise<void>;

export interface SqliteStoreOptions {
  /** Replaces the WAL's fdatasync; for tests that need to see what waits for durability. */
  walSync?: WalSync;
  /**
   * Default true. false: no commit waits for a WAL sync, as if every transaction asked for `durable: false`
   * (commits survive a process crash, not a power cut). For stores whose loss in a power cut harms nothing, such
   * as the SUNAT simulator's.
   */
  durableCommits?: boolean;
  /**
   * For a file, WAL checkpoints run on a worker thread (`SqliteCheckpointer`) at this pace (default every second,
   * a restart past 4,000 pages; tests make it quicker), not inside the COMMIT that fills the WAL, so no commit blocks
   * the event loop for a checkpoint. false: SQLite's automatic checkpoint.
   */
  checkpoints?: CheckpointSettings | false;
  /** Where the background checkpointer reports failures (the service's logger); default: the process's warnings. */
  warnings?: CheckpointWarnings;
}

const processWarnings: CheckpointWarnings = {
  warn: (details, message) =>
    process.emitWarning(
      `${message}: ${JSON.stringify(details, (_key, value) => (value instanceof Error ? value.message : value))}`,
    ),
};

const datasync: WalSync = (wal) => wal.datasync();

/** A transaction body or a single write waiting for the next group commit. */
interface GroupMember {
  /** Runs inside the group's SQLite transaction, in its own savepoint. */
  run(): Promise<unknown>;
  /** Answered only once the WAL is synced (see `TransactionOptions.durable`). */
  durable: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class SqliteStore implements Store {
  readonly counters: SqliteCounters;
  private readonly mutex = new AsyncMutex();
  /** COMMITs run so far: lets tests and benchmarks see the grouping. */
  commits = 0;
  /** WAL syncs so far: one per COMMIT that held a durable transaction or write. */
  syncs = 0;
  private pending: GroupMember[] = [];
  private groupQueued = false;
  private readonly ensured = new Set<string>();
  private readonly statements = new Map<string, Database.Statement>();
  /** `SqliteAccess.statementTexts`: per collection, its statement texts by kind and filter shape. */
  private readonly texts = new Map<string, Map<string, string>>();
  private readonly outer: SqliteAccess;
  private closed = false;
  /** Runs the WAL checkpoints on a worker thread (`SqliteStoreOptions.checkpoints`). */
  private checkpointer: SqliteCheckpointer | null = null;
  /** The `-wal` file, opened at the first COMMIT (SQLite creates it on the first write); null for `:memory:`. */
  private wal: FileHandle | null = null;

  private constructor(
    private readonly db: Database.Database,
    private readonly walFile: string | null,
    private readonly walSync: WalSync,
    private readonly durableCommits: boolean,
  ) {
    this.outer = {
      run: (collection, work) => {
        assertNotInsideOwnTransaction(this);
        return this.mutex.run(() => {
          this.assertUsable(collection);
          return work();
        });
      },
      // A write outside a transaction joins the next group commit, in a savepoint of its own unless it is alone.
      write: (collection, work) => {
        assertNotInsideOwnTransaction(this);
        return this.enqueue(true, async () => {
          this.assertUsable(collection);
          return work();
        }) as Promise<ReturnType<typeof work>>;
      },
      statement: (sql) => this.statement(sql),
      statementTexts: (collection) => this.statementTexts(collection),
      // A write outside a transaction is a group member of its own: a throw undoes all it did (its savepoint, or the
      // whole group when it is alone), so a savepoint inside it would only repeat that.
      atomically: (work) => work(),
    };
    this.counters = new SqliteCounters(this.outer);
  }

  /** Opens (creating if needed) the database file; `:memory:` works for throwaway stores. */
  static open(file: string, options: SqliteStoreOptions = {}): SqliteStore {
    const inMemory = file === ":memory:";
    if (!inMemory) mkdirSync(dirname(file), { recursive: true });
    const db = new Database(file);
    try {
      db.pragma("journal_mode = WAL");
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // A committed invoice number must survive a power cut, not only a process crash: NORMAL leaves the WAL
      // unsynced at COMMIT, and commitGroup syncs it itself before answering (see the header).
      db.pragma("synchronous = NORMAL");
      db.exec(COUNTERS_TABLE_SQL);
      db.exec(INDEX_FIELDS_TABLE_SQL);
    } catch (error) {
      db.close();
      throw error;
    }
    const store = new SqliteStore(
      db,
      inMemory ? null : `${file}-wal`,
      options.walSync ?? datasync,
      options.durableCommits ?? true,
    );
    const checkpoints = options.checkpoints ?? CHECKPOINTS;
    if (!inMemory && checkpoints)
      store.startCheckpointer(file, checkpoints, options.warnings ?? processWarnings);
    return store;
  }

  /**
   * WAL checkpoints on a worker thread from now on; the committing connection's own only past
   * FALLBACK_CHECKPOINT_PAGES, and SQLite's default again if the thread cannot start or ends.
   */
  private startCheckpointer(file: string, settings: CheckpointSettings, warnings: CheckpointWarnings): void {
    const selfCheckpoints = () => {
      if (!this.closed) this.db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_CHECKPOINT_PAGES}`);
    };
    try {
      this.checkpointer = SqliteCheckpointer.start(file, settings, {
        // A pass asked for while the store closes has nothing left to wait for.
        exclusive: (work) => this.mutex.run(() => (this.closed ? Promise.resolve() : work())),
        stopped: selfCheckpoints,
        warnings,
      });
      this.db.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
    } catch (error) {
      warnings.warn({ file, err: error }, "WAL checkpointer not started; the store checkpoints by itself");
    }
  }

  collection<T extends Entity>(spec: CollectionSpec): Collection<T> {
    assertCollectionSpec(spec);
    return new SqliteCollection<T>(this.outer, spec);
  }

  /** SQLite's plan for a `find` on the collection, one line per step: shows which index serves a query. */
  findPlan(spec: CollectionSpec, filter: Filter, options?: FindOptions): Promise<string[]> {
    assertCollectionSpec(spec);
    return new SqliteCollection(this.outer, spec).findPlan(filter, options);
  }

  /**
   * The store's own collections, whose every `find` first records SQLite's plan for the same query in `plans`:
   * hand it to a repository to see which index serves each query exactly as the repository issues it.
   */
  recordingPlans(plans: string[][]): TransactionScope {
    return {
      counters: this.counters,
      collection: <T extends Entity>(spec: CollectionSpec) => {
        const collection = this.collection<T>(spec);
        return Object.assign(Object.create(collection), {
          find: async (...args: Parameters<typeof collection.find>) => {
            plans.push(await this.findPlan(spec, ...args));
            return collection.find(...args);
          },
        });
      },
    };
  }

  transaction<R>(work: (tx: TransactionScope) => Promise<R>, options: TransactionOptions = {}): Promise<R> {
    assertNotInsideOwnTransaction(this);
    return this.enqueue(options.durable ?? true, async () => {
      const tx = new OpenTransaction(this);
      const access: SqliteAccess = {
        run: (collection, op) =>
          tx.operation(() => {
            this.assertUsable(collection);
            return op();
          }),
        write: (collection, op) =>
          tx.operation(() => {
            this.assertUsable(collection);
            return op();
          }),
        statement: (sql) => this.statement(sql),
        statementTexts: (collection) => this.statementTexts(collection),
        atomically: (op) => this.atomically(op),
      };
      const scope: TransactionScope = {
        collection: <T extends Entity>(spec: CollectionSpec) => {
          assertCollectionSpec(spec);
          return new SqliteCollection<T>(access, spec);
        },
        counters: new SqliteCounters(access),
      };
      try {
        return await tx.runBody(() => work(scope));
      } finally {
        tx.open = false;
      }
    }) as Promise<R>;
  }

  /**
   * Runs `work` atomically, in a savepoint of the transaction open on the connection: collections call it only from
   * their writes, which run inside a group commit's transaction. (Outside one, SQLite's SAVEPOINT would begin a
   * transaction and RELEASE commit it.) Through cached statements: better-sqlite3's `db.transaction(work)` builds
   * four wrapper functions on every call, a tenth of an update's time.
   */
  private atomically<T>(work: () => T): T {
    this.statement("SAVEPOINT atomically").run();
    try {
      const value = work();
      this.statement("RELEASE atomically").run();
      return value;
    } catch (error) {
      // SQLite may have ended the whole transaction (an I/O error): then there is no savepoint left to undo.
      if (this.db.inTransaction) {
        this.statement("ROLLBACK TO atomically").run();
        this.statement("RELEASE atomically").run();
      }
      throw error;
    }
  }

  /** Queues a member for the next group commit; settles after that COMMIT (or with the member's own error). */
  private enqueue(durable: boolean, run: () => Promise<unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.pending.push({ run, durable, resolve, reject });
      if (!this.groupQueued) {
        this.groupQueued = true;
        void this.mutex.run(() => this.commitGroup());
      }
    });
  }

  /** Runs (holding the mutex) every queued member in one SQLite transaction, then commits once. */
  private async commitGroup(): Promise<void> {
    this.groupQueued = false;
    const group = this.pending.splice(0, MAX_GROUP);
    if (this.pending.length > 0) {
      this.groupQueued = true;
      void this.mutex.run(() => this.commitGroup());
    }
    if (this.closed) {
      for (const member of group) member.reject(new StoreClosedError());
      return;
    }
    const done: { member: GroupMember; value: unknown }[] = [];
    // A member alone needs no savepoint: when it fails, the whole transaction is rolled back.
    const alone = group.length === 1;
    let next = 0;
    try {
      // IMMEDIATE takes the write lock now, so a concurrent writer in another process cannot make COMMIT fail.
      this.db.exec("BEGIN IMMEDIATE");
      for (; next < group.length; next++) {
        const member = group[next]!;
        if (!this.db.inTransaction) this.db.exec("BEGIN IMMEDIATE");
        if (!alone) this.statement("SAVEPOINT member").run();
        let value: unknown;
        try {
          value = await member.run();
        } catch (error) {
          if (!this.db.inTransaction) {
            // SQLite ended the whole transaction (an I/O error, a full disk): earlier members' writes are gone.
            for (const lost of done.splice(0)) lost.member.reject(error);
          } else if (alone) this.db.exec("ROLLBACK");
          else {
            this.statement("ROLLBACK TO member").run();
            this.statement("RELEASE member").run();
          }
          member.reject(error);
          continue;
        }
        if (!alone) this.statement("RELEASE member").run();
        done.push({ member, value });
      }
      if (this.db.inTransaction) {
        this.db.exec("COMMIT");
        this.commits++;
        // Also makes earlier non-durable groups durable: the WAL is one file, synced whole.
        if (this.durableCommits && done.some(({ member }) => member.durable)) await this.makeDurable();
      }
    } catch (error) {
      // BEGIN, a savepoint statement or COMMIT failed: nothing of this group is committed. Or the WAL could not
      // be synced: the group is committed but may not survive a power cut, so no caller is told it succeeded
      // (each retries, and finds its own write where the write is idempotent).
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
      for (const { member } of done) member.reject(error);
      // Members from `next` on were not run or not settled (rejecting a settled promise again does nothing).
      for (const member of group.slice(next)) member.reject(error);
      return;
    }
    for (const { member, value } of done) member.resolve(value);
  }

  /** fdatasync of the WAL on the thread pool: the event loop keeps running while the disk catches up. */
  private async makeDurable(): Promise<void> {
    if (this.walFile === null) return;
    this.wal ??= await open(this.walFile, "r+");
    this.syncs++;
    await this.walSync(this.wal);
  }

  async ensure(specs: CollectionSpec[]): Promise<void> {
    specs.forEach(assertCollectionSpec);
    await this.outer.run(null, () => {
      // IMMEDIATE: bringing a table up to date reads then writes, and another process may be doing the same.
      this.db
        .transaction(() => {
          for (const spec of specs) ensureCollectionTable(this.db, spec);
        })
        .immediate();
      for (const spec of specs) this.ensured.add(spec.name);
    });
  }

  async ping(): Promise<void> {
    await this.outer.run(null, () => this.statement("SELECT 1").get());
  }

  async close(): Promise<void> {
    await this.mutex.run(async () => {
      if (this.closed) return;
      this.closed = true;
      this.statements.clear();
      // The checkpointer's connection closes before the store's, which is then the last one and checkpoints.
      await this.checkpointer?.close();
      // The WAL handle goes first: closing the last connection may checkpoint and delete the file.
      await this.wal?.close();
      this.wal = null;
      this.db.close();
    });
  }

  private statementTexts(collection: string): Map<string, string> {
    let texts = this.texts.get(collection);
    if (!texts) {
      texts = new Map();
      this.texts.set(collection, texts);
    }
    return texts;
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      // Filters with long `$in` lists make many distinct texts; a bounded cache keeps memory flat.
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private assertUsable(collection: string | null): void {
    if (this.closed) throw new StoreClosedError();
    if (collection !== null && !this.ensured.has(collection)) throw new CollectionNotEnsuredError(collection);
  }
}
