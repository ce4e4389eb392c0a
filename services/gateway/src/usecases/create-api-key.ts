import { newId } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { ApiKeyRepository } from "../adapters/api-key-repository.js";
import { CompanyRepository } from "../adapters/company-repository.js";
import { type ApiKeyHasher, generateApiKey, redactApiKey } from "./api-keys.js";

/** Creates a key for a company and mode; the returned secret is never stored nor shown again. */
export class CreateApiKey {
  constructor(
    private readonly store: Store,
    private readonly hasher: ApiKeyHasher,
  ) {}

  async execute(companyId: string, livemode: boolean): Promise<{ id: string; secret: string }> {
    if (!(await new CompanyRepository(this.store).findById(companyId)))
      throw new Error(`no company ${companyId}`);
    const secret = generateApiKey(livemode);
    const id = newId("key");
    await new ApiKeyRepository(this.store).insert({
      _id: id,
      company_id: companyId,
      livemode,
      hash: this.hasher.hash(secret),
      redacted: redactApiKey(secret),
      created_at: new Date().toISOString(),
      revoked_at: null,
    });
    return { id, secret };
  }
}
