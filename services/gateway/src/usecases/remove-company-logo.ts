import type { Scope } from "@einvoice/domain";
import type { Store } from "@einvoice/store";
import { CompanyLogoRepository } from "../adapters/company-logo-repository.js";

/**
 * Documents issued from now on print no logo. The stored bytes stay: documents already issued name them and
 * print them again (a ticket rendered later, a re-rendered PDF). True when there was a logo.
 */
export class RemoveCompanyLogo {
  constructor(private readonly store: Store) {}

  execute(scope: Scope): Promise<boolean> {
    return new CompanyLogoRepository(this.store).remove(scope);
  }
}
