import type { Store } from "@einvoice/store";
import { type ApiKeyRecord, ApiKeyRepository } from "../adapters/api-key-repository.js";
import { type CompanyRecord, CompanyRepository } from "../adapters/company-repository.js";
import { type ApiKeyHasher, modeOfKey } from "./api-keys.js";
import { RecentLookups } from "./recent-lookups.js";

export interface Caller {
  company: CompanyRecord;
  livemode: boolean;
}

/** `last_used_at` is written at most this often per key, in milliseconds: a write per request would be waste. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * How long the gateway trusts a key it looked up, in milliseconds: a revoked key (`admin key revoke`, another
 * process) is refused by every request that starts more than this long after the revocation was committed.
 * Within it, a burst of requests with one key reads the store once, not once per request.
 */
export const KEY_RECHECK_MS = 1_000;

/** A live key and its company, as found in the store. */
interface KeyOwner {
  record: ApiKeyRecord;
  company: CompanyRecord;
}

/** Resolves a bearer key to its company and mode; null for anything unknown, malformed or revoked. */
export class Authenticate {
  private readonly recent: RecentLookups<KeyOwner>;

  /** `recheckMs` 0 (the default) looks every key up in the store; the gateway passes KEY_RECHECK_MS. */
  constructor(
    private readonly store: Store,
    private readonly hasher: ApiKeyHasher,
    private readonly clock: () => Date = () => new Date(),
    recheckMs = 0,
  ) {
    this.recent = new RecentLookups(recheckMs, () => this.clock().getTime());
  }

  async execute(key: string): Promise<Caller | null> {
    const livemode = modeOfKey(key);
    if (livemode === null) return null;
    const hash = this.hasher.hash(key);
    const owner = await this.recent.get(hash, () => this.lookUp(key, hash));
    if (!owner || owner.record.livemode !== livemode) return null;
    await this.touch(owner.record);
    return { company: owner.company, livemode };
  }

  private async lookUp(key: string, hash: string): Promise<KeyOwner | null> {
    const record = await this.find(key, hash);
    if (!record) return null;
    const company = await new CompanyRepository(this.store).findById(record.company_id);
    return company ? { record, company } : null;
  }

  private async find(key: string, hash: string): Promise<ApiKeyRecord | null> {
    const keys = new ApiKeyRepository(this.store);
    const record = await keys.findByHash(hash);
    if (record) return this.hasher.same(record.hash, hash) ? record : null;
    // A key stored before the pepper: accept it once more and store its peppered hash.
    const legacy = await keys.findByHash(this.hasher.legacyHash(key));
    if (!legacy) return null;
    return (await keys.update(legacy._id, { hash })) ?? null;
  }

  /** Records the use; `record` may be shared by requests in flight, so it is marked before the write. */
  private async touch(record: ApiKeyRecord): Promise<void> {
    const now = this.clock();
    const previous = record.last_used_at;
    if (previous && now.getTime() - Date.parse(previous) < LAST_USED_EVERY_MS) return;
    record.last_used_at = now.toISOString();
    try {
      await new ApiKeyRepository(this.store).update(record._id, { last_used_at: record.last_used_at });
    } catch (error) {
      record.last_used_at = previous;
      throw error;
    }
  }
}
