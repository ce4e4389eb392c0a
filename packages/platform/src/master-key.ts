import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * The key that encrypts private keys at rest. Configured explicitly in production; in embedded mode one is made
 * on first boot and kept beside the data (mode 0600), so a restart can still read the stored keys.
 */
export async function resolveMasterKey(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return decode(configured, "SIGNING_MASTER_KEY");
  const file = join(dataDir, "signing-master.key");
  try {
    return decode((await readFile(file, "utf8")).trim(), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const key = randomBytes(32);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, key.toString("base64"), { mode: 0o600, flag: "wx" }).catch(async (error) => {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  });
  return decode((await readFile(file, "utf8")).trim(), file);
}

function decode(value: string, source: string): Buffer {
  const key = Buffer.from(value, "base64");
  if (key.length !== 32) throw new Error(`${source} must be base64 of 32 bytes`);
  return key;
}
