import { join } from "node:path";
import { ensureDevCredentials, PortInUseError, REPO_ROOT, startSystem } from "@einvoice/launcher";

/**
 * `npm start`: the whole system on its embedded defaults in `.data/` (SQLite, filesystem objects, local
 * nats-server, SUNAT simulator). Prints the base URL, a test API key, the dashboard's
 * URL and, once it exists, its first admin's email and password (kept in dev-credentials.json like the key); Ctrl-C stops everything. Data survives
 * restarts, so numbering continues where it stopped. EINVOICE_RUNTIME (set by scripts/bootstrap.mjs): `dist`
 * runs the services as built by `npm run build` (`npm start`), `source` their TypeScript through tsx (`npm run dev`).
 */
const dataDir = process.env.DATA_DIR ?? join(REPO_ROOT, ".data");
const runtime = process.env.EINVOICE_RUNTIME === "source" ? "source" : "dist";
console.log(
  `Starting einvoice from ${runtime === "dist" ? "the build (dist/)" : "source (tsx)"} (data in ${dataDir}, logs in ${join(dataDir, "logs")})…`,
);
const credentials = await ensureDevCredentials(dataDir, process.env.MONGODB_URL, runtime);
const system = await startSystem({
  dataDir,
  logLevel: process.env.LOG_LEVEL ?? "info",
  runtime,
  onFatal: (name) => {
    console.error(
      `einvoice stopped: ${name} could not stay up. Its log: ${join(dataDir, "logs", `${name}.log`)}`,
    );
    process.exit(1);
  },
}).catch((error: unknown) => {
  // A port of the fixed set is another program's: say which, not a stack.
  if (!(error instanceof PortInUseError)) throw error;
  console.error(`einvoice could not start: ${error.message}. Stop that program and run npm start again.`);
  process.exit(1);
});
console.log(`BASE_URL=${system.baseUrl}`);
console.log(`API_KEY=${credentials.api_key}`);
console.log(`DOCS_URL=${system.baseUrl}/docs`);
console.log(`DASHBOARD_URL=${system.baseUrl}/dashboard`);
if (credentials.dashboard_email && credentials.dashboard_password) {
  console.log(`DASHBOARD_EMAIL=${credentials.dashboard_email}`);
  console.log(`DASHBOARD_PASSWORD=${credentials.dashboard_password}`);
}
console.log("Ready. Press Ctrl-C to stop.");

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await system.stop();
  console.log("Stopped.");
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
