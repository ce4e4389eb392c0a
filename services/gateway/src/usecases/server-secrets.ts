import { resolveMasterKey } from "@einvoice/platform";
import { ApiKeyHasher } from "./api-keys.js";
import { FileLinks } from "./file-links.js";

/**
 * The API-key hasher with its pepper: `API_KEY_PEPPER` (base64 of 32 bytes; required in production), else a pepper
 * made once in `DATA_DIR/api-key-pepper.key` (mode 0600) and shared by the gateway and the admin CLI.
 */
export async function apiKeyHasher(env: { DATA_DIR: string; API_KEY_PEPPER?: string | undefined }) {
  const pepper = await resolveMasterKey(env.API_KEY_PEPPER, env.DATA_DIR, {
    variable: "API_KEY_PEPPER",
    file: "api-key-pepper.key",
  });
  return new ApiKeyHasher(pepper);
}

/** The file-link signer with its secret: `FILE_LINK_SECRET`, else one made once in `DATA_DIR/file-link-secret.key`. */
export async function fileLinks(env: {
  DATA_DIR: string;
  FILE_LINK_SECRET?: string | undefined;
  FILE_LINK_TTL_SECONDS: number;
}): Promise<FileLinks> {
  const secret = await resolveMasterKey(env.FILE_LINK_SECRET, env.DATA_DIR, {
    variable: "FILE_LINK_SECRET",
    file: "file-link-secret.key",
  });
  return new FileLinks({ secret, ttlSeconds: env.FILE_LINK_TTL_SECONDS });
}
