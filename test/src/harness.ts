import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openAdminStore } from "@einvoice/gateway/admin";
import {
  ensureDevCredentials,
  type Ports,
  type RunningSystem,
  type ServiceEnv,
  type ServiceRuntime,
  type SystemOptions,
  serviceEnvFor,
  startSystem,
} from "@einvoice/launcher";
import { conformanceDir, internalsIn } from "@einvoice/testkit";

/** The independent oracle the simulator validates against in tests; never shipped with the product. */
export const CONFORMANCE_DIR = conformanceDir;

/**
 * The suites drive one company from one address far harder than a caller would (and fetch files without a key on
 * purpose), so their systems lift the rate limits; the limits are tested on the gateway app
 * (services/gateway/src/http/rate-limits.test.ts).
 */
const UNLIMITED_GATEWAY_ENV = {
  RATE_LIMIT_BURST: "1000000",
  RATE_LIMIT_PER_SECOND: "1000000",
  AUTH_FAILURES_PER_MINUTE: "1000000",
};

/** Simulator settings every test system gets: XSD validation against the conformance schemas. */
const SIMULATOR_TEST_ENV = {
  SIM_XSD_DIR: join(CONFORMANCE_DIR, "xsd/ubl-2.1/maindoc"),
};

export interface TestSystem {
  system: RunningSystem;
  /** Base URL of the SUNAT simulator (its `/__sim/…` control API included). */
  readonly simulatorUrl: string;
  /** How its services run; a suite that starts extra replicas starts them the same way (`serviceNodeArgs`). */
  readonly runtime: ServiceRuntime;
  testKey: string;
  liveKey: string;
  companyId: string;
  /** The test company's first dashboard admin, as `npm start` prints it. */
  dashboard: { email: string; password: string };
  request(
    path: string,
    init?: {
      method?: string;
      body?: unknown;
      raw?: string;
      key?: string | null;
      headers?: Record<string, string>;
    },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface BootOptions {
  /** Extra env per service; a function receives the chosen ports (e.g. to point a URL at the simulator). */
  serviceEnv?: SystemOptions["serviceEnv"];
  /** Default `dist`: the build the e2e globalSetup made (test/src/support/build-services.ts), under plain node. */
  runtime?: ServiceRuntime;
  /** Every service's LOG_LEVEL. Default `warn`; the secrets suite reads the logs at `debug`. */
  logLevel?: string;
}

/**
 * How the suites run the services: the compiled build (`dist`, default), which boots about twice as fast as
 * TypeScript through tsx; E2E_RUNTIME=source runs the sources, e.g. to rule the build out when a suite fails.
 */
export const e2eRuntime = (): ServiceRuntime => (process.env.E2E_RUNTIME === "source" ? "source" : "dist");

/** Boots the real system (nats-server, simulator, every service) on free ports in a fresh data dir. */
export async function bootTestSystem(options: BootOptions = {}): Promise<TestSystem> {
  const dataDir = await mkdtemp(join(tmpdir(), "einvoice-e2e-"));
  const runtime = options.runtime ?? e2eRuntime();
  const credentials = await ensureDevCredentials(dataDir, undefined, runtime);
  const admin = await openAdminStore({ DATA_DIR: dataDir, MONGODB_URL: undefined });
  const live = await admin.createApiKey.execute(credentials.company_id, true);
  await admin.close();
  const serviceEnv = (ports: Ports): ServiceEnv => {
    const extraEnv = serviceEnvFor(options.serviceEnv, ports);
    return {
      ...extraEnv,
      "sunat-simulator": { ...SIMULATOR_TEST_ENV, ...extraEnv?.["sunat-simulator"] },
      gateway: { ...UNLIMITED_GATEWAY_ENV, ...extraEnv?.gateway },
      // Test-mode webhooks may go to receivers the suites run on 127.0.0.1 (never live ones).
      notification: { WEBHOOK_ALLOW_INSECURE_TEST_MODE: "true", ...extraEnv?.notification },
    };
  };
  const logLevel = options.logLevel ?? "warn";
  // E2E_READY_TIMEOUT_MS lets each process take longer to become ready on a machine shared by many runs.
  const readyTimeoutMs = Number(process.env.E2E_READY_TIMEOUT_MS) || undefined;
  let system = await startSystem({ dataDir, ports: "free", logLevel, serviceEnv, runtime, readyTimeoutMs });
  const handle: TestSystem = {
    get system() {
      return system;
    },
    get simulatorUrl() {
      return `http://127.0.0.1:${system.ports.simulator}`;
    },
    runtime,
    testKey: credentials.api_key,
    liveKey: live.secret,
    companyId: credentials.company_id,
    dashboard: { email: credentials.dashboard_email ?? "", password: credentials.dashboard_password ?? "" },
    async request(path, init = {}) {
      const headers: Record<string, string> = { ...(init.headers ?? {}) };
      const key = init.key === undefined ? credentials.api_key : init.key;
      if (key) headers.authorization = `Bearer ${key}`;
      let body: string | undefined;
      if (init.raw !== undefined || init.body !== undefined) {
        headers["content-type"] ??= "application/json";
        body = init.raw ?? JSON.stringify(init.body);
      }
      const res = await fetch(`${system.baseUrl}${path}`, {
        method: init.method ?? (body ? "POST" : "GET"),
        headers,
        body,
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON (files)
      }
      // Every public answer the suite receives is checked: no protobuf keys, stack traces or paths of ours.
      if (res.headers.get("content-type")?.includes("json")) {
        const leaks = internalsIn(parsed);
        if (leaks.length > 0) throw new Error(`${path} answered internals:\n${leaks.join("\n")}`);
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async restart() {
      await system.stop();
      // The same ports: a suite may hold URLs of the system across its restart.
      const { ports } = system;
      system = await startSystem({ dataDir, ports, logLevel, serviceEnv, runtime, readyTimeoutMs });
    },
    async stop() {
      await system.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
