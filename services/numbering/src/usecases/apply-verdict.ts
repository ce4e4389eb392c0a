import type { Payload, subjects } from "@einvoice/broker";
import { documentJson, statusDetailsOf, sunatVerdictOf } from "@einvoice/contracts";
import { type Logger, metrics } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { DocumentRepository } from "../adapters/document-repository.js";
import { addToOutbox, type OutboxEntry } from "../adapters/outbox.js";
import type { DocumentFileKeys, DocumentRecord } from "../domain/document-record.js";
import { verdictTransition } from "../domain/document-state.js";
import { presentDocument } from "../domain/present-document.js";

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
      // Only these fields are written, inside the stored document (its files one by one: a PDF key recorded
      // meanwhile is kept); the document is not rewritten whole. Still pending, as read in this transaction.
      const set = Object.fromEntries(Object.entries(files).map(([file, key]) => [`files.${file}`, key]));
      if (!(await repository.setFields(scope, current._id, { status: "pending" }, { ...changes, ...set })))
        throw new Error(`document ${current._id} changed concurrently`);
      const updated: DocumentRecord = { ...current, ...changes, files: { ...current.files, ...files } };
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
