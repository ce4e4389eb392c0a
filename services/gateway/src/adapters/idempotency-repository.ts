import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

/** A POST made with an `Idempotency-Key`: in flight, or done with the response to replay. */
export interface IdempotencyRecord {
  /** Hex SHA-256 of `company|mode|key`: the key itself is the caller's and is never stored. */
  _id: string;
  company_id: string;
  livemode: boolean;
  /** Hex SHA-256 of the method, path and JSON body: the same key with another request is refused. */
  fingerprint: string;
  state: "in_flight" | "done";
  /** ISO time after which an in-flight request is presumed lost (its process died), so a retry may take over. */
  lease_until: string;
  response: { status: number; body: unknown; headers: Record<string, string> } | null;
  created_at: string;
  /** ISO time after which the record is forgotten (24 h after creation). */
  expires_at: string;
}

export const idempotencyCollection: CollectionSpec = {
  name: "idempotency_keys",
  indexes: [{ fields: ["expires_at"] }],
};

export class IdempotencyRepository {
  private readonly records: Collection<IdempotencyRecord>;

  constructor(scope: TransactionScope) {
    this.records = scope.collection<IdempotencyRecord>(idempotencyCollection);
  }

  insert(record: IdempotencyRecord): Promise<void> {
    return this.records.insertOne(record);
  }

  find(id: string): Promise<IdempotencyRecord | null> {
    return this.records.findOne({ _id: id });
  }

  /** Takes over an in-flight record whose lease ran out; null when someone else took it first. */
  takeOver(record: IdempotencyRecord, leaseUntil: string): Promise<IdempotencyRecord | null> {
    return this.records.updateOne(
      { _id: record._id, state: "in_flight", lease_until: record.lease_until },
      { lease_until: leaseUntil },
    );
  }

  complete(
    id: string,
    response: NonNullable<IdempotencyRecord["response"]>,
  ): Promise<IdempotencyRecord | null> {
    return this.records.updateOne({ _id: id }, { state: "done", response });
  }

  delete(id: string): Promise<boolean> {
    return this.records.deleteOne({ _id: id });
  }
}
