import type { Scope } from "@einvoice/domain";
import type { TransactionScope } from "@einvoice/store";
import { type CompanyLogo, CompanySettingsRepository } from "./company-settings-repository.js";

/** The company's logo in one mode, kept in its settings record (`company_settings.logo`). */
export class CompanyLogoRepository {
  private readonly settings: CompanySettingsRepository;

  constructor(scope: TransactionScope) {
    this.settings = new CompanySettingsRepository(scope);
  }

  async find(scope: Scope): Promise<CompanyLogo | null> {
    return (await this.settings.find(scope))?.logo ?? null;
  }

  save(scope: Scope, logo: CompanyLogo): Promise<void> {
    return this.settings.change(scope, { logo, updated_at: logo.updated_at });
  }

  /** True when there was a logo to remove. */
  async remove(scope: Scope, now: Date = new Date()): Promise<boolean> {
    if (!(await this.find(scope))) return false;
    await this.settings.change(scope, { logo: null, updated_at: now.toISOString() });
    return true;
  }
}
