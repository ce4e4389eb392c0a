import type { JsonValue } from "@bufbuild/protobuf";
import { type Broker, type Payload, publishEncoded, publishJson, subjects } from "@einvoice/broker";
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

/**
 * A payload for one of the outbox's subjects: a typed message (encoded to its canonical JSON when the row is
 * written), or that canonical JSON already composed from parts that were themselves decoded from checked JSON
 * (the issued document's `computed` and `issuer`), which saves two full conversions of the document through the
 * message reflection. Either way the row's JSON is checked against the strict contract before it is written.
 */
export type OutboxMessage =
  | {
      [K in OutboxSubject]: { subject: K; payload: Payload<(typeof outboxSubjects)[K]> };
    }[OutboxSubject]
  | { subject: OutboxSubject; json: object };

/**
 * Queues a payload in the caller's transaction; a payload that breaks its contract fails the transaction. Returns
 * the row, to be handed to the relay once the transaction has committed (`OutboxRelay.committed`).
 */
export async function addToOutbox(
  tx: TransactionScope,
  entry: { _id: string } & OutboxMessage,
  now: string,
): Promise<OutboxEntry> {
  const row = outboxEntry(entry, now);
  await tx.collection<OutboxEntry>(outboxCollection).insertOne(row);
  return row;
}

/**
 * The outbox row of a message, its payload encoded (and checked) now: a payload that breaks its contract throws.
 * The row continues `trace` (by default the active trace).
 */
export function outboxEntry(
  entry: { _id: string } & OutboxMessage,
  now: string,
  trace: Record<string, string> = currentTraceCarrier(),
): OutboxEntry {
  return {
    _id: entry._id,
    subject: entry.subject,
    payload: encode(entry),
    trace,
    created_at: now,
    sent_at: null,
  };
}

function encode(message: OutboxMessage) {
  if ("json" in message) return outboxSubjects[message.subject].payload.check(message.json);
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
 * Publishes outbox entries, then deletes them. A writer hands its rows over right after its transaction committed
 * (`committed`): they are published from memory, already encoded and checked by this process, so the usual cost
 * of an entry is one publish and its share of one delete transaction, never a read of the row back. The poll is
 * the fallback: it reads the table in creation order for entries nobody handed over (left by a crash, a NATS
 * outage, another replica's failed pass) and checks each against today's contract before publishing it (rows
 * written by older versions, marked with `sent_at` instead of deleted, are skipped). Publishing before deleting
 * means a crash repeats a publish (deduplicated by the msg id) but never loses one.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private scanDue = false;
  private stopped = false;
  /** Committed rows handed over, waiting for a pass. */
  private handed: OutboxEntry[] = [];
  /** Ids handed over and not yet deleted: the poll leaves them to the pass that has them. */
  private readonly inMemory = new Set<string>();

  constructor(
    private readonly store: Store,
    private readonly broker: Broker,
    private readonly logger: Logger,
    /** Poll interval of the fallback scan, in milliseconds. */
    private readonly pollMs: number,
  ) {}

  /** Scans once now (rows a crash left behind are published at boot), then on every poll. */
  start(): void {
    this.nudge();
    this.schedule();
  }

  /** Rows a transaction wrote and COMMITTED: published now, without reading them back. */
  committed(entries: readonly OutboxEntry[]): void {
    if (this.stopped || entries.length === 0) return;
    for (const entry of entries) {
      if (this.inMemory.has(entry._id)) continue;
      this.inMemory.add(entry._id);
      this.handed.push(entry);
    }
    this.pass();
  }

  /** Ask for a pass now, including a scan of the table. */
  nudge(): void {
    this.scanDue = true;
    this.pass();
  }

  private pass(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.pass();
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
    try {
      while (this.handed.length > 0) {
        const batch = this.handed.splice(0, BATCH);
        try {
          await this.publishAndDelete(batch, (entry) =>
            publishEncoded(this.broker.js, outboxSubjects[entry.subject], entry.payload as JsonValue, {
              msgId: entry._id,
            }),
          );
        } finally {
          // Published ones are deleted; the others are the poll's again.
          for (const entry of batch) this.inMemory.delete(entry._id);
        }
      }
      if (this.scanDue) {
        this.scanDue = false;
        await this.scan();
      }
    } catch (error) {
      this.logger.warn({ err: error }, "outbox relay pass failed; will retry");
    }
  }

  /** The fallback: rows in the table that no pass holds, oldest first, each checked against today's contract. */
  private async scan(): Promise<void> {
    const outbox = this.store.collection<OutboxEntry>(outboxCollection);
    for (;;) {
      const rows = await outbox.find(
        { sent_at: { $exists: false } },
        { sort: [{ field: "_id", direction: 1 }], limit: BATCH },
      );
      const batch = rows.filter((row) => !this.inMemory.has(row._id));
      if (batch.length === 0) return;
      await this.publishAndDelete(batch, (entry) =>
        publishJson(this.broker.js, outboxSubjects[entry.subject], entry.payload, { msgId: entry._id }),
      );
      if (rows.length < BATCH) return;
    }
  }

  /** Publishes a batch at once (one connection keeps their order), then deletes what JetStream took in ONE transaction. */
  private async publishAndDelete(
    batch: OutboxEntry[],
    publishOne: (entry: OutboxEntry) => Promise<unknown>,
  ): Promise<void> {
    const acks = await Promise.allSettled(
      batch.map((entry) => withTraceCarrier(entry.trace, () => publishOne(entry))),
    );
    const sent = batch.filter((_, i) => acks[i]!.status === "fulfilled");
    // An outbox that only keeps what is unsent stays small; an entry still here is published again later.
    // Not durable: a delete lost in a power cut only publishes the row again; its message id drops the copy (past
    // JetStream's duplicate window, the consumers do: each of these messages is applied once per document).
    if (sent.length > 0) {
      await this.store.transaction(
        async (tx) => {
          const scope = tx.collection<OutboxEntry>(outboxCollection);
          for (const entry of sent) await scope.deleteOne({ _id: entry._id });
        },
        { durable: false },
      );
    }
    const failed = acks.find((ack) => ack.status === "rejected");
    if (failed) throw failed.reason;
  }
}

/** Entries published per pass. */
const BATCH = 256;
