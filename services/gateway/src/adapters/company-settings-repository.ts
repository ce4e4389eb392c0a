import type { IgvRegime, Scope } from "@einvoice/domain";
import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";

/** What a company has chosen for one mode (test or live) that the documents it issues depend on. */
export interface CompanySettingsRecord {
  /** `<companyId>:<test|live>`. */
  _id: string;
  company_id: string;
  livemode: boolean;
  igv_regime: IgvRegime;
  updated_at: string;
}

export const companySettingsCollection: CollectionSpec = { name: "company_settings" };

const idOf = (scope: Scope) => `${scope.companyId}:${scope.livemode ? "live" : "test"}`;

export class CompanySettingsRepository {
  private readonly settings: Collection<CompanySettingsRecord>;

  constructor(scope: TransactionScope) {
    this.settings = scope.collection<CompanySettingsRecord>(companySettingsCollection);
  }

  /** The company's IGV regime in the mode; `general` until one is set. */
  async igvRegime(scope: Scope): Promise<IgvRegime> {
    const record = await this.settings.findOne({ _id: idOf(scope) });
    return record?.igv_regime ?? "general";
  }

  setIgvRegime(scope: Scope, regime: IgvRegime, now: Date): Promise<void> {
    return this.settings.upsert({
      _id: idOf(scope),
      company_id: scope.companyId,
      livemode: scope.livemode,
      igv_regime: regime,
      updated_at: now.toISOString(),
    });
  }
}
