/**
 * Lookups remembered for a short while, so a burst of requests with one API key reads the store once instead of
 * once per request. An entry is used only while it is younger than `freshMs`, counted from when its lookup
 * STARTED, so a change committed to the store (a revoked key) is seen by every lookup that starts more than
 * `freshMs` after it. Callers arriving while a lookup is in flight share it. A lookup that finds nothing, or
 * fails, is not remembered. At most `maxEntries` are kept, the least recently stored dropped first.
 */
export class RecentLookups<T> {
  private readonly entries = new Map<string, { value: Promise<T | null>; at: number }>();

  constructor(
    private readonly freshMs: number,
    private readonly clock: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, lookup: () => Promise<T | null>): Promise<T | null> {
    const now = this.clock();
    const known = this.entries.get(key);
    if (known && now - known.at < this.freshMs) return known.value;
    if (this.freshMs <= 0) return lookup();
    const value = lookup();
    const entry = { value, at: now };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then((found) => (found === null ? forget() : undefined), forget);
    return value;
  }
}
