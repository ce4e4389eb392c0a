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
  /** When the key last opened a request (updated at most once a minute); absent until first use. */
  last_used_at?: string;
  /** What the key is for, as its creator named it in the dashboard; absent for keys made by the admin CLI. */
  name?: string;
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

  update(id: string, changes: Partial<Omit<ApiKeyRecord, "_id">>): Promise<ApiKeyRecord | null> {
    return this.keys.updateOne({ _id: id }, changes);
  }

  listByCompany(companyId: string): Promise<ApiKeyRecord[]> {
    return this.keys.find({ company_id: companyId }, { sort: [{ field: "created_at", direction: 1 }] });
  }

  /** Revokes now; the gateway refuses the key from KEY_RECHECK_MS (1 s) later on. Null when no such live key exists. */
  revoke(id: string, at: string): Promise<ApiKeyRecord | null> {
    return this.keys.updateOne({ _id: id, revoked_at: null }, { revoked_at: at });
  }
}
