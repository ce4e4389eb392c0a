import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

/** An API key, stored only as a SHA-256 hash: the secret is shown once, at creation. */
export interface ApiKeyRecord {
  _id: string;
  company_id: string;
  livemode: boolean;
  /** Hex SHA-256 of the full key; keys carry ≥ 128 random bits, so a plain hash is enough. */
  hash: string;
  /** For display: `sk_test_…abcd`. */
  redacted: string;
  created_at: string;
  revoked_at: string | null;
}

export const apiKeysCollection: CollectionSpec = {
  name: "api_keys",
  indexes: [{ fields: ["hash"], unique: true }, { fields: ["company_id"] }],
};

export class ApiKeyRepository {
  private readonly keys: Collection<ApiKeyRecord>;

  constructor(scope: TransactionScope) {
    this.keys = scope.collection<ApiKeyRecord>(apiKeysCollection);
  }

  insert(record: ApiKeyRecord): Promise<void> {
    return this.keys.insertOne(record);
  }

  findByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.keys.findOne({ hash, revoked_at: null });
  }
}
