import type { Store } from "@einvoice/store";
import { ApiKeyRepository } from "../adapters/api-key-repository.js";
import { type CompanyRecord, CompanyRepository } from "../adapters/company-repository.js";
import { hashApiKey, modeOfKey } from "./api-keys.js";

export interface Caller {
  company: CompanyRecord;
  livemode: boolean;
}

/** Resolves a bearer key to its company and mode; null for anything unknown, malformed or revoked. */
export class Authenticate {
  constructor(private readonly store: Store) {}

  async execute(key: string): Promise<Caller | null> {
    const livemode = modeOfKey(key);
    if (livemode === null) return null;
    const record = await new ApiKeyRepository(this.store).findByHash(hashApiKey(key));
    if (!record || record.livemode !== livemode) return null;
    const company = await new CompanyRepository(this.store).findById(record.company_id);
    return company ? { company, livemode } : null;
  }
}
