import type { Store } from "@einvoice/store";
import { type ApiKeyRecord, ApiKeyRepository } from "../adapters/api-key-repository.js";
import { type CompanyRecord, CompanyRepository } from "../adapters/company-repository.js";
import { type ApiKeyHasher, modeOfKey } from "./api-keys.js";

export interface Caller {
  company: CompanyRecord;
  livemode: boolean;
}

/** `last_used_at` is written at most this often per key, in milliseconds: a write per request would be waste. */
const LAST_USED_EVERY_MS = 60_000;

/** Resolves a bearer key to its company and mode; null for anything unknown, malformed or revoked. */
export class Authenticate {
  constructor(
    private readonly store: Store,
    private readonly hasher: ApiKeyHasher,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async execute(key: string): Promise<Caller | null> {
    const livemode = modeOfKey(key);
    if (livemode === null) return null;
    const record = await this.find(key);
    if (!record || record.livemode !== livemode) return null;
    const company = await new CompanyRepository(this.store).findById(record.company_id);
    if (!company) return null;
    await this.touch(record);
    return { company, livemode };
  }

  private async find(key: string): Promise<ApiKeyRecord | null> {
    const keys = new ApiKeyRepository(this.store);
    const hash = this.hasher.hash(key);
    const record = await keys.findByHash(hash);
    if (record) return this.hasher.same(record.hash, hash) ? record : null;
    // A key stored before the pepper: accept it once more and store its peppered hash.
    const legacy = await keys.findByHash(this.hasher.legacyHash(key));
    if (!legacy) return null;
    return (await keys.update(legacy._id, { hash })) ?? null;
  }

  private async touch(record: ApiKeyRecord): Promise<void> {
    const now = this.clock();
    if (record.last_used_at && now.getTime() - Date.parse(record.last_used_at) < LAST_USED_EVERY_MS) return;
    await new ApiKeyRepository(this.store).update(record._id, { last_used_at: now.toISOString() });
  }
}
