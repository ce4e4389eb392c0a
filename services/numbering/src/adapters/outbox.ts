import { type Broker, type Payload, publishJson, subjects } from "@einvoice/broker";
import { currentTraceCarrier, type Logger, withTraceCarrier } from "@einvoice/platform";
import type { CollectionSpec, Store, TransactionScope } from "@einvoice/store";

/** A message to publish, written in the same transaction as the state change it announces. */
export interface OutboxEntry {
  /** Also the `Nats-Msg-Id`: a republish after a crash is dropped by JetStream. */
  _id: string;
  subject: OutboxSubject;
  /** The payload's canonical JSON, encoded (and checked) when the entry was written. */
  payload: unknown;
  /** The W3C trace context of the write (`traceparent`…), so the publish continues the document's trace. */
  trace?: Record<string, string>;
  created_at: string;
  /** Always null: published entries are deleted. Older versions kept them and set the time of the publish. */
  sent_at: string | null;
}

export const outboxSubjects = {
  documentIssued: subjects.documentIssued,
  documentDespatchIssued: subjects.documentDespatchIssued,
  documentState: subjects.documentState,
  documentVoidRequested: subjects.documentVoidRequested,
} as const;

type OutboxSubject = keyof typeof outboxSubjects;

export const outboxCollection: CollectionSpec = { name: "outbox", indexes: [{ fields: ["sent_at"] }] };

/** A payload for one of the outbox's subjects. */
export type OutboxMessage = {
  [K in OutboxSubject]: { subject: K; payload: Payload<(typeof outboxSubjects)[K]> };
}[OutboxSubject];

/** Queues a payload in the caller's transaction; a payload that breaks its contract fails the transaction. */
export function addToOutbox(
  tx: TransactionScope,
  entry: { _id: string } & OutboxMessage,
  now: string,
): Promise<void> {
  return tx.collection<OutboxEntry>(outboxCollection).insertOne(outboxEntry(entry, now));
}

/** The outbox row of a message, its payload encoded (and checked) now: a payload that breaks its contract throws. */
export function outboxEntry(entry: { _id: string } & OutboxMessage, now: string): OutboxEntry {
  return {
    _id: entry._id,
    subject: entry.subject,
    payload: encode(entry),
    trace: currentTraceCarrier(),
    created_at: now,
    sent_at: null,
  };
}

function encode(message: OutboxMessage) {
  switch (message.subject) {
    case "documentIssued":
      return outboxSubjects.documentIssued.payload.encode(message.payload);
    case "documentDespatchIssued":
      return outboxSubjects.documentDespatchIssued.payload.encode(message.payload);
    case "documentState":
      return outboxSubjects.documentState.payload.encode(message.payload);
    case "documentVoidRequested":
      return outboxSubjects.documentVoidRequested.payload.encode(message.payload);
  }
}

/**
 * Publishes outbox entries in creation order, then deletes them (rows written by older versions, marked with
 * `sent_at` instead, are skipped). Nudged right after every commit that
 * wrote entries, so the usual latency is one publish; the timer is only the fallback that finds entries left by a
 * crash or a NATS outage. Publishing before marking means a crash repeats a publish (deduplicated by the msg id)
 * but never loses one.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly broker: Broker,
    private readonly logger: Logger,
    /** Poll interval when not nudged, in milliseconds. */
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.schedule();
  }

  /** Ask for a pass now (after a transaction that wrote entries). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.nudge();
      this.schedule();
    }, this.pollMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    const outbox = this.store.collection<OutboxEntry>(outboxCollection);
    try {
      for (;;) {
        const batch = await outbox.find(
          { sent_at: { $exists: false } },
          { sort: [{ field: "_id", direction: 1 }], limit: BATCH },
        );
        if (batch.length === 0) return;
        // All publishes of a pass go out at once (one connection keeps their order) and are awaited together;
        // payloads were checked when written, publishJson checks them again against today's contract.
        const acks = await Promise.allSettled(
          batch.map((entry) =>
            withTraceCarrier(entry.trace, () =>
              publishJson(this.broker.js, outboxSubjects[entry.subject], entry.payload, { msgId: entry._id }),
            ),
          ),
        );
        const sent = batch.filter((_, i) => acks[i]!.status === "fulfilled");
        // One transaction (one fsync) removes the whole pass: JetStream holds the message now, and an outbox
        // that only keeps what is unsent stays small. An entry still here is published again later.
        if (sent.length > 0) {
          await this.store.transaction(async (tx) => {
            const scope = tx.collection<OutboxEntry>(outboxCollection);
            for (const entry of sent) await scope.deleteOne({ _id: entry._id });
          });
        }
        const failed = acks.find((ack) => ack.status === "rejected");
        if (failed) throw failed.reason;
      }
    } catch (error) {
      this.logger.warn({ err: error }, "outbox relay pass failed; will retry");
    }
  }
}

/** Entries published per pass. */
const BATCH = 256;
