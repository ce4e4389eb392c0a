import { decryptSecret, encryptSecret, type SecretKeys } from "@einvoice/platform";
import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

/** A company's GRE REST API credentials (SOL "Credenciales API") for one mode; the secret only stored encrypted. */
export interface GreCredentialRecord {
  /** `<company_id>:<test|live>`: one pair per company and mode. */
  _id: string;
  company_id: string;
  livemode: boolean;
  /** Not secret: shown back to the company. */
  client_id: string;
  /** AES-256-GCM box of the client secret, bound to the record id. */
  client_secret_box: string;
  updated_at: string;
}

export interface GreCredentials {
  clientId: string;
  clientSecret: string;
}

export const greCredentialsCollection: CollectionSpec = {
  name: "gre_credentials",
  indexes: [{ fields: ["company_id", "livemode"] }],
};

const greCredentialId = (companyId: string, livemode: boolean) =>
  `${companyId}:${livemode ? "live" : "test"}`;

/** The GRE credentials repository, scoped by company and mode, sealed with the submission master key. */
export class GreCredentialStore {
  private readonly credentials: Collection<GreCredentialRecord>;

  constructor(
    scope: TransactionScope,
    private readonly masterKey: SecretKeys,
  ) {
    this.credentials = scope.collection<GreCredentialRecord>(greCredentialsCollection);
  }

  async find(companyId: string, livemode: boolean): Promise<GreCredentials | null> {
    const record = await this.record(companyId, livemode);
    if (!record) return null;
    return {
      clientId: record.client_id,
      clientSecret: decryptSecret(record.client_secret_box, this.masterKey, record._id),
    };
  }

  /** Only the client id, for status screens: the secret is not even decrypted. */
  async findClientId(companyId: string, livemode: boolean): Promise<string | null> {
    return (await this.record(companyId, livemode))?.client_id ?? null;
  }

  async set(
    companyId: string,
    livemode: boolean,
    credentials: GreCredentials,
    now = new Date(),
  ): Promise<void> {
    const id = greCredentialId(companyId, livemode);
    await this.credentials.upsert({
      _id: id,
      company_id: companyId,
      livemode,
      client_id: credentials.clientId,
      client_secret_box: encryptSecret(credentials.clientSecret, this.masterKey, id),
      updated_at: now.toISOString(),
    });
  }

  private record(companyId: string, livemode: boolean): Promise<GreCredentialRecord | null> {
    return this.credentials.findOne({
      _id: greCredentialId(companyId, livemode),
      company_id: companyId,
      livemode,
    });
  }
}
