import { randomUUID } from "node:crypto";

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

/**
 * 16 random Crockford base32 characters: the 80 bits of a v4 UUID that are all random (its first 8 and last 12 hex
 * digits), 5 bits a character. Node draws UUIDs from a CSPRNG block it keeps, far cheaper per id than a call into
 * the generator each.
 */
function randomPart(): string {
  const uuid = randomUUID();
  const hex = uuid.slice(0, 8) + uuid.slice(24);
  let rand = "";
  for (let i = 0; i < 20; i += 5) {
    const bits = Number.parseInt(hex.slice(i, i + 5), 16);
    rand +=
      ALPHABET[(bits >>> 15) & 31]! +
      ALPHABET[(bits >>> 10) & 31]! +
      ALPHABET[(bits >>> 5) & 31]! +
      ALPHABET[bits & 31]!;
  }
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
