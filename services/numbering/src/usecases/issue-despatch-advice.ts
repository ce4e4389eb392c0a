import { create } from "@bufbuild/protobuf";
import { despatchAdvices, issuers } from "@einvoice/contracts";
import type { BuiltDocument, DespatchAdvice, Issuer, Scope } from "@einvoice/domain";
import { newId } from "@einvoice/platform";
import { DespatchIssuedSchema } from "@einvoice/proto";
import { pendingRecord } from "../domain/document-record.js";
import { presentDocument } from "../domain/present-document.js";
import type { IssueQueue } from "./issue-queue.js";

export interface IssueDespatchAdviceCommand {
  scope: Scope;
  issuer: Issuer;
  despatch: DespatchAdvice;
  /** The caller's Idempotency-Key: a repeat returns the guide issued the first time, not a new number. */
  idempotencyKey?: string;
}

/**
 * Assigns the next number of the guide's T…/V… series and stores it as pending with its
 * `documents.despatch_issued` outbox entry, in one transaction, exactly as IssueDocument does for invoices (through
 * the same IssueQueue): a failure leaves neither a number spent nor a message sent.
 */
export class IssueDespatchAdvice {
  constructor(
    private readonly issues: IssueQueue,
    private readonly filesBaseUrl: string,
  ) {}

  async execute({
    scope,
    issuer,
    despatch,
    idempotencyKey,
  }: IssueDespatchAdviceCommand): Promise<BuiltDocument> {
    const { record } = await this.issues.issue({
      scope,
      type: despatch.type,
      series: despatch.series,
      idempotencyKey,
      build: (number, now) => {
        const record = pendingRecord({
          id: newId("doc"),
          scope,
          issuer,
          type: despatch.type,
          series: despatch.series,
          number,
          issueDate: despatch.issue_date,
          content: { despatch },
          idempotencyKey,
          now,
        });
        const message = {
          _id: `${record._id}:despatch_issued`,
          subject: "documentDespatchIssued" as const,
          payload: create(DespatchIssuedSchema, {
            documentId: record._id,
            companyId: scope.companyId,
            livemode: scope.livemode,
            number,
            issuer: issuers.toMessage(issuer),
            despatch: despatchAdvices.toMessage(despatch),
          }),
        };
        return { record, message };
      },
    });
    return presentDocument(record, this.filesBaseUrl);
  }
}
