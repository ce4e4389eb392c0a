import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openAdminStore } from "@einvoice/gateway/admin";
import { ensureDevCredentials, REPO_ROOT, type RunningSystem, startSystem } from "@einvoice/launcher";
import { benchRuc } from "./bench-ruc.js";
import { removeDataDir, waitForInodeReuse } from "./data-removal.js";

/** Every process of the system as `npm start` runs it, in the order the table shows them. */
export const PROCESSES = [
  "nats-server",
  "sunat-simulator",
  "tax",
  "numbering",
  "signing",
  "submission",
  "notification",
  "rendering",
  "stream",
  "gateway",
] as const;

/** Processes that are not our services: their CPU is shown but kept out of "our services". */
export const NOT_OURS = new Set(["nats-server", "sunat-simulator"]);

/**
 * The system a benchmark drives: either one this process started (it knows every pid, the NATS URL and the
 * data directory) or one it attached to (only what the caller passed).
 */
export interface SystemUnderTest {
  baseUrl: string;
  /** One API key per company, test mode; the first one is the "one company" of the single-company step. */
  keys: string[];
  /** Process ids by name: all of them when started, those given with `--pid name=pid` when attached. */
  pids: Map<string, number>;
  natsUrl?: string;
  /** The data directory, only when this process started the system (growth seeding needs it). */
  dataDir?: string;
  started: boolean;
  /** Ms this process waited before starting the system, for a removal's inodes to be reusable (data-removal.ts). */
  waitedForInodesMs: number;
  /**
   * Stops the processes (kept data) so the stores can be seeded; `restart` boots them again on fresh free ports
   * (`baseUrl` and `natsUrl` follow).
   */
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** Stops everything this process started and removes its data. */
  dispose(): Promise<void>;
}

/** `npm run build`: the compiled services that `runtime: "dist"` runs. */
export function buildServices() {
  execFileSync("npm", ["run", "build", "--silent"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * Writes into a new data directory the dev company (`npm start`'s) and `companies - 1` more, each with a test-mode
 * API key; returns the keys, the dev company's first.
 */
export async function createBenchCompanies(dataDir: string, companies: number): Promise<string[]> {
  const dev = await ensureDevCredentials(dataDir, undefined);
  const admin = await openAdminStore({ DATA_DIR: dataDir, MONGODB_URL: undefined });
  const keys = [dev.api_key];
  try {
    for (let c = 1; c < companies; c++) {
      const company = await admin.createCompany.execute({
        ruc: benchRuc(c),
        legal_name: `EMPRESA BENCH ${c} SAC`,
        address: { line: "AV. BENCH 123", ubigeo: "150101" },
      });
      keys.push((await admin.createApiKey.execute(company._id, false)).secret);
    }
  } finally {
    await admin.close();
  }
  return keys;
}

/**
 * Boots the whole system from compiled JavaScript, as `npm start` does, with `companies` test companies; `nodeArgs`
 * adds Node flags per service (a benchmark's `--trace-gc`).
 */
export async function startOwnSystem(
  companies: number,
  logLevel = "warn",
  nodeArgs?: Record<string, string[]>,
): Promise<SystemUnderTest> {
  const waitedForInodesMs = await waitForInodeReuse();
  const dataDir = await mkdtemp(join(tmpdir(), "einvoice-bench-suite-"));
  const keys = await createBenchCompanies(dataDir, companies);
  // Fresh free ports at every start: one picked before the system was stopped for seeding may have become an
  // outgoing connection's ephemeral port since.
  const boot = async () => {
    try {
      return await startSystem({
        dataDir,
        ports: "free",
        logLevel,
        runtime: "dist",
        nodeArgs,
        // Nine processes start at once on a shared 2-core machine: readiness may take longer than a test allows.
        readyTimeoutMs: 600_000,
        serviceEnv: {
          // The suite drives thousands of calls per key: the per-key rate limit is not what it measures.
          gateway: { RATE_LIMIT_BURST: "1000000", RATE_LIMIT_PER_SECOND: "1000000" },
          // The webhook step's receiver listens on 127.0.0.1 over http (allowed in test mode only).
          notification: { WEBHOOK_ALLOW_INSECURE_TEST_MODE: "true" },
        },
      });
    } catch (error) {
      showLogTails(dataDir);
      throw error;
    }
  };
  // The system last started: after `stop` it still names the ports a restart replaces (its stop is idempotent).
  let system: RunningSystem;
  try {
    system = await boot();
  } catch (error) {
    await removeDataDir(dataDir);
    throw error;
  }
  const pids = new Map<string, number>();
  const readPids = () => {
    pids.clear();
    for (const name of PROCESSES) {
      const pid = system.pid(name);
      if (pid) pids.set(name, pid);
    }
  };
  readPids();
  return {
    // Getters: a restart may have moved the system to fresh ports.
    get baseUrl() {
      return system.baseUrl;
    },
    keys,
    pids,
    get natsUrl() {
      return `nats://127.0.0.1:${system.ports.nats}`;
    },
    dataDir,
    started: true,
    waitedForInodesMs,
    async stop() {
      await system.stop();
      pids.clear();
    },
    async restart() {
      system = await boot();
      readPids();
    },
    async dispose() {
      await system.stop();
      await removeDataDir(dataDir);
    },
  };
}

/** Bytes written so far to each named process's log (0 when it has none), to read only what follows later. */
export function logSizes(dataDir: string, names: readonly string[]): Record<string, number> {
  return Object.fromEntries(
    names.map((name) => {
      try {
        return [name, statSync(join(dataDir, "logs", `${name}.log`)).size];
      } catch {
        return [name, 0];
      }
    }),
  );
}

/** Why a start failed: the last lines of every process log (the data directory is removed afterwards). */
function showLogTails(dataDir: string) {
  const logs = join(dataDir, "logs");
  for (const file of readdirSync(logs)) {
    const lines = readFileSync(join(logs, file), "utf8").trim().split("\n").slice(-5);
    if (lines[0]) process.stderr.write(`--- ${file}\n${lines.join("\n")}\n`);
  }
}

/**
 * A system someone else runs (`--base-url`, `--api-key`, repeated for more companies). Per-process CPU is read
 * only for the pids given (`--pid gateway=1234`): a process on another machine or in a container cannot be read.
 */
export function attachSystem(
  baseUrl: string,
  keys: string[],
  pids: string[],
  natsUrl?: string,
): SystemUnderTest {
  const known = new Map<string, number>();
  for (const entry of pids) {
    const [name, pid] = entry.split("=");
    if (!name || !Number(pid)) throw new Error(`--pid wants name=pid, got ${entry}`);
    known.set(name, Number(pid));
  }
  const unavailable = async () => {
    throw new Error("an attached system cannot be stopped or restarted by the benchmark");
  };
  return {
    baseUrl: baseUrl.replace(/\/$/, ""),
    keys,
    pids: known,
    natsUrl,
    started: false,
    waitedForInodesMs: 0,
    stop: unavailable,
    restart: unavailable,
    dispose: async () => {},
  };
}
