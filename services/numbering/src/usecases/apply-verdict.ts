import type { BatchOutcome, Payload, subjects } from "@einvoice/broker";
import { documentJson, statusDetailsOf, sunatVerdictOf } from "@einvoice/contracts";
import { type Logger, metrics } from "@einvoice/platform";
import type { Store, TransactionScope } from "@einvoice/store";
import { DocumentRepository } from "../adapters/document-repository.js";
import { type OutboxEntry, outboxCollection, outboxEntry } from "../adapters/outbox.js";
import type { DocumentFileKeys, DocumentRecord } from "../domain/document-record.js";
import { verdictTransition } from "../domain/document-state.js";
import { presentDocument } from "../domain/present-document.js";

type Verdict = Payload<typeof subjects.documentVerdict>;

/** A verdict and the trace its state message continues (by default the active one). */
interface VerdictItem {
  payload: Verdict;
  trace?: Record<string, string>;
}

/** A verdict written in the transaction: its state message, and the labels to count once committed. */
interface Applied {
  entry: OutboxEntry;
  labels: { type: string; status: string };
}

/**
 * Applies SUNAT's verdict through the state machine and, in the same transaction, queues the document's new
 * state (with its public event) for notification, stream and waiting callers.
 */
export class ApplyVerdict {
  constructor(
    private readonly store: Store,
    private readonly filesBaseUrl: string,
    private readonly logger: Logger,
    /** Hands the committed outbox rows to the relay. */
    private readonly afterCommit: (entries: readonly OutboxEntry[]) => void,
  ) {}

  async execute(verdict: Verdict): Promise<void> {
    const [error] = await this.executeBatch([{ payload: verdict }]);
    if (error !== undefined) throw error;
  }

  /**
   * Applies a batch of verdicts in one transaction: one commit (and one disk sync) for all of them. The outcome
   * says, per verdict in order, undefined once applied (or already applied, or refused by the state machine), or
   * the error that keeps it from being applied; the others are applied all the same. A verdict that fails the
   * transaction itself (a write refused after its document was written) is isolated: each verdict of the batch is
   * then applied in a transaction of its own, so a document is never left written without its state message. (If
   * the failed batch did commit, as a commit whose answer was lost may have, each verdict then finds itself applied,
   * and the relay's poll sends their state messages rather than this hand-over.) Each state message continues its
   * own verdict's trace.
   */
  async executeBatch(items: readonly VerdictItem[]): Promise<BatchOutcome> {
    let written: { outcome: BatchOutcome; applied: Applied[] };
    try {
      written = await this.store.transaction((tx) => this.applyAll(tx, items));
    } catch (error) {
      if (items.length === 1) return [error];
      const outcome: BatchOutcome = [];
      for (const item of items) outcome.push(...(await this.executeBatch([item])));
      return outcome;
    }
    for (const { labels } of written.applied) metrics.documents.inc(labels);
    if (written.applied.length > 0) this.afterCommit(written.applied.map(({ entry }) => entry));
    return written.outcome;
  }

  /** The transaction body (MongoDB may run it again after a transient conflict: each run answers afresh). */
  private async applyAll(
    tx: TransactionScope,
    items: readonly VerdictItem[],
  ): Promise<{ outcome: BatchOutcome; applied: Applied[] }> {
    const outcome: BatchOutcome = items.map(() => undefined);
    const applied: Applied[] = [];
    const repository = new DocumentRepository(tx);
    const outbox = tx.collection<OutboxEntry>(outboxCollection);
    const now = new Date().toISOString();
    for (const [i, { payload: verdict, trace }] of items.entries()) {
      const scope = { companyId: verdict.companyId, livemode: verdict.livemode };
      const current = await repository.findById(scope, verdict.documentId);
      if (!current) {
        outcome[i] = new Error(`document ${verdict.documentId} not found`);
        continue;
      }
      const transition = verdictTransition(current.status, verdict.outcome);
      if (transition.kind === "already-applied") continue;
      if (transition.kind === "refused") {
        this.logger.warn({ document: current._id, reason: transition.reason }, "verdict refused");
        continue;
      }
      const files: Partial<DocumentFileKeys> = {
        ...(verdict.xmlKey ? { xml: verdict.xmlKey } : {}),
        cdr: verdict.cdrKey ?? null,
      };
      const changes = {
        status: transition.to,
        sunat: verdict.sunat ? sunatVerdictOf(verdict.sunat) : null,
        status_details: verdict.statusDetails ? statusDetailsOf(verdict.statusDetails) : null,
        // The signature: a document whose PDF has not been recorded yet (see RecordRendering) gets it here.
        ...(verdict.hash ? { hash: verdict.hash } : {}),
        updated_at: now,
      } satisfies Partial<DocumentRecord>;
      const updated: DocumentRecord = { ...current, ...changes, files: { ...current.files, ...files } };
      let entry: OutboxEntry;
      try {
        // Encoded and checked before anything of this verdict is written: a message that breaks its contract
        // refuses this verdict alone.
        entry = outboxEntry(
          {
            _id: `${current._id}:${transition.to}`,
            subject: "documentState",
            // Composed canonical JSON (see OutboxMessage and documentJson).
            json: {
              document_id: current._id,
              company_id: scope.companyId,
              livemode: scope.livemode,
              ...(transition.event ? { event_type: transition.event } : {}),
              document: documentJson(presentDocument(updated, this.filesBaseUrl)),
            },
          },
          now,
          trace,
        );
      } catch (error) {
        outcome[i] = error;
        continue;
      }
      // Only these fields are written, inside the stored document (its files one by one: a PDF key recorded
      // meanwhile is kept); the document is not rewritten whole. Still pending, as read in this transaction.
      const set = Object.fromEntries(Object.entries(files).map(([file, key]) => [`files.${file}`, key]));
      if (!(await repository.setFields(scope, current._id, { status: "pending" }, { ...changes, ...set }))) {
        outcome[i] = new Error(`document ${current._id} changed concurrently`);
        continue;
      }
      // A refused row fails the whole transaction: the document must not keep a state its message does not announce.
      await outbox.insertOne(entry);
      applied.push({ entry, labels: { type: current.type, status: transition.to } });
    }
    return { outcome, applied };
  }
}
