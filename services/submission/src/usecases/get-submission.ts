import type { Scope } from "@einvoice/domain";
import { notFound } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { type SubmissionRecord, SubmissionRepository } from "../adapters/submission-repository.js";

/** The submission record of one document of the caller's company and mode; another scope's is NOT_FOUND. */
export class GetSubmission {
  constructor(private readonly store: Store) {}

  async execute(scope: Scope, documentId: string): Promise<SubmissionRecord> {
    const record = await new SubmissionRepository(this.store).find(
      scope.companyId,
      scope.livemode,
      documentId,
    );
    if (!record) throw notFound("submission", documentId);
    return record;
  }
}
