import type { BuiltDocument, ComputedDocument, Issuer, Scope } from "@einvoice/domain";
import { metrics, newId } from "@einvoice/platform";
import { pendingRecord } from "../domain/document-record.js";
import { presentDocument } from "../domain/present-document.js";
import type { IssueQueue } from "./issue-queue.js";
import { linkNote } from "./link-note.js";

export interface IssueDocumentCommand {
  scope: Scope;
  issuer: Issuer;
  computed: ComputedDocument;
  /** The caller's Idempotency-Key: a repeat returns the document issued the first time, not a new number. */
  idempotencyKey?: string;
}

/**
 * Assigns the next number of the series and stores the document as pending together with its `documents.issued`
 * outbox entry, in one transaction (shared with the calls that arrived meanwhile, see IssueQueue): a failure
 * leaves neither a number spent nor a message sent.
 */
export class IssueDocument {
  constructor(
    private readonly issues: IssueQueue,
    private readonly filesBaseUrl: string,
  ) {}

  async execute({ scope, issuer, computed, idempotencyKey }: IssueDocumentCommand): Promise<BuiltDocument> {
    const { record, replayed } = await this.issues.issue({
      scope,
      type: computed.type,
      series: computed.series,
      idempotencyKey,
      build: (number, now) => {
        const record = pendingRecord({
          id: newId("doc"),
          scope,
          issuer,
          type: computed.type,
          series: computed.series,
          number,
          issueDate: computed.issue_date,
          content: { computed },
          idempotencyKey,
          now,
        });
        // The canonical JSON of DocumentIssued, composed: `issuer` and `computed` are the checked canonical JSON
        // the RPC decoded (proto field names), and the whole row is checked strictly before it is written.
        const message = {
          _id: `${record._id}:issued`,
          subject: "documentIssued" as const,
          json: {
            document_id: record._id,
            company_id: scope.companyId,
            livemode: scope.livemode,
            number,
            issuer,
            computed,
          },
        };
        return { record, message };
      },
      // Credit and debit notes: the modified document is checked and lists the note, in the same commit.
      ...(computed.reference
        ? { link: (repository, record, now) => linkNote(repository, scope, record, computed, now) }
        : {}),
    });
    if (!replayed) metrics.documents.inc({ type: record.type, status: "pending" });
    return presentDocument(record, this.filesBaseUrl);
  }
}
