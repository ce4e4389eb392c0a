import type { IgvRegime, LogoFormat, Scope } from "@einvoice/domain";
import {
  type Collection,
  type CollectionSpec,
  DuplicateKeyError,
  type TransactionScope,
} from "@einvoice/store";

/** The company's current logo in one mode: which stored bytes new documents print. */
export interface CompanyLogo {
  /** Object key of the bytes, named by their SHA-256 (`logoObjectKey`). */
  key: string;
  format: LogoFormat;
  content_type: string;
  /** Size of the file in bytes. */
  size: number;
  width: number;
  height: number;
  /** SHA-256 of the file, hex. */
  sha256: string;
  updated_at: string;
}

/**
 * What a company has chosen for one mode (test or live) that the documents it issues depend on, in one record so
 * a create reads it once.
 */
export interface CompanySettingsRecord {
  /** `<companyId>:<test|live>`. */
  _id: string;
  company_id: string;
  livemode: boolean;
  /** Absent until the company chooses one: `general`. */
  igv_regime?: IgvRegime;
  /** The logo documents issued from now on print; absent or null: none. */
  logo?: CompanyLogo | null;
  /** When any of the above last changed. */
  updated_at: string;
}

/** What a create takes from the settings: the IGV regime it computes with, the logo its issuer snapshot names. */
export interface IssuingSettings {
  igvRegime: IgvRegime;
  logoKey?: string;
}

export const companySettingsCollection: CollectionSpec = { name: "company_settings" };

const idOf = (scope: Scope) => `${scope.companyId}:${scope.livemode ? "live" : "test"}`;

type SettingsChange = Partial<Pick<CompanySettingsRecord, "igv_regime" | "logo">> & { updated_at: string };

export class CompanySettingsRepository {
  private readonly settings: Collection<CompanySettingsRecord>;

  constructor(scope: TransactionScope) {
    this.settings = scope.collection<CompanySettingsRecord>(companySettingsCollection);
  }

  find(scope: Scope): Promise<CompanySettingsRecord | null> {
    return this.settings.findOne({ _id: idOf(scope) });
  }

  /** The company's IGV regime in the mode; `general` until one is set. */
  async igvRegime(scope: Scope): Promise<IgvRegime> {
    return (await this.find(scope))?.igv_regime ?? "general";
  }

  /** Everything a create depends on, in one read: a change made before it applies to it. */
  async issuing(scope: Scope): Promise<IssuingSettings> {
    const record = await this.find(scope);
    return {
      igvRegime: record?.igv_regime ?? "general",
      ...(record?.logo ? { logoKey: record.logo.key } : {}),
    };
  }

  setIgvRegime(scope: Scope, regime: IgvRegime, now: Date): Promise<void> {
    return this.change(scope, { igv_regime: regime, updated_at: now.toISOString() });
  }

  /** Sets the given fields and leaves the others as they are, creating the record on its first change. */
  async change(scope: Scope, set: SettingsChange): Promise<void> {
    const _id = idOf(scope);
    if (await this.settings.updateOne({ _id }, set)) return;
    try {
      await this.settings.insertOne({ _id, company_id: scope.companyId, livemode: scope.livemode, ...set });
    } catch (error) {
      // Another request created the record meanwhile: it exists now, so the update applies.
      if (!(error instanceof DuplicateKeyError)) throw error;
      await this.settings.updateOne({ _id }, set);
    }
  }
}
