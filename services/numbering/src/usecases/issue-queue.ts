import type { Scope } from "@einvoice/domain";
import { SERVICE_ERRORS, violationsError } from "@einvoice/platform";
import { DuplicateKeyError, type Store, type TransactionScope } from "@einvoice/store";
import { DocumentRepository, seriesCounterKey } from "../adapters/document-repository.js";
import { type OutboxEntry, type OutboxMessage, outboxCollection, outboxEntry } from "../adapters/outbox.js";
import type { DocumentRecord } from "../domain/document-record.js";

/** One document to number: where its number comes from, and how to build it once the number is known. */
export interface IssueRequest {
  scope: Scope;
  type: string;
  series: string;
  /** The caller's Idempotency-Key: a repeat gets the document issued the first time, never a second number. */
  idempotencyKey?: string | undefined;
  /**
   * The record and its outbox message for `number`. Runs inside the commit, so it must be pure and quick; a throw
   * refuses this request alone: the number goes to the next request of the series.
   */
  build(number: number, now: string): { record: DocumentRecord; message: { _id: string } & OutboxMessage };
  /**
   * Checks and writes that depend on other documents (a note and the document it modifies), run in the commit
   * after `build`, one request after the other; a throw refuses this request alone, as a throw of `build` does.
   */
  link?(repository: DocumentRepository, record: DocumentRecord, now: string): Promise<void>;
}

/** The committed document, and whether an earlier call (same Idempotency-Key) issued it. */
export interface IssueOutcome {
  record: DocumentRecord;
  replayed: boolean;
}

interface Waiting {
  request: IssueRequest;
  resolve(outcome: IssueOutcome): void;
  reject(error: unknown): void;
}

type Settle = { ok: true; outcome: IssueOutcome } | { ok: false; error: unknown };

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The most requests one transaction takes; the rest wait for the next commit. */
const MAX_BATCH = 512;

/**
 * Transactions of the queue out at once: the one committing and the next, waiting for it (in the store's queue on
 * SQLite, in its body on MongoDB). More would only wait behind them.
 */
const MAX_IN_FLIGHT = 2;

/**
 * Group commit of the register: calls arriving while a commit is in flight wait and are then committed together
 * in ONE transaction (one fsync on SQLite), each with its consecutive number, its record (carrying its
 * Idempotency-Key) and its outbox entry. So a create whose reply was lost is found by its replay, in the same
 * all-or-nothing commit as its number.
 *
 * The next transaction is handed to the store as soon as a request waits, while the one before it still commits,
 * and takes its requests only when its body starts: every request that arrived until then. On SQLite it so joins
 * the store's next group commit together with the other writes that queued meanwhile (verdicts, renderings), and a
 * create waits for at most the commit in flight and its own (handed over only once the commit before it ended, it
 * would find those writes' group started and wait for its commit and sync too). On MongoDB, where a body starts at
 * once, the second body reads nothing until the first transaction has settled, so the two never conflict.
 *
 * Inside a batch a series' documents are written once every request of that series was built: numbers are handed
 * out in memory from the counter's committed value, a request whose build throws is refused alone (its number
 * passes to the next one), and the counter is advanced once per series, with its documents. If the transaction
 * still fails (a dependency, or a concurrent writer on another replica took a key), the batch is split and each
 * request committed on its own, so one bad request never fails the others and a failed request never keeps a
 * number.
 */
