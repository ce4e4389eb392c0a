import { resolveMasterKey } from "@einvoice/platform";
import { ApiKeyHasher } from "./api-keys.js";

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
