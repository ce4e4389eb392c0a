import { createHash, randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `sk_test_` / `sk_live_` + 32 base62 chars (~190 bits): the prefix tells the mode before any lookup. */
export function generateApiKey(livemode: boolean): string {
  const bytes = randomBytes(32);
  let secret = "";
  for (const b of bytes) secret += BASE62[b % 62];
  return `sk_${livemode ? "live" : "test"}_${secret}`;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function redactApiKey(key: string): string {
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}

/** The mode a key selects, or null when it is not shaped like one of ours. */
export function modeOfKey(key: string): boolean | null {
  const match = /^sk_(test|live)_[0-9A-Za-z]{32}$/.exec(key);
  return match ? match[1] === "live" : null;
}
