import { decryptSecret, encryptSecret, type SecretKeys } from "@einvoice/platform";
import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

/** A company's SOL user and password for one mode; the password only ever stored encrypted. */
export interface SolCredentialRecord {
  /** `<company_id>:<test|live>`: one pair per company and mode, so setting it again replaces it. */
  _id: string;
  company_id: string;
  livemode: boolean;
  /** The SOL user without the RUC (e.g. `MODDATOS`); not secret, shown back to the company. */
  user: string;
  /** AES-256-GCM box of the password, bound to the record id (a box copied to another row fails). */
  password_box: string;
  updated_at: string;
}

/** What billService needs besides the RUC: the company's SOL user and its password, decrypted. */
export interface SolCredentials {
  user: string;
  password: string;
}

export const solCredentialsCollection: CollectionSpec = {
  name: "sol_credentials",
  indexes: [{ fields: ["company_id", "livemode"] }],
};

const solCredentialId = (companyId: string, livemode: boolean) =>
  `${companyId}:${livemode ? "live" : "test"}`;

/**
 * The SOL credentials repository. Every query is scoped by company and mode. The master key is the submission
 * service's own (`SUBMISSION_MASTER_KEY`), so signing's key opens none of these.
 */
export class SolCredentialStore {
  private readonly credentials: Collection<SolCredentialRecord>;

  constructor(
    scope: TransactionScope,
    private readonly masterKey: SecretKeys,
  ) {
    this.credentials = scope.collection<SolCredentialRecord>(solCredentialsCollection);
  }

  /** The stored pair, decrypted; null when the company set none for the mode. */
  async find(companyId: string, livemode: boolean): Promise<SolCredentials | null> {
    const record = await this.record(companyId, livemode);
    if (!record) return null;
    return { user: record.user, password: decryptSecret(record.password_box, this.masterKey, record._id) };
  }

  /** Only the user, for status screens: the password is not even decrypted. */
  async findUser(companyId: string, livemode: boolean): Promise<string | null> {
    return (await this.record(companyId, livemode))?.user ?? null;
  }

  /** Stores the pair, replacing any previous one of the mode. Callers validate the values first. */
  async set(
    companyId: string,
    livemode: boolean,
    credentials: SolCredentials,
    now: Date = new Date(),
  ): Promise<void> {
    const id = solCredentialId(companyId, livemode);
    await this.credentials.upsert({
      _id: id,
      company_id: companyId,
      livemode,
      user: credentials.user,
      password_box: encryptSecret(credentials.password, this.masterKey, id),
      updated_at: now.toISOString(),
    });
  }

  private record(companyId: string, livemode: boolean): Promise<SolCredentialRecord | null> {
    return this.credentials.findOne({
      _id: solCredentialId(companyId, livemode),
      company_id: companyId,
      livemode,
    });
  }
}
