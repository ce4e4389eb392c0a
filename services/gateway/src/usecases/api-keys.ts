import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `sk_test_` / `sk_live_` + 32 base62 chars (~190 bits): the prefix tells the mode before any lookup. */
export function generateApiKey(livemode: boolean): string {
  const bytes = randomBytes(32);
  let secret = "";
  for (const b of bytes) secret += BASE62[b % 62];
  return `sk_${livemode ? "live" : "test"}_${secret}`;
}

/**
 * What is stored of a key: HMAC-SHA256 with a server-side pepper (`API_KEY_PEPPER`), so a copy of the database
 * alone cannot confirm a guessed key. Keys stored before the pepper (plain SHA-256) still open, and are re-hashed
 * on first use.
 */
export class ApiKeyHasher {
  constructor(private readonly pepper: Buffer) {}

  hash(key: string): string {
    return createHmac("sha256", this.pepper).update(key).digest("hex");
  }

  legacyHash(key: string): string {
    return createHash("sha256").update(key).digest("hex");
  }

  /** Constant-time comparison of two stored hashes. */
  same(a: string, b: string): boolean {
    const left = Buffer.from(a, "hex");
    const right = Buffer.from(b, "hex");
    return left.length === right.length && timingSafeEqual(left, right);
  }
}

export function redactApiKey(key: string): string {
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}

/** The mode a key selects, or null when it is not shaped like one of ours. */
export function modeOfKey(key: string): boolean | null {
  const match = /^sk_(test|live)_[0-9A-Za-z]{32}$/.exec(key);
  return match ? match[1] === "live" : null;
}
