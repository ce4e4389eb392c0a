import type { Scope } from "@einvoice/domain";
import type { ObjectStore, ObjectStream } from "@einvoice/objects";
import type { Store } from "@einvoice/store";
import { CompanyLogoRepository } from "../adapters/company-logo-repository.js";
import type { CompanyLogo } from "../adapters/company-settings-repository.js";

/** The company's current logo in the mode, its bytes as a stream; null when it has none. */
export class OpenCompanyLogo {
  constructor(private readonly deps: { store: Store; objects: ObjectStore }) {}

  async execute(scope: Scope): Promise<{ logo: CompanyLogo; file: ObjectStream } | null> {
    const logo = await new CompanyLogoRepository(this.deps.store).find(scope);
    if (!logo) return null;
    const file = await this.deps.objects.stream(logo.key);
    if (!file) throw new Error(`the stored logo ${logo.key} is missing`);
    return { logo, file };
  }
}
