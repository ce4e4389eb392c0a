import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford base32: sortable as text

/** Kind prefixes of public ids. */
export type IdPrefix =
  | "doc"
  | "evt"
  | "we"
  | "wd"
  | "em"
  | "eml"
  | "cmp"
  | "key"
  | "obx"
  | "sub"
  | "dl"
  | "req"
  /** A person who signs in to the dashboard. */
  | "usr";

/**
 * A new id `prefix_` + 26 chars: 10 of millisecond time then 16 random, Crockford base32. Ids of one kind sort
 * by creation time, which makes them usable as list cursors.
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  return `${prefix}_${timePart(now)}${randomPart()}`;
}

const RANDOM_CHARS = 16;
/**
 * CSPRNG bytes drawn a block at a time, as node's own `randomUUID` does: every message, request and event takes an
 * id, and one call into the generator per 256 ids costs far less than one per id. Each byte is used once.
 */
const randomPool = Buffer.alloc(RANDOM_CHARS * 256);
let randomOffset = randomPool.length;

/** 16 random Crockford base32 characters (a byte's low 5 bits each: uniform, since 256 is a multiple of 32). */
function randomPart(): string {
  if (randomOffset === randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  let rand = "";
  const end = randomOffset + RANDOM_CHARS;
  for (let i = randomOffset; i < end; i++) rand += ALPHABET[randomPool[i]! & 31];
  randomOffset = end;
  return rand;
}

/** The ids `newId(prefix, at)` makes in the millisecond `at` lie between these two, inclusive. */
export function idRangeAt(prefix: IdPrefix, at: number): { first: string; last: string } {
  const stem = `${prefix}_${timePart(at)}`;
  return { first: stem, last: `${stem}${ALPHABET.at(-1)!.repeat(16)}` };
}

function timePart(now: number): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return time;
}

/** True when `id` has the given prefix and the shape `newId` produces. */
export function hasIdShape(id: string, prefix: IdPrefix): boolean {
  return new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`).test(id);
}
