import { create } from "@bufbuild/protobuf";
import type { Payload, subjects } from "@einvoice/broker";
import { documentMessage, statusDetailsOf, sunatVerdictOf } from "@einvoice/contracts";
import { type Logger, metrics } from "@einvoice/platform";
import { DocumentStateSchema } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import { DocumentRepository } from "../adapters/document-repository.js";
import { addToOutbox } from "../adapters/outbox.js";
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
    private readonly afterCommit: () => void,
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
          files: { ...current.files, cdr: verdict.cdrKey ?? null },
          updated_at: now,
        },
      );
      if (!updated) throw new Error(`document ${current._id} changed concurrently`);
      await addToOutbox(
        tx,
        {
          _id: `${current._id}:${transition.to}`,
          subject: "documentState",
          payload: create(DocumentStateSchema, {
            documentId: current._id,
            companyId: scope.companyId,
            livemode: scope.livemode,
            ...(transition.event ? { eventType: transition.event } : {}),
            document: documentMessage(presentDocument(updated, this.filesBaseUrl)),
          }),
        },
        now,
      );
      return { type: current.type, status: transition.to };
    });
    if (!applied) return;
    metrics.documents.inc(applied);
    this.afterCommit();
  }
}
