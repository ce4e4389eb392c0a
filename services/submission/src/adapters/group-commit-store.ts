import type {
  Collection,
  CollectionSpec,
  Counters,
  Entity,
  Filter,
  FindOptions,
  Store,
  TransactionScope,
} from "@einvoice/store";

/** One write waiting for the next commit. */
interface PendingWrite {
  op: (scope: TransactionScope) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit over a store: single-entity writes issued while a commit is under way (or within the same turn
 * of the event loop) are committed together in one transaction, so many concurrent submissions share one
 * durable commit — on SQLite one fsync with `synchronous = FULL` — instead of paying one each. Each caller's
 * promise settles only once its write is committed, exactly as with a plain write, so nothing is acknowledged
 * (a JetStream message, a SUNAT call started) before it is durable. Reads go straight to the store; a caller
 * that awaited its write reads it back.
 *
 * When one write of a batch fails (a duplicate key from a redelivered message, a MongoDB write conflict), the
 * transaction rolls back as a whole and every write of the batch is run again on its own, so each caller gets
 * the answer it would have had alone. A write therefore must be one store operation (no partial effects).
 *
 * Counters, `transaction` and `ensure` go to the underlying store unchanged. Never write through this wrapper
 * inside a transaction body of the same store: the batch would wait for that transaction to end.
 */
export class GroupCommitStore implements Store {
  private queue: PendingWrite[] = [];
  private flushing = false;
  private scheduled = false;
  private idle: Promise<void> = Promise.resolve();
  private markIdle: () => void = () => undefined;

  constructor(
    private readonly store: Store,
    /** Writes per transaction at most. */
    private readonly maxBatch = 256,
  ) {}

  get counters(): Counters {
    return this.store.counters;
  }

  collection<T extends Entity>(spec: CollectionSpec): Collection<T> {
    return new GroupCommitCollection<T>(this.store.collection<T>(spec), spec, (op) => this.write(op));
  }

  transaction<R>(work: (tx: TransactionScope) => Promise<R>): Promise<R> {
    return this.store.transaction(work);
  }

  ensure(specs: CollectionSpec[]): Promise<void> {
    return this.store.ensure(specs);
  }

  ping(): Promise<void> {
    return this.store.ping();
  }

  /** Waits for queued writes to commit; the underlying store is closed by its owner. */
  async close(): Promise<void> {
    await this.idle;
  }

  /** Queues `op` for the next group commit; settles once it is committed (or has failed on its own). */
  write<R>(op: (scope: TransactionScope) => Promise<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      if (this.queue.length === 0 && !this.flushing) {
        this.idle = new Promise<void>((done) => {
          this.markIdle = done;
        });
      }
      this.queue.push({ op, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.flushing || this.scheduled) return;
    this.scheduled = true;
    // setImmediate, not a microtask: writes issued by other handlers in this turn of the loop join the batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        if (batch.length === 1) await runAlone(this.store, batch[0]!);
        else await this.commitTogether(batch);
      }
    } finally {
      this.flushing = false;
      this.markIdle();
    }
  }

  private async commitTogether(batch: PendingWrite[]): Promise<void> {
    let results: unknown[];
    try {
      results = await this.store.transaction(async (tx) => {
        const out: unknown[] = [];
        for (const pending of batch) out.push(await pending.op(tx));
        return out;
      });
    } catch {
      // Nothing of the batch was committed: each write again on its own, so only the failing one fails.
      for (const pending of batch) await runAlone(this.store, pending);
      return;
    }
    for (const [index, pending] of batch.entries()) pending.resolve(results[index]);
  }
}

async function runAlone(store: Store, pending: PendingWrite): Promise<void> {
  try {
    pending.resolve(await pending.op(store));
  } catch (error) {
    pending.reject(error);
  }
}

/** Reads from the store; each write becomes one queued operation of the group commit. */
class GroupCommitCollection<T extends Entity> implements Collection<T> {
  constructor(
    private readonly direct: Collection<T>,
    private readonly spec: CollectionSpec,
    private readonly write: <R>(op: (scope: TransactionScope) => Promise<R>) => Promise<R>,
  ) {}

  // Entities and changes are copied when queued: the caller may change its object before the batch runs.
  insertOne(entity: T): Promise<void> {
    const copy = { ...entity };
    return this.write((scope) => scope.collection<T>(this.spec).insertOne(copy));
  }

  findOne(filter: Filter): Promise<T | null> {
    return this.direct.findOne(filter);
  }

  find(filter: Filter, options?: FindOptions): Promise<T[]> {
    return this.direct.find(filter, options);
  }

  count(filter: Filter): Promise<number> {
    return this.direct.count(filter);
  }

  updateOne(filter: Filter, set: Partial<Omit<T, "_id">>): Promise<T | null> {
    const changes = { ...set };
    return this.write((scope) => scope.collection<T>(this.spec).updateOne(filter, changes));
  }

  upsert(entity: T): Promise<void> {
    const copy = { ...entity };
    return this.write((scope) => scope.collection<T>(this.spec).upsert(copy));
  }

  deleteOne(filter: Filter): Promise<boolean> {
    return this.write((scope) => scope.collection<T>(this.spec).deleteOne(filter));
  }
}
