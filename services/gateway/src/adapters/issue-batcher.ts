import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import {
  activeContext,
  Code,
  ConnectError,
  type Context,
  connectErrorOf,
  SpanKind,
  withSpan,
} from "@einvoice/platform";
import type { Document, IssueDocumentRequestSchema, NumberingService } from "@einvoice/proto";

export type IssueDocumentInit = MessageInitShape<typeof IssueDocumentRequestSchema>;

export interface IssueBatchSettings {
  /**
   * How long a create may wait for numbering's answer, in milliseconds, its time in the queue included (the
   * gateway's RPC_TIMEOUT_MS, as for a call of its own): each call gets the time its oldest create has left, and a
   * create still queued at its deadline fails with DEADLINE_EXCEEDED without being sent.
   */
  timeoutMs: number;
  /** Calls to numbering in flight at once; a request arriving when all are busy waits for the next batch. */
  maxInFlight: number;
  /** Documents per call at most (numbering takes at most 256). */
  maxDocuments: number;
  /**
   * Lines per call at most, summed over its documents. A line is well under 1 KiB as protobuf (a 999-line
   * invoice with 250-character descriptions is 366 KB), so a call stays far under numbering's 8 MiB request
   * limit. A document with more lines than this goes alone.
   */
  maxLines: number;
}

/**
 * Four calls of at most 16 documents in flight: numbering answers the first creates while it commits the next, so
 * their callers send their next creates meanwhile. With two calls of up to 64, 64 busy callers all went in one
 * batch and the gateway and numbering took turns (numbering alone: 1,925 → 2,318 numbers/s, 64 callers).
 */
export const DEFAULT_ISSUE_BATCH_LIMITS = { maxInFlight: 4, maxDocuments: 16, maxLines: 2000 } as const;

interface Pending {
  request: IssueDocumentInit;
  lines: number;
  /** `performance.now()` by which numbering must have answered. */
  deadline: number;
  /** The trace of the API request that asked, so the numbering call shows in the first one's trace. */
  context: Context;
  resolve(document: Document): void;
  reject(error: unknown): void;
}

/**
 * Sends the IssueDocument requests that arrive together as one IssueDocuments call. A request that finds a call
 * slot free goes at once, alone if nothing else waits, so an idle gateway adds no delay; under load, requests
 * wait for a call to return and go together. Each then pays a share of one call instead of a call of its own
 * (a Connect call costs both sides more CPU than numbering's work for a document), and numbering commits them in
 * one transaction either way.
 *
 * Each request gets what IssueDocument would have answered it: its document, or its own error rebuilt as the
 * ConnectError (details included). A call that fails as a whole (numbering unreachable, deadline) fails every
 * request in it with that error: none of them knows whether it was committed, as with a single call.
 */
export class IssueBatcher {
  private readonly waiting: Pending[] = [];
  private inFlight = 0;
  private readonly settings: IssueBatchSettings;

  constructor(
    private readonly numbering: Client<typeof NumberingService>,
    settings: Pick<IssueBatchSettings, "timeoutMs"> & Partial<IssueBatchSettings>,
  ) {
    this.settings = { ...DEFAULT_ISSUE_BATCH_LIMITS, ...settings };
  }

  issue(request: IssueDocumentInit): Promise<Document> {
    return new Promise((resolve, reject) => {
      const lines = request.computed?.lines?.length ?? 0;
      const deadline = performance.now() + this.settings.timeoutMs;
      this.waiting.push({ request, lines, deadline, context: activeContext(), resolve, reject });
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

  /** Creates whose time ran out in the queue (numbering slower than the deadline) were never sent: they fail. */
  private failExpired(): void {
    const now = performance.now();
    let expired = 0;
    while (expired < this.waiting.length && this.waiting[expired]!.deadline <= now) expired++;
    for (const pending of this.waiting.splice(0, expired))
      pending.reject(new ConnectError("numbering did not answer in time", Code.DeadlineExceeded));
  }

  /** The oldest waiting requests that fit the limits (at least one, however long). */
  private nextBatch(): Pending[] {
    let count = 0;
    let lines = 0;
    while (count < this.waiting.length && count < this.settings.maxDocuments) {
      const next = this.waiting[count]!.lines;
      if (count > 0 && lines + next > this.settings.maxLines) break;
      lines += next;
      count++;
    }
    return this.waiting.splice(0, count);
  }

  private async send(batch: Pending[]): Promise<void> {
    try {
      const { results } = await withSpan(
        "gateway",
        "IssueDocuments batch",
        {
          kind: SpanKind.CLIENT,
          parent: batch[0]!.context,
          attributes: { "einvoice.batch.documents": batch.length },
        },
        () =>
          this.numbering.issueDocuments(
            { items: batch.map((pending) => pending.request) },
            // The oldest create's time left (the queue is in arrival order, and all share one timeout).
            { timeoutMs: Math.max(1, Math.ceil(batch[0]!.deadline - performance.now())) },
          ),
      );
      if (results.length !== batch.length)
        throw new Error(`numbering answered ${results.length} results for ${batch.length} documents`);
      batch.forEach((pending, i) => {
        const { outcome } = results[i]!;
        if (outcome.case === "document") pending.resolve(outcome.value);
        else if (outcome.case === "error") pending.reject(connectErrorOf(outcome.value));
        else pending.reject(new Error("numbering answered a result without its outcome"));
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }
}
