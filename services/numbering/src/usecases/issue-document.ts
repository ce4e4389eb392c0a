import { create } from "@bufbuild/protobuf";
import { computedDocuments, issuers } from "@einvoice/contracts";
import type { ComputedDocument, DocumentResource, Issuer, Scope } from "@einvoice/domain";
import { metrics, newId } from "@einvoice/platform";
import { DocumentIssuedSchema } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import { DocumentRepository, seriesCounterKey } from "../adapters/document-repository.js";
import { addToOutbox } from "../adapters/outbox.js";
import type { DocumentRecord } from "../domain/document-record.js";
import { presentDocument } from "../domain/present-document.js";
import { issueOnce } from "./issue-once.js";

export interface IssueDocumentCommand {
  scope: Scope;
  issuer: Issuer;
  computed: ComputedDocument;
  /** The caller's Idempotency-Key: a repeat returns the document issued the first time, not a new number. */
  idempotencyKey?: string;
}

/**
 * Assigns the next number of the series and stores the document as pending together with its `documents.issued`
 * outbox entry, in one transaction: a failure leaves neither a number spent nor a message sent.
 */
export class IssueDocument {
  constructor(
    private readonly store: Store,
    private readonly filesBaseUrl: string,
    private readonly afterCommit: () => void,
  ) {}

  async execute(command: IssueDocumentCommand): Promise<DocumentResource> {
    return issueOnce(
      { store: this.store, filesBaseUrl: this.filesBaseUrl },
      command.scope,
      command.idempotencyKey,
      () => this.issue(command),
    );
  }

  private async issue({
    scope,
    issuer,
    computed,
    idempotencyKey,
  }: IssueDocumentCommand): Promise<DocumentResource> {
    const now = new Date().toISOString();
    const record = await this.store.transaction(async (tx) => {
      const number = await tx.counters.increment(seriesCounterKey(scope, computed.type, computed.series));
      const record: DocumentRecord = {
        _id: newId("doc"),
        company_id: scope.companyId,
        livemode: scope.livemode,
        type: computed.type,
        series: computed.series,
        number,
        status: "pending",
        issue_date: computed.issue_date,
        issuer,
        computed,
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
          _id: `${record._id}:issued`,
          subject: "documentIssued",
          payload: create(DocumentIssuedSchema, {
            documentId: record._id,
            companyId: scope.companyId,
            livemode: scope.livemode,
            number,
            issuer: issuers.toMessage(issuer),
            computed: computedDocuments.toMessage(computed),
          }),
        },
        now,
      );
      return record;
    });
    metrics.documents.inc({ type: record.type, status: "pending" });
    this.afterCommit();
    return presentDocument(record, this.filesBaseUrl);
  }
}
