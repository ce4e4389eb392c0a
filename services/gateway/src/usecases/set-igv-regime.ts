import type { IgvRegime, Scope } from "@einvoice/domain";
import type { Store } from "@einvoice/store";
import { CompanySettingsRepository } from "../adapters/company-settings-repository.js";

/**
 * Sets the company's IGV regime for one mode. Documents issued afterwards carry its rate; those already issued
 * keep theirs.
 */
export class SetIgvRegime {
  constructor(
    private readonly store: Store,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async execute(scope: Scope, regime: IgvRegime): Promise<IgvRegime> {
    await new CompanySettingsRepository(this.store).setIgvRegime(scope, regime, this.clock());
    return regime;
  }
}
