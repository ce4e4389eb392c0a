import type { SunatVerdict } from "@einvoice/domain";
import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

/**
 * One document's journey through SUNAT. Written before each call and after each answer, so a restart knows
 * whether SUNAT may already hold the document and what it said.
 */
export interface SubmissionRecord {
  /** The document id. */
  _id: string;
  company_id: string;
  livemode: boolean;
  file_name: string;
  /** `submitting`: a call may be under way or its answer lost; `done`: the verdict is final and stored. */
  state: "submitting" | "done";
  attempts: number;
  last_error: string | null;
  outcome: "accepted" | "observed" | "rejected" | null;
  sunat: SunatVerdict | null;
  cdr_key: string | null;
  created_at: string;
  updated_at: string;
}

export const submissionsCollection: CollectionSpec = {
  name: "submissions",
  indexes: [{ fields: ["company_id", "livemode", "state"] }],
};

export class SubmissionRepository {
  private readonly submissions: Collection<SubmissionRecord>;

  constructor(scope: TransactionScope) {
    this.submissions = scope.collection<SubmissionRecord>(submissionsCollection);
  }

  find(companyId: string, livemode: boolean, documentId: string): Promise<SubmissionRecord | null> {
    return this.submissions.findOne({ _id: documentId, company_id: companyId, livemode });
  }

  upsert(record: SubmissionRecord): Promise<void> {
    return this.submissions.upsert(record);
  }
}
