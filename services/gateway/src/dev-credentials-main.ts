/**
 * `npm start`'s test company and key, as a one-shot process of the gateway, which owns companies and keys. The
 * launcher runs it as a child process instead of importing the gateway: packages never import services.
 *
 *   node --import tsx services/gateway/src/dev-credentials-main.ts < saved.json
 *
 * Store: the gateway's own (DATA_DIR / MONGODB_URL, as the gateway reads them). stdin: the previous run's
 * `{"api_key": "sk_test_…"}`, or nothing. stdout: one JSON line `{"company_id", "api_key", "created", "dashboard"}`;
 * with `created` the secret is new and shown only here; `dashboard` is `{"email", "password"}` of the company's first
 * dashboard admin when this run created it (shown only here), otherwise null. On failure: a message on stderr and
 * exit code 1.
 */
import { text } from "node:stream/consumers";
import { openAdminStore } from "./admin.js";
import { loadGatewayEnv } from "./env.js";

/** The saved key from stdin; anything else there is refused, so a wrong caller is not taken for "no key". */
function savedKeyOf(input: string): string | undefined {
  if (input.trim() === "") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    throw new Error('stdin must be JSON {"api_key": "sk_test_…"} or empty');
  }
  const key = (parsed as { api_key?: unknown } | null)?.api_key;
  if (typeof key !== "string")
    throw new Error('stdin: api_key must be a string, as in {"api_key": "sk_test_…"}');
  return key;
}

try {
  const savedKey = savedKeyOf(await text(process.stdin));
  const env = loadGatewayEnv();
  const admin = await openAdminStore({
    DATA_DIR: env.DATA_DIR,
    MONGODB_URL: env.MONGODB_URL,
    API_KEY_PEPPER: env.API_KEY_PEPPER,
  });
  try {
    const credentials = await admin.ensureDevCompany.execute(savedKey);
    const dashboard = await admin.ensureFirstAdmin.execute(credentials.company_id);
    process.stdout.write(`${JSON.stringify({ ...credentials, dashboard })}\n`);
  } finally {
    await admin.close();
  }
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exitCode = 1;
}
