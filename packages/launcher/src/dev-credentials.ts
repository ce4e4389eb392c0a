import { spawn } from "node:child_process";
import { chmod, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type ServiceRuntime, serviceNodeArgs } from "./runtime.js";
import { REPO_ROOT } from "./system.js";

export interface DevCredentials {
  company_id: string;
  api_key: string;
  /** The test company's first dashboard admin, kept from the run that created it; absent in older data dirs. */
  dashboard_email?: string;
  dashboard_password?: string;
}

/**
 * The gateway owns companies and keys. The launcher is a package, and packages never import services, so it
 * runs this entry of the gateway as a child process (as it runs every service) and reads its JSON answer.
 */
const GATEWAY_DEV_CREDENTIALS_ENTRY = "dev-credentials-main";

/**
 * On an empty data dir: creates a test company and a test key, and keeps the key in `dev-credentials.json`
 * (mode 0600) so every later `npm start` prints the same key. Keys are stored hashed, so this file is the only
 * place the secret survives; it is a local-development convenience, never used in production. A saved key the
 * gateway's store no longer knows is replaced by a new one for the same company.
 */
export async function ensureDevCredentials(
  dataDir: string,
  mongodbUrl: string | undefined = process.env.MONGODB_URL,
  /** As the system's services run: `dist` runs the gateway build's copy of the entry (`npm run build` first). */
  runtime: ServiceRuntime = "source",
): Promise<DevCredentials> {
  const file = join(dataDir, "dev-credentials.json");
  const saved = await readSaved(file);
  const answer = await runGatewayEntry(dataDir, mongodbUrl, saved?.api_key, runtime);
  const credentials: DevCredentials = { company_id: answer.company_id, api_key: answer.api_key };
  // The dashboard password, like the key, exists only in this answer and this file.
  const dashboard =
    answer.dashboard ??
    (saved?.dashboard_email && saved.dashboard_password
      ? { email: saved.dashboard_email, password: saved.dashboard_password }
      : null);
  if (dashboard) {
    credentials.dashboard_email = dashboard.email;
    credentials.dashboard_password = dashboard.password;
  }
  if (answer.created || answer.dashboard) {
    await writeFile(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
    // `mode` applies only when the file is created; a replaced key must not become readable by others.
    await chmod(file, 0o600);
  }
  return credentials;
}

async function readSaved(file: string): Promise<DevCredentials | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const saved = JSON.parse(text) as Partial<DevCredentials> | null;
    if (typeof saved?.api_key === "string" && typeof saved.company_id === "string")
      return {
        company_id: saved.company_id,
        api_key: saved.api_key,
        ...(typeof saved.dashboard_email === "string" && typeof saved.dashboard_password === "string"
          ? { dashboard_email: saved.dashboard_email, dashboard_password: saved.dashboard_password }
          : {}),
      };
  } catch {
    // reported below with what to do
  }
  throw new Error(
    `${file} is not {"company_id": "cmp_…", "api_key": "sk_test_…"}; delete it and a new test key is created`,
  );
}

interface GatewayAnswer {
  company_id: string;
  api_key: string;
  created: boolean;
  /** The first dashboard admin, when this run created it. */
  dashboard: { email: string; password: string } | null;
}

/** Runs the gateway's entry on the same store selection as the gateway process will get. */
function runGatewayEntry(
  dataDir: string,
  mongodbUrl: string | undefined,
  savedKey: string | undefined,
  runtime: ServiceRuntime,
): Promise<GatewayAnswer> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  if (mongodbUrl === undefined) delete env.MONGODB_URL;
  else env.MONGODB_URL = mongodbUrl;
  const args = serviceNodeArgs("gateway", runtime, GATEWAY_DEV_CREDENTIALS_ENTRY);
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  // The key travels on stdin, not in argv or the environment, where other processes could read it.
  child.stdin.end(savedKey === undefined ? "" : JSON.stringify({ api_key: savedKey }));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      const failed = (why: string) =>
        new Error(`creating the dev company and key failed: ${args.at(-1)} ${why}`);
      if (code !== 0) return reject(failed(`exited with ${signal ?? `code ${code}`}: ${stderr.trim()}`));
      try {
        resolve(parseAnswer(stdout));
      } catch (error) {
        reject(failed(`answered ${JSON.stringify(stdout.trim())} (${(error as Error).message})`));
      }
    });
  });
}

function parseAnswer(stdout: string): GatewayAnswer {
  const answer = JSON.parse(stdout) as Partial<GatewayAnswer> | null;
  if (typeof answer?.company_id !== "string" || !answer.company_id.startsWith("cmp_"))
    throw new Error("company_id must be a company id (cmp_…)");
  if (typeof answer.api_key !== "string" || !answer.api_key.startsWith("sk_test_"))
    throw new Error("api_key must be a test key (sk_test_…)");
  if (typeof answer.created !== "boolean") throw new Error("created must be a boolean");
  const dashboard = answer.dashboard ?? null;
  if (dashboard !== null && (typeof dashboard.email !== "string" || typeof dashboard.password !== "string"))
    throw new Error("dashboard must be null or {email, password}");
  return { company_id: answer.company_id, api_key: answer.api_key, created: answer.created, dashboard };
}
