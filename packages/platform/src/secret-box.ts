import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * AES-256-GCM envelope for secrets stored at rest (signing keys, SOL and GRE credentials, webhook secrets).
 *
 * Key material must be a high-entropy secret (a 32-byte random master key, e.g. from the environment), not a
 * human password: it is stretched with HKDF-SHA256, which is fast and adds no brute-force cost. A fresh random
 * salt per message gives each message its own AES key, so nonce reuse across messages cannot happen.
 * The optional `context` (e.g. a record id) is bound as associated data: a box copied to another row fails.
 *
 * Formats:
 * - `v2.<key id>.` + base64url(salt 16 ‖ iv 12 ‖ tag 16 ‖ ciphertext): what sealing writes. The key id names the
 *   master key that sealed it, so opening picks that key and a rotation knows what still needs re-sealing.
 * - `v1.` + the same payload, without a key id: written before master keys could rotate. Still opened, by trying
 *   each configured key in turn (GCM's tag tells the right one).
 */
const V1 = "v1.";
const V2 = "v2.";
const SALT = 16;
const IV = 12;
const TAG = 16;
const INFO = "einvoice/secret-box/v1";
/** Label of the HMAC that names a key; a one-way value, so the id reveals nothing of the key. */
const KEY_ID_LABEL = "einvoice/master-key-id/v1";
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export class SecretBoxError extends Error {
  override readonly name = "SecretBoxError";
}

/** One master key and the id every box it seals carries. */
export interface MasterKey {
  /** 11 base64url characters (64 bits of an HMAC of the key): safe to log, compare and show to operators. */
  readonly id: string;
  readonly material: Buffer;
}

const toKey = (keyMaterial: string | Uint8Array): MasterKey => {
  const material = Buffer.from(
    typeof keyMaterial === "string" ? Buffer.from(keyMaterial, "utf8") : keyMaterial,
  );
  if (material.length < 16) throw new SecretBoxError("key material must be at least 16 bytes");
  const id = createHmac("sha256", material)
    .update(KEY_ID_LABEL)
    .digest()
    .subarray(0, 8)
    .toString("base64url");
  return { id, material };
};

/**
 * A service's master keys: the current one, which seals every new box, and the previous ones, which still open
 * boxes sealed before a rotation until `npm run admin -- master-key rotate` has re-sealed them.
 */
export class MasterKeys {
  readonly current: MasterKey;
  readonly previous: readonly MasterKey[];

  constructor(current: string | Uint8Array, previous: readonly (string | Uint8Array)[] = []) {
    this.current = toKey(current);
    // The current key listed again among the previous ones (mid-rotation configs) is harmless: dropped.
    const kept = new Map<string, MasterKey>();
    for (const key of previous.map(toKey)) if (key.id !== this.current.id) kept.set(key.id, key);
    this.previous = [...kept.values()];
  }

  /** Current first, so an unlabelled (v1) box sealed with it opens at the first try. */
  get all(): readonly MasterKey[] {
    return [this.current, ...this.previous];
  }

  byId(id: string): MasterKey | undefined {
    return this.all.find((key) => key.id === id);
  }

  /** Whether `box` is already sealed with the current key (a rotation leaves it as it is). */
  sealsWithCurrent(box: string): boolean {
    return sealedWith(box) === this.current.id;
  }
}

/** What the box functions accept: a key ring, or one raw key (tests, and callers with a single key). */
export type SecretKeys = MasterKeys | string | Uint8Array;

const ring = (keys: SecretKeys): MasterKeys => (keys instanceof MasterKeys ? keys : new MasterKeys(keys));

/** The id of the key that sealed `box`; undefined for a v1 box (sealed before key ids) or an unknown format. */
export function sealedWith(box: string): string | undefined {
  if (!box.startsWith(V2)) return undefined;
  const end = box.indexOf(".", V2.length);
  return end > V2.length ? box.slice(V2.length, end) : undefined;
}

const deriveKey = (material: Buffer, salt: Uint8Array): Buffer =>
  Buffer.from(hkdfSync("sha256", material, salt, INFO, 32));

/** Seals with the current key of `keys`; the box names that key. */
export const encryptSecret = (plaintext: string | Uint8Array, keys: SecretKeys, context = ""): string => {
  const key = ring(keys).current;
  const salt = randomBytes(SALT);
  const iv = randomBytes(IV);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(key.material, salt), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const data = typeof plaintext === "string" ? Buffer.from(plaintext, "utf8") : plaintext;
  const ciphertext = Buffer.concat([cipher.update(data), cipher.final()]);
  const payload = Buffer.concat([salt, iv, cipher.getAuthTag(), ciphertext]).toString("base64url");
  return `${V2}${key.id}.${payload}`;
};

const open = (raw: Buffer, material: Buffer, context: string): Buffer | undefined => {
  const salt = raw.subarray(0, SALT);
  const iv = raw.subarray(SALT, SALT + IV);
  const decipher = createDecipheriv("aes-256-gcm", deriveKey(material, salt), iv);
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(raw.subarray(SALT + IV, SALT + IV + TAG));
  try {
    return Buffer.concat([decipher.update(raw.subarray(SALT + IV + TAG)), decipher.final()]);
  } catch {
    return undefined;
  }
};

const payloadOf = (encoded: string): Buffer => {
  const raw = Buffer.from(encoded, "base64url");
  if (raw.length < SALT + IV + TAG) throw new SecretBoxError("secret box too short");
  return raw;
};

/**
 * Opens a box from {@link encryptSecret} (or a v1 box from before key ids). Throws {@link SecretBoxError}, never
 * anything else, on an unknown format, a key that is not configured, a wrong context or altered data; the
 * message names key ids only, never key material or content.
 */
export const decryptSecretBytes = (box: string, keys: SecretKeys, context = ""): Buffer => {
  const keyRing = ring(keys);
  if (box.startsWith(V2)) {
    const id = sealedWith(box);
    if (id === undefined || !KEY_ID_PATTERN.test(id)) throw new SecretBoxError("secret box without a key id");
    const key = keyRing.byId(id);
    if (!key) {
      throw new SecretBoxError(
        `sealed with master key ${id}, which is not configured (current ${keyRing.current.id}` +
          `${keyRing.previous.length ? `, previous ${keyRing.previous.map((k) => k.id).join(", ")}` : ""})`,
      );
    }
    const opened = open(payloadOf(box.slice(V2.length + id.length + 1)), key.material, context);
    if (!opened)
      throw new SecretBoxError(
        `cannot decrypt with master key ${id}: wrong context, or the data was altered`,
      );
    return opened;
  }
  if (box.startsWith(V1)) {
    const raw = payloadOf(box.slice(V1.length));
    for (const key of keyRing.all) {
      const opened = open(raw, key.material, context);
      if (opened) return opened;
    }
    throw new SecretBoxError("cannot decrypt: wrong key or context, or the data was altered");
  }
  throw new SecretBoxError("unknown secret box format");
};

export const decryptSecret = (box: string, keys: SecretKeys, context = ""): string =>
  decryptSecretBytes(box, keys, context).toString("utf8");
