import { activeContext, Code, ConnectError, type Context, SpanKind, withSpan } from "@einvoice/platform";

export interface MicroBatchSettings {
  /**
   * How long a request may wait for the answer, in milliseconds, its time in the queue included (the gateway's
   * RPC_TIMEOUT_MS, as for a call of its own): each call gets the time its oldest request has left, and a request
   * still queued at its deadline fails with DEADLINE_EXCEEDED without being sent.
   */
  timeoutMs: number;
  /** Calls in flight at once; a request arriving when all are busy waits for the next batch. */
  maxInFlight: number;
  /** Requests per call at most. */
  maxItems: number;
  /**
   * Weight per call at most, summed over its requests (lines, so a call stays far under the request size limit).
   * A request heavier than this goes alone.
   */
  maxWeight: number;
}

/** One request's answer within a batched call: its result, or the error a call of its own would have thrown. */
export type ItemOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** What a micro-batcher sends: one batched RPC of a dependency. */
export interface BatchCall<I, R> {
  /** The dependency's name, for errors ("tax did not answer in time"). */
  dependency: string;
  /** The client span of each call ("ComputeDocuments batch"). */
  spanName: string;
  /** A request's weight towards `maxWeight`. */
  weight(item: I): number;
  /** Sends the requests as one call with this deadline; one outcome per request, in order. */
  send(items: I[], timeoutMs: number): Promise<ItemOutcome<R>[]>;
}

interface Pending<I, R> {
  item: I;
  weight: number;
  /** `performance.now()` by which the dependency must have answered. */
  deadline: number;
  /** The trace of the API request that asked, so the call shows in the first one's trace. */
  context: Context;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Sends the requests that arrive together as one batched call. A request that finds a call slot free goes at once,
 * alone if nothing else waits, so an idle gateway adds no delay; under load, requests wait for a call to return and
 * go together. Each then pays a share of one call instead of a call of its own (a Connect call costs both sides
 * more CPU than the dependency's work for one document).
 *
 * Each request gets what a call of its own would have answered it: its result, or its own error. A call that fails
 * as a whole (dependency unreachable, deadline) fails every request in it with that error, as a single call would.
 */
export class MicroBatcher<I, R> {
  private readonly waiting: Pending<I, R>[] = [];
  private inFlight = 0;

  constructor(
    private readonly call: BatchCall<I, R>,
    private readonly settings: MicroBatchSettings,
  ) {}

  submit(item: I): Promise<R> {
    return new Promise((resolve, reject) => {
      const deadline = performance.now() + this.settings.timeoutMs;
      this.waiting.push({
        item,
        weight: this.call.weight(item),
        deadline,
        context: activeContext(),
        resolve,
        reject,
      });
      this.sendWhileFree();
    });
  }

  private sendWhileFree(): void {
    this.failExpired();
    while (this.inFlight < this.settings.maxInFlight && this.waiting.length > 0) {
      const batch = this.nextBatch();
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.sendWhileFree();
      });
    }
  }

  /** Requests whose time ran out in the queue (the dependency slower than the deadline) were never sent: they fail. */
  private failExpired(): void {
    const now = performance.now();
    let expired = 0;
    while (expired < this.waiting.length && this.waiting[expired]!.deadline <= now) expired++;
    for (const pending of this.waiting.splice(0, expired))
      pending.reject(
        new ConnectError(`${this.call.dependency} did not answer in time`, Code.DeadlineExceeded),
      );
  }

  /** The oldest waiting requests that fit the limits (at least one, however heavy). */
  private nextBatch(): Pending<I, R>[] {
    let count = 0;
    let weight = 0;
    while (count < this.waiting.length && count < this.settings.maxItems) {
      const next = this.waiting[count]!.weight;
      if (count > 0 && weight + next > this.settings.maxWeight) break;
      weight += next;
      count++;
    }
    return this.waiting.splice(0, count);
  }

  private async send(batch: Pending<I, R>[]): Promise<void> {
    try {
      const outcomes = await withSpan(
        "gateway",
        this.call.spanName,
        {
          kind: SpanKind.CLIENT,
          parent: batch[0]!.context,
          attributes: { "einvoice.batch.documents": batch.length },
        },
        () =>
          this.call.send(
            batch.map((pending) => pending.item),
            // The oldest request's time left (the queue is in arrival order, and all share one timeout).
            Math.max(1, Math.ceil(batch[0]!.deadline - performance.now())),
          ),
      );
      if (outcomes.length !== batch.length)
        throw new Error(
          `${this.call.dependency} answered ${outcomes.length} results for ${batch.length} documents`,
        );
      batch.forEach((pending, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) pending.resolve(outcome.value);
        else pending.reject(outcome.error);
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }
}
