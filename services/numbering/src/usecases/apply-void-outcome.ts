import { create } from "@bufbuild/protobuf";
import type { Payload, subjects } from "@einvoice/broker";
import { documentMessage, sunatVerdictOf } from "@einvoice/contracts";
import type { DocumentEventType } from "@einvoice/domain";
import type { Logger } from "@einvoice/platform";
import { DocumentStateSchema } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import { DocumentRepository } from "../adapters/document-repository.js";
import { addToOutbox, type OutboxEntry } from "../adapters/outbox.js";
import type { DocumentRecord } from "../domain/document-record.js";
import { presentDocument } from "../domain/present-document.js";

/**
 * Applies SUNAT's answer to a void: `voided` sets the document's status to voided; `failed` leaves the status
 * (accepted or observed) and records why on the void. Either way the new state is queued with
 * `document.voided` / `document.void_failed` in the same transaction. Only the pending void of the same attempt
 * takes an outcome, so a redelivery is a no-op.
 */
export class ApplyVoidOutcome {
  constructor(
    private readonly store: Store,
    private readonly filesBaseUrl: string,
    private readonly logger: Logger,
    /** Hands the committed outbox rows to the relay. */
    private readonly afterCommit: (entries: readonly OutboxEntry[]) => void,
  ) {}

  async execute(outcome: Payload<typeof subjects.documentVoidOutcome>): Promise<void> {
    const scope = { companyId: outcome.companyId, livemode: outcome.livemode };
    const applied = await this.store.transaction(async (tx) => {
      const repository = new DocumentRepository(tx);
      const current = await repository.findById(scope, outcome.documentId);
      if (!current) throw new Error(`document ${outcome.documentId} not found`);
      const pending = current.void;
      if (!pending || pending.attempt !== outcome.attempt || pending.status !== "pending") {
        this.logger.info(
          { document: current._id, attempt: outcome.attempt },
          "void outcome already applied or for another attempt",
        );
        return null;
      }
      const voided = outcome.outcome === "voided";
      const now = new Date().toISOString();
      const changes: Partial<DocumentRecord> = {
        void: {
          ...pending,
          status: voided ? "voided" : "failed",
          summary_id: outcome.summaryId || pending.summary_id,
          ticket: outcome.ticket ?? pending.ticket,
          sunat: outcome.sunat ? sunatVerdictOf(outcome.sunat) : null,
          failure: outcome.failure ? { code: outcome.failure.code, message: outcome.failure.message } : null,
          completed_at: now,
          cdr_key: outcome.cdrKey ?? null,
        },
        updated_at: now,
        ...(voided ? { status: "voided" as const } : {}),
      };
      const updated = await repository.update(
        scope,
        current._id,
        { status: current.status, "void.attempt": outcome.attempt, "void.status": "pending" },
        changes,
      );
      if (!updated) throw new Error(`document ${current._id} changed concurrently`);
      const event: DocumentEventType = voided ? "document.voided" : "document.void_failed";
      return addToOutbox(
        tx,
        {
          _id: `${current._id}:${event}:${outcome.attempt}`,
          subject: "documentState",
          payload: create(DocumentStateSchema, {
            documentId: current._id,
            companyId: scope.companyId,
            livemode: scope.livemode,
            eventType: event,
            document: documentMessage(presentDocument(updated, this.filesBaseUrl)),
          }),
        },
        now,
      );
    });
    if (applied) this.afterCommit([applied]);
  }
}
