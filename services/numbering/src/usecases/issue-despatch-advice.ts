import { create } from "@bufbuild/protobuf";
import { despatchAdvices, issuers } from "@einvoice/contracts";
import type { DespatchAdvice, DocumentResource, Issuer, Scope } from "@einvoice/domain";
import { newId } from "@einvoice/platform";
import { DespatchIssuedSchema } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import { DocumentRepository, seriesCounterKey } from "../adapters/document-repository.js";
import { addToOutbox } from "../adapters/outbox.js";
import type { DocumentRecord } from "../domain/document-record.js";
import { presentDocument } from "../domain/present-document.js";
import { issueOnce } from "./issue-once.js";

export interface IssueDespatchAdviceCommand {
  scope: Scope;
  issuer: Issuer;
  despatch: DespatchAdvice;
  /** The caller's Idempotency-Key: a repeat returns the guide issued the first time, not a new number. */
  idempotencyKey?: string;
}

/**
 * Assigns the next number of the guide's T…/V… series and stores it as pending with its
 * `documents.despatch_issued` outbox entry, in one transaction, exactly as IssueDocument does for invoices: a
 * failure leaves neither a number spent nor a message sent.
 */
export class IssueDespatchAdvice {
  constructor(
    private readonly store: Store,
    private readonly filesBaseUrl: string,
    private readonly afterCommit: () => void,
  ) {}

  async execute(command: IssueDespatchAdviceCommand): Promise<DocumentResource> {
    return issueOnce(
      { store: this.store, filesBaseUrl: this.filesBaseUrl },
      command.scope,
      command.idempotencyKey,
      () => this.issue(command),
    );
  }

  private async issue({ scope, issuer, despatch, idempotencyKey }: IssueDespatchAdviceCommand) {
    const now = new Date().toISOString();
    const record = await this.store.transaction(async (tx) => {
      const number = await tx.counters.increment(seriesCounterKey(scope, despatch.type, despatch.series));
      const record: DocumentRecord = {
        _id: newId("doc"),
        company_id: scope.companyId,
        livemode: scope.livemode,
        type: despatch.type,
        series: despatch.series,
        number,
        status: "pending",
        issue_date: despatch.issue_date,
        issuer,
        despatch,
        sunat: null,
        status_details: null,
        hash: null,
        files: { xml: null, cdr: null, pdf: null },
        ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
        created_at: now,
        updated_at: now,
      };
      await new DocumentRepository(tx).insert(record);
      await addToOutbox(
        tx,
        {
          _id: `${record._id}:despatch_issued`,
          subject: "documentDespatchIssued",
          payload: create(DespatchIssuedSchema, {
            documentId: record._id,
            companyId: scope.companyId,
            livemode: scope.livemode,
            number,
            issuer: issuers.toMessage(issuer),
            despatch: despatchAdvices.toMessage(despatch),
          }),
        },
        now,
      );
      return record;
    });
    this.afterCommit();
    return presentDocument(record, this.filesBaseUrl);
  }
}
