/** One caller's allowance: `capacity` requests at once, refilled at `refillPerSecond`. */
export interface BucketSettings {
  capacity: number;
  refillPerSecond: number;
}

export interface Take {
  allowed: boolean;
  /** Whole requests left after this one. */
  remaining: number;
  /** Seconds until the bucket is full again (RateLimit-Reset), or until the next request is allowed when refused. */
  resetSeconds: number;
}

/**
 * Token buckets per key (an API key, an IP), in this process: a limit per gateway replica. Idle buckets are
 * forgotten beyond `maxKeys`, oldest first, so a flood of distinct keys cannot grow memory without bound.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly settings: BucketSettings,
    private readonly clock: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  /** Peeks without spending. */
  peek(key: string): Take {
    return this.take(key, 0);
  }

  take(key: string, cost = 1): Take {
    const now = this.clock();
    const { capacity, refillPerSecond } = this.settings;
    const current = this.buckets.get(key) ?? { tokens: capacity, at: now };
    const tokens = Math.min(capacity, current.tokens + ((now - current.at) / 1000) * refillPerSecond);
    const allowed = tokens >= cost || cost === 0;
    const left = allowed ? tokens - cost : tokens;
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: left, at: now });
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value as string);
    const resetSeconds = allowed
      ? Math.ceil((capacity - left) / refillPerSecond)
      : Math.ceil((cost - left) / refillPerSecond);
    return { allowed, remaining: Math.floor(left), resetSeconds: Math.max(resetSeconds, allowed ? 0 : 1) };
  }
}
