import type { Scope } from "@einvoice/domain";
import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

export type EmailStatus = "queued" | "sent" | "failed";

export interface EmailRecord {
  /** `eml_…` */
  _id: string;
  company_id: string;
  livemode: boolean;
  document_id: string;
  to: string[];
  cc: string[];
  status: EmailStatus;
  last_error: string | null;
  attempts: number;
  /** When the next attempt is due; null once sent or failed. */
  next_attempt_at: string | null;
  /** Keeps other workers off an email being sent ("" when free). */
  lease_until: string;
  created_at: string;
  updated_at: string;
}

export const emailsCollection: CollectionSpec = {
  name: "emails",
  indexes: [{ fields: ["status", "next_attempt_at"] }, { fields: ["company_id", "livemode", "document_id"] }],
};

export class EmailRepository {
  private readonly emails: Collection<EmailRecord>;

  constructor(scope: TransactionScope) {
    this.emails = scope.collection<EmailRecord>(emailsCollection);
  }

  insert(record: EmailRecord): Promise<void> {
    return this.emails.insertOne(record);
  }

  find(scope: Scope, id: string): Promise<EmailRecord | null> {
    return this.emails.findOne({ _id: id, company_id: scope.companyId, livemode: scope.livemode });
  }

  due(now: string, limit: number): Promise<EmailRecord[]> {
    return this.emails.find(
      { status: "queued", next_attempt_at: { $lte: now }, lease_until: { $lte: now } },
      { sort: [{ field: "next_attempt_at", direction: 1 }], limit },
    );
  }

  claim(record: EmailRecord, now: string, until: string): Promise<EmailRecord | null> {
    return this.emails.updateOne(
      { _id: record._id, status: "queued", lease_until: { $lte: now } },
      { lease_until: until },
    );
  }

  update(id: string, changes: Partial<Omit<EmailRecord, "_id">>): Promise<EmailRecord | null> {
    return this.emails.updateOne({ _id: id }, changes);
  }
}
