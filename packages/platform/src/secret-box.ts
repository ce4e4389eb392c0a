import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * AES-256-GCM envelope for secrets stored at rest (signing keys, PFX passwords, SOL credentials).
 *
 * `keyMaterial` must be a high-entropy secret (a 32-byte random master key, e.g. from the environment), not a
 * human password: it is stretched with HKDF-SHA256, which is fast and adds no brute-force cost. A fresh random
 * salt per message gives each message its own AES key, so nonce reuse across messages cannot happen.
 * The optional `context` (e.g. a company id) is bound as associated data: a box copied to another row fails.
 *
 * Format: `v1.` + base64url(salt 16 ‖ iv 12 ‖ tag 16 ‖ ciphertext).
 */
const VERSION = "v1.";
const SALT = 16;
const IV = 12;
const TAG = 16;
const INFO = "einvoice/secret-box/v1";

export class SecretBoxError extends Error {
  override readonly name = "SecretBoxError";
}

const deriveKey = (keyMaterial: string | Uint8Array, salt: Uint8Array): Buffer => {
  const ikm = typeof keyMaterial === "string" ? Buffer.from(keyMaterial, "utf8") : keyMaterial;
  if (ikm.length < 16) throw new SecretBoxError("key material must be at least 16 bytes");
  return Buffer.from(hkdfSync("sha256", ikm, salt, INFO, 32));
};

export const encryptSecret = (
  plaintext: string | Uint8Array,
  keyMaterial: string | Uint8Array,
  context = "",
): string => {
  const salt = randomBytes(SALT);
  const iv = randomBytes(IV);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(keyMaterial, salt), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const data = typeof plaintext === "string" ? Buffer.from(plaintext, "utf8") : plaintext;
  const ciphertext = Buffer.concat([cipher.update(data), cipher.final()]);
  return VERSION + Buffer.concat([salt, iv, cipher.getAuthTag(), ciphertext]).toString("base64url");
};

/** Opens a box from {@link encryptSecret}; throws {@link SecretBoxError} on a wrong key, context or tampering. */
export const decryptSecretBytes = (box: string, keyMaterial: string | Uint8Array, context = ""): Buffer => {
  if (!box.startsWith(VERSION)) throw new SecretBoxError("unknown secret box format");
  const raw = Buffer.from(box.slice(VERSION.length), "base64url");
  if (raw.length < SALT + IV + TAG) throw new SecretBoxError("secret box too short");
  const salt = raw.subarray(0, SALT);
  const iv = raw.subarray(SALT, SALT + IV);
  const tag = raw.subarray(SALT + IV, SALT + IV + TAG);
  const decipher = createDecipheriv("aes-256-gcm", deriveKey(keyMaterial, salt), iv);
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(raw.subarray(SALT + IV + TAG)), decipher.final()]);
  } catch (error) {
    throw new SecretBoxError("cannot decrypt: wrong key or context, or the data was altered", {
      cause: error,
    });
  }
};

export const decryptSecret = (box: string, keyMaterial: string | Uint8Array, context = ""): string =>
  decryptSecretBytes(box, keyMaterial, context).toString("utf8");
