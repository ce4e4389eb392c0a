import type { Payload, subjects } from "@einvoice/broker";
import type { Logger } from "@einvoice/platform";
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
    const scope = { companyId: verdict.company_id, livemode: verdict.livemode };
    const applied = await this.store.transaction(async (tx) => {
      const repository = new DocumentRepository(tx);
      const current = await repository.findById(scope, verdict.document_id);
      if (!current) throw new Error(`document ${verdict.document_id} not found`);
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
          sunat: verdict.sunat,
          status_details: verdict.status_details ?? null,
          files: { ...current.files, cdr: verdict.cdr_key },
          updated_at: now,
        },
      );
      if (!updated) throw new Error(`document ${current._id} changed concurrently`);
      await addToOutbox(
        tx,
        {
          _id: `${current._id}:${transition.to}`,
          subject: "documentState",
          payload: {
            document_id: current._id,
            company_id: scope.companyId,
            livemode: scope.livemode,
            event_type: transition.event,
            document: presentDocument(updated, this.filesBaseUrl),
          },
        },
        now,
      );
      return true;
    });
    if (applied) this.afterCommit();
  }
}
