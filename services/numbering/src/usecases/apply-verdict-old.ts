import type { Payload, subjects } from "@einvoice/broker";
import { documentJson, statusDetailsOf, sunatVerdictOf } from "@einvoice/contracts";
import { type Logger, metrics } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { DocumentRepository } from "../adapters/document-repository.js";
import { addToOutbox, type OutboxEntry } from "../adapters/outbox.js";
import { verdictTransition } from "../domain/document-state.js";
import { presentDocument } from "../domain/present-document.js";

/**
 * Applies SUNAT's verdict through the state machine and, in the same transaction, queues the document's new
 * state (with its public event) for notification, stream and waiting callers.
 */
export class ApplyVerdictOld {
  constructor(
    private readonly store: Store,
    private readonly filesBaseUrl: string,
    private readonly logger: Logger,
    /** Hands the committed outbox rows to the relay. */
    private readonly afterCommit: (entries: readonly OutboxEntry[]) => void,
  ) {}

  async execute(verdict: Payload<typeof subjects.documentVerdict>): Promise<void> {
    const scope = { companyId: verdict.companyId, livemode: verdict.livemode };
    const applied = await this.store.transaction(async (tx) => {
      const repository = new DocumentRepository(tx);
      const current = await repository.findById(scope, verdict.documentId);
      if (!current) throw new Error(`document ${verdict.documentId} not found`);
      const transition = verdictTransition(current.status, verdict.outcome);
      if (transition.kind === "already-applied") return false;
      if (transition.kind === "refused") {
        this.logger.warn({ document: current._id, reason: transition.reason }, "verdict refused");
        return false;
      }
      const now = new Date().toISOString();
      const updated = await repository.update(
        scope,
        current._id,
        { status: "pending" },
        {
          status: transition.to,
          sunat: verdict.sunat ? sunatVerdictOf(verdict.sunat) : null,
          status_details: verdict.statusDetails ? statusDetailsOf(verdict.statusDetails) : null,
          // The signature: a document whose PDF has not been recorded yet (see RecordRendering) gets it here.
          ...(verdict.hash ? { hash: verdict.hash } : {}),
          files: {
            ...current.files,
            ...(verdict.xmlKey ? { xml: verdict.xmlKey } : {}),
            cdr: verdict.cdrKey ?? null,
          },
          updated_at: now,
        },
      );
      if (!updated) throw new Error(`document ${current._id} changed concurrently`);
      const entry = await addToOutbox(
        tx,
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
      );
      return { labels: { type: current.type, status: transition.to }, entry };
    });
    if (!applied) return;
    metrics.documents.inc(applied.labels);
    this.afterCommit([applied.entry]);
  }
}