export class IssueQueue {
  private waiting: Waiting[] = [];
  /** A transaction was handed to the store and has not started its body yet: it takes every waiting request. */
  private queued = false;
  /** Transactions handed to the store and not yet settled. */
  private committing = 0;
  /** Settles (never rejects) when the transaction last handed to the store has. */
  private lastTransaction: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    /** Called after each commit with the outbox rows it wrote (handed to the outbox relay). */
    private readonly afterCommit: (entries: readonly OutboxEntry[]) => void,
  ) {}

  issue(request: IssueRequest): Promise<IssueOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.queued || this.waiting.length === 0 || this.committing >= MAX_IN_FLIGHT) return;
    this.queued = true;
    void this.commitWaiting();
  }

  private async commitWaiting(): Promise<void> {
    // With nothing committing, one turn of the event loop first: requests whose bytes arrived meanwhile are parsed
    // and join this batch instead of each starting a commit of one. With a commit in flight, the transaction goes
    // to the store at once: its body starts after that commit anyway, and takes what arrived until then.
    if (this.committing === 0) await yieldToIo();
    try {
      await this.commit(() => {
        // Requests arriving from now on hand the store the next transaction (never from here: a store refuses to
        // be used inside its own body).
        this.queued = false;
        return this.waiting.splice(0, MAX_BATCH);
      });
    } finally {
      // Requests that came while two transactions were out, repeats sent back, more than a batch: the next one.
      this.schedule();
    }
  }

  /**
   * Commits the requests `take` returns when the transaction's body first starts (called once: MongoDB may run the
   * body again after a transient conflict); a failed batch is split.
   */
  private async commit(take: () => Waiting[]): Promise<void> {
    let settled: Map<Waiting, Settle>;
    let entries: OutboxEntry[] = [];
    let batch: Waiting[] | undefined;
    this.committing++;
    try {
      const before = this.lastTransaction;
      const transaction = this.store.transaction(async (tx) => {
        // On SQLite the transaction before this one has settled when this body starts. On MongoDB a body starts at
        // once: it waits, before its first read, so the two never hold the series counters at once (they would
        // conflict, and one would be retried).
        await before;
        batch ??= take();
        return this.writeBatch(tx, batch);
      });
      this.lastTransaction = transaction.then(
        () => undefined,
        () => undefined,
      );
      ({ settled, entries } = await transaction.finally(() => this.committing--));
    } catch (error) {
      // The store failed before the body ran (closed, or BEGIN failed): the requests it would have taken fail.
      batch ??= take();
      if (batch.length === 0) return;
      if (batch.length > 1) {
        // Isolate the request that made the transaction fail; the others commit on their own.
        for (const one of batch) await this.commit(() => [one]);
        return;
      }
      // The lookup after a failure may fail too (the store closing, a dependency down): the request fails with it.
      const outcome = await this.afterFailure(batch[0]!.request, error).catch(
        (lookupError: unknown): Settle => ({ ok: false, error: lookupError }),
      );
      settled = new Map([[batch[0]!, outcome]]);
    }
    if (entries.length > 0) this.afterCommit(entries);
    for (const waiting of batch ?? []) {
      const result = settled.get(waiting);
      // A repeat of a key whose first request failed: it is tried again in the next batch.
      if (!result) this.waiting.push(waiting);
      else if (result.ok) waiting.resolve(result.outcome);
      else waiting.reject(result.error);
    }
  }

  /**
   * The transaction body (MongoDB may run it again after a transient conflict, so it only computes and writes;
   * promises are settled after the commit).
   */
  private async writeBatch(
    tx: TransactionScope,
    batch: Waiting[],
  ): Promise<{ settled: Map<Waiting, Settle>; entries: OutboxEntry[] }> {
    const settled = new Map<Waiting, Settle>();
    const repository = new DocumentRepository(tx);
    const now = new Date().toISOString();
    // Repeats of one key inside the batch follow the first request with that key.
    const firstByKey = new Map<string, Waiting>();
    const repeats: [Waiting, Waiting][] = [];
    const bySeries = new Map<string, Waiting[]>();
    for (const waiting of batch) {
      const { scope, idempotencyKey, type, series } = waiting.request;
      if (idempotencyKey) {
        const keyId = `${scope.companyId}:${scope.livemode}:${idempotencyKey}`;
        const first = firstByKey.get(keyId);
        if (first) {
          repeats.push([waiting, first]);
          continue;
        }
        firstByKey.set(keyId, waiting);
        const earlier = await repository.findByIdempotencyKey(scope, idempotencyKey);
        if (earlier) {
          settled.set(waiting, { ok: true, outcome: { record: earlier, replayed: true } });
          continue;
        }
      }
      const counter = seriesCounterKey(scope, type, series);
      const queue = bySeries.get(counter);
      if (queue) queue.push(waiting);
      else bySeries.set(counter, [waiting]);
    }

    const entries: OutboxEntry[] = [];
    for (const [counter, queue] of bySeries) {
      const committed = await tx.counters.current(counter);
      let number = committed;
      // A series belongs to the first document type numbered on it: FC01 of credit notes is never an invoice's.
      // Each series' records are inserted before the next series is looked at, so this also sees a series another
      // type started earlier in the same batch.
      const taken = committed === 0 ? await seriesTakenError(repository, queue[0]!.request) : undefined;
      const records: DocumentRecord[] = [];
      for (const waiting of queue) {
        try {
          if (taken) throw taken;
          const { record, message } = waiting.request.build(number + 1, now);
          if (record.number !== number + 1) throw new Error("a built record must carry its assigned number");
          await waiting.request.link?.(repository, record, now);
          const entry = outboxEntry(message, now);
          records.push(record);
          entries.push(entry);
          number++;
          settled.set(waiting, { ok: true, outcome: { record, replayed: false } });
        } catch (error) {
          settled.set(waiting, { ok: false, error });
        }
      }
      if (number > committed) {
        const advanced = await tx.counters.increment(counter, number - committed);
        if (advanced !== number) throw new Error(`series counter ${counter} moved during the commit`);
      }
      for (const record of records) await repository.insert(record);
    }
    const outbox = tx.collection<OutboxEntry>(outboxCollection);
    for (const entry of entries) await outbox.insertOne(entry);

    for (const [waiting, first] of repeats) {
      const result = settled.get(first);
      // When the first request with the key failed, the repeat stays unsettled and is queued again.
      if (result?.ok)
        settled.set(waiting, { ok: true, outcome: { record: result.outcome.record, replayed: true } });
    }
    return { settled, entries };
  }

  /** A lone request failed: a concurrent winner of its Idempotency-Key is its answer; anything else is its error. */
  private async afterFailure(request: IssueRequest, error: unknown): Promise<Settle> {
    if (error instanceof DuplicateKeyError && request.idempotencyKey) {
      const winner = await new DocumentRepository(this.store).findByIdempotencyKey(
        request.scope,
        request.idempotencyKey,
      );
      if (winner) return { ok: true, outcome: { record: winner, replayed: true } };
    }
    return { ok: false, error };
  }
}

/** 422 on `series` when the series already numbers another document type in the scope. */
async function seriesTakenError(
  repository: DocumentRepository,
  request: IssueRequest,
): Promise<Error | undefined> {
  const other = await repository.findOtherTypeInSeries(request.scope, request.series, request.type);
  if (!other) return undefined;
  return violationsError([
    {
      param: "series",
      code: SERVICE_ERRORS.series_used_by_another_type.code,
      message: `series ${request.series} already numbers documents of type ${other.type}: use another series for type ${request.type}`,
    },
  ]);
}
