import { create } from "@bufbuild/protobuf";
import { documentMessage, issuers } from "@einvoice/contracts";
import type { BuiltDocument, ComputedDocument, Scope } from "@einvoice/domain";
import {
  notFound,
  SERVICE_ERRORS,
  SHAPE_ERRORS,
  serviceError,
  todayInLima,
  violationsError,
} from "@einvoice/platform";
import { DocumentVoidRequestedSchema } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import { DocumentRepository } from "../adapters/document-repository.js";
import { addToOutbox, type OutboxEntry } from "../adapters/outbox.js";
import type { VoidRecord } from "../domain/document-record.js";
import { presentDocument } from "../domain/present-document.js";
import { decideVoid, reasonProblem } from "../domain/void-eligibility.js";

/**
 * Records a void request on an accepted or observed document and queues `documents.void_requested`, in one
 * transaction: the compare-and-set on the document's status and previous void makes two concurrent requests
 * end with one void and one 409. The document's status does not change until SUNAT answers.
 */
export class VoidDocument {
  constructor(
    private readonly store: Store,
    private readonly filesBaseUrl: string,
    /** Hands the committed outbox rows to the relay. */
    private readonly afterCommit: (entries: readonly OutboxEntry[]) => void,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async execute(scope: Scope, id: string, reason: string): Promise<BuiltDocument> {
    const problem = reasonProblem(reason);
    if (problem)
      throw violationsError([
        { param: "reason", code: SHAPE_ERRORS.parameter_invalid.code, message: problem },
      ]);
    const document = await this.store.transaction(async (tx) => {
      const repository = new DocumentRepository(tx);
      const current = await repository.findById(scope, id);
      if (!current) throw notFound("document", id);
      const now = this.clock();
      const decision = decideVoid(current, todayInLima(now));
      if (!decision.ok) {
        if (decision.kind === "invalid") {
          throw violationsError([
            { param: decision.param, code: decision.error.code, message: decision.message },
          ]);
        }
        throw serviceError(decision.error, decision.message);
      }
      const attempt = (current.void?.attempt ?? 0) + 1;
      const requestedAt = now.toISOString();
      const record: VoidRecord = {
        status: "pending",
        reason,
        requested_at: requestedAt,
        summary_id: null,
        ticket: null,
        sunat: null,
        failure: null,
        completed_at: null,
        attempt,
        cdr_key: null,
      };
      const updated = await repository.update(
        scope,
        id,
        { status: current.status, "void.attempt": current.void?.attempt ?? null },
        { void: record, updated_at: requestedAt },
      );
      if (!updated) {
        throw serviceError(
          SERVICE_ERRORS.void_in_progress,
          "Another void of this document was requested at the same time.",
        );
      }
      const resource = presentDocument(updated, this.filesBaseUrl);
      const entry = await addToOutbox(
        tx,
        {
          _id: `${id}:void_requested:${attempt}`,
          subject: "documentVoidRequested",
          payload: create(DocumentVoidRequestedSchema, {
            documentId: id,
            companyId: scope.companyId,
            livemode: scope.livemode,
            attempt,
            reason,
            requestedAt,
            issuer: issuers.toMessage(updated.issuer),
            document: documentMessage(resource),
            ...igvPercentOf(updated.computed),
          }),
        },
        requestedAt,
      );
      return { resource, entry };
    });
    this.afterCommit([document.entry]);
    return document.resource;
  }
}

/** The rate the document's IGV (or IVAP) lines state: its receipt's RC line repeats it (cbc:Percent). */
function igvPercentOf(computed: ComputedDocument | undefined): { igvPercent?: string } {
  const percent = computed?.lines
    .flatMap((line) => line.taxes)
    .find((tax) => (tax.scheme === "1000" || tax.scheme === "1016") && tax.percent !== undefined)?.percent;
  return percent === undefined ? {} : { igvPercent: percent };
}
