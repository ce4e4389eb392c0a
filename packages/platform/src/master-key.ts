import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { MasterKeys } from "./secret-box.js";

/** Where a service's master key comes from: its env variable, else a file in `DATA_DIR`. */
export interface MasterKeySource {
  /** Variable name, for error messages (e.g. `SIGNING_MASTER_KEY`). */
  variable: string;
  /** File name inside `DATA_DIR` used when the variable is unset (e.g. `signing-master.key`). */
  file: string;
}

/** Length of a master key in bytes (AES-256). */
export const MASTER_KEY_BYTES = 32;

/**
 * The key that encrypts a service's secrets at rest (with the secret box). Configured explicitly in
 * production; in embedded mode one is made on first boot and kept beside the data (mode 0600), so a restart
 * can still read the stored secrets. Each service has its own key, so one leaked key opens one service's data.
 */
export async function resolveMasterKey(
  configured: string | undefined,
  dataDir: string,
  source: MasterKeySource,
): Promise<Buffer> {
  const found = await readMasterKey(configured, dataDir, source);
  if (found) return found;
  const file = join(dataDir, source.file);
  await mkdir(dirname(file), { recursive: true });
  // Written whole to a private temporary file, then linked into place: link() is atomic and fails when the
  // name exists, so a racing process never reads a half-written key and the first key made wins.
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, randomBytes(MASTER_KEY_BYTES).toString("base64"), { mode: 0o600, flag: "wx" });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temporary);
  }
  return decode((await readFile(file, "utf8")).trim(), file);
}

function decode(value: string, source: string): Buffer {
  const key = Buffer.from(value, "base64");
  if (key.length !== MASTER_KEY_BYTES)
    throw new Error(`${source} must be base64 of ${MASTER_KEY_BYTES} bytes`);
  return key;
}

/** The configured key, else the key file; undefined when neither exists (nothing is created). */
export async function readMasterKey(
  configured: string | undefined,
  dataDir: string,
  source: MasterKeySource,
): Promise<Buffer | undefined> {
  if (configured) return decode(configured, source.variable);
  const file = join(dataDir, source.file);
  try {
    return decode((await readFile(file, "utf8")).trim(), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return undefined;
  }
}

/**
 * A service's key ring: the current key as {@link resolveMasterKey} finds (or, in embedded mode, makes) it, and
 * the previous keys that still open what was sealed before a rotation (`<SERVICE>_MASTER_KEYS_PREVIOUS`,
 * parsed by `envFields.masterKeyList()`).
 */
export async function resolveMasterKeys(
  configured: string | undefined,
  previous: readonly Buffer[],
  dataDir: string,
  source: MasterKeySource,
): Promise<MasterKeys> {
  return new MasterKeys(await resolveMasterKey(configured, dataDir, source), previous);
}

/**
 * Parses a comma-separated list of base64 master keys (`SIGNING_MASTER_KEYS_PREVIOUS`…). Empty entries are
 * ignored. The error names the entry's position, never its value.
 */
export function parseMasterKeyList(value: string): Buffer[] {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return entries.map((entry, index) => {
    const key = Buffer.from(entry, "base64");
    if (key.length !== MASTER_KEY_BYTES || !/^[A-Za-z0-9+/]+={0,2}$/.test(entry))
      throw new Error(`entry ${index + 1} is not base64 of ${MASTER_KEY_BYTES} bytes`);
    return key;
  });
}
