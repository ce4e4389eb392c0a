import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_PORTS, freePorts, type Ports } from "./ports.js";
import {
  type ManagedProcess,
  PortInUseError,
  spawnLogged,
  stopProcess,
  waitForOutput,
  waitUntilReady,
} from "./processes.js";
import { assertBuilt, type ServiceRuntime, serviceNodeArgs } from "./runtime.js";
import { Supervisor } from "./supervisor.js";

export const REPO_ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));

/** Extra environment per service name (e.g. `{ submission: { SUBMISSION_DEADLINE_MS: "4000" } }`). */
export type ServiceEnv = Record<string, Record<string, string>>;

/** The extra environment per service for a start on `ports` (SystemOptions.serviceEnv, resolved). */
export function serviceEnvFor(option: SystemOptions["serviceEnv"], ports: Ports): ServiceEnv | undefined {
  return typeof option === "function" ? option(ports) : option;
}

/** How many times a start on free ports is tried, each on fresh ports, when a port was taken before its listen. */
const FREE_PORT_STARTS = 3;

export interface SystemOptions {
  /** Where every store, the NATS store and the logs live. Kept across restarts. */
  dataDir: string;
  /**
   * The ports to listen on (default DEFAULT_PORTS), or `"free"`: ports free a moment before the start, and if one is
   * taken before its process listens (another program, or an outgoing connection's ephemeral port), the start is
   * tried again on fresh ones, FREE_PORT_STARTS starts in all. `RunningSystem.ports` says which were used.
   */
  ports?: Ports | "free";
  logLevel?: string;
  /** Milliseconds allowed for each process to become ready. Default 60000. */
  readyTimeoutMs?: number;
  /**
   * Extra environment per service name, which wins over the defaults; a function receives the ports the start
   * uses (e.g. to point a URL at the simulator).
   */
  serviceEnv?: ServiceEnv | ((ports: Ports) => ServiceEnv);
  /** Extra node flags per service name, e.g. `{ numbering: ["--cpu-prof"] }` for a benchmark's profile. */
  nodeArgs?: Record<string, string[]>;
  /**
   * `source` (default) runs each service's `src/main.ts` through tsx; `dist` runs the production build
   * (`services/<name>/dist/main.js`, made by `npm run build`) with plain node, as `npm start`, the e2e tests and
   * the images do.
   */
  runtime?: ServiceRuntime;
  /**
   * Called after the system stopped because a process kept crashing (it is restarted with backoff until then).
   * `npm start` prints the message and exits non-zero.
   */
  onFatal?: (name: string, message: string) => void;
}

export interface RunningSystem {
  baseUrl: string;
  ports: Ports;
  dataDir: string;
  /** Stops services newest first, then NATS. Data stays. */
  stop(): Promise<void>;
  /** The process id of a running process by name (`tax`, `nats-server`…), for operators and crash tests. */
  pid(name: string): number | undefined;
}

interface ServiceSpec {
  /** The process name, which is also its folder of services/. */
  name: string;
  readyUrl: string;
  env: Record<string, string>;
}

function serviceSpecs(p: Ports): ServiceSpec[] {
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const natsUrl = `nats://127.0.0.1:${p.nats}`;
  const withNats = (env: Record<string, string>) => ({ NATS_URL: natsUrl, ...env });
  return [
    {
      name: "sunat-simulator",
      readyUrl: `${url(p.simulator)}/readyz`,
      env: { PORT: String(p.simulator) },
    },
    {
      name: "tax",
      readyUrl: `${url(p.taxOps)}/readyz`,
      env: { RPC_PORT: String(p.taxRpc), OPS_PORT: String(p.taxOps) },
    },
    {
      name: "numbering",
      readyUrl: `${url(p.numberingOps)}/readyz`,
      env: withNats({
        RPC_PORT: String(p.numberingRpc),
        OPS_PORT: String(p.numberingOps),
        FILES_BASE_URL: `${url(p.gateway)}/v1/files`,
      }),
    },
    {
      name: "signing",
      readyUrl: `${url(p.signingOps)}/readyz`,
      env: withNats({ RPC_PORT: String(p.signingRpc), OPS_PORT: String(p.signingOps) }),
    },
    {
      name: "submission",
      readyUrl: `${url(p.submissionOps)}/readyz`,
      env: withNats({
        RPC_PORT: String(p.submissionRpc),
        OPS_PORT: String(p.submissionOps),
        SUNAT_TEST_BILL_URL: `${url(p.simulator)}/ol-ti-itcpfegem-beta/billService`,
        SUNAT_TEST_CONSULT_URL: `${url(p.simulator)}/ol-it-wsconscpegem-beta/billConsultService`,
        SUNAT_TEST_SIMULATED: "true",
        SUNAT_TEST_GRE_SECURITY_URL: url(p.simulator),
        SUNAT_TEST_GRE_CPE_URL: url(p.simulator),
        SIGNING_URL: url(p.signingRpc),
      }),
    },
    {
      name: "notification",
      readyUrl: `${url(p.notificationOps)}/readyz`,
      env: withNats({
        RPC_PORT: String(p.notificationRpc),
        OPS_PORT: String(p.notificationOps),
        NUMBERING_URL: url(p.numberingRpc),
      }),
    },
    {
      name: "rendering",
      readyUrl: `${url(p.renderingOps)}/readyz`,
      env: withNats({
        RPC_PORT: String(p.renderingRpc),
        OPS_PORT: String(p.renderingOps),
        NUMBERING_URL: url(p.numberingRpc),
      }),
    },
    {
      name: "stream",
      readyUrl: `${url(p.streamOps)}/readyz`,
      env: withNats({ RPC_PORT: String(p.streamRpc), OPS_PORT: String(p.streamOps) }),
    },
    {
      name: "gateway",
      readyUrl: `${url(p.gateway)}/readyz`,
      env: withNats({
        PORT: String(p.gateway),
        TAX_URL: url(p.taxRpc),
        NUMBERING_URL: url(p.numberingRpc),
        NOTIFICATION_URL: url(p.notificationRpc),
        SIGNING_URL: url(p.signingRpc),
        SUBMISSION_URL: url(p.submissionRpc),
        STREAM_URL: url(p.streamRpc),
        RENDERING_URL: url(p.renderingRpc),
      }),
    },
  ];
}

/**
 * Starts the whole system on one machine: nats-server with JetStream, the SUNAT simulator and every service as a
 * child process on embedded defaults (SQLite, filesystem objects). Used by `npm start` and the end-to-end tests.
 * A process that cannot listen fails the start with `PortInUseError` (after the attempts on free ports).
 */
export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  if (options.ports !== "free") return startOnPorts(options, options.ports ?? DEFAULT_PORTS);
  for (let start = 1; ; start++) {
    try {
      return await startOnPorts(options, await freePorts());
    } catch (error) {
      if (!(error instanceof PortInUseError) || start >= FREE_PORT_STARTS) throw error;
    }
  }
}

async function startOnPorts(options: SystemOptions, ports: Ports): Promise<RunningSystem> {
  const serviceEnv = serviceEnvFor(options.serviceEnv, ports);
  const dataDir = resolve(options.dataDir);
  const logDir = join(dataDir, "logs");
  await mkdir(join(dataDir, "nats"), { recursive: true });
  await mkdir(logDir, { recursive: true });
  // The current process of each name, in start order: a restart replaces its entry, so stop() reaches it.
  const current = new Map<string, ManagedProcess>();
  const supervisor = new Supervisor({
    onRestart: (name, code, delayMs) =>
      console.error(`${name} exited (code ${code}); restarting it in ${Math.round(delayMs / 1000)} s`),
    onGiveUp: (name, message) => {
      console.error(message);
      void stop().then(() => options.onFatal?.(name, message));
    },
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    supervisor.stop();
    stopping ??= (async () => {
      for (const process of [...current.values()].reverse()) await stopProcess(process);
    })();
    return stopping;
  };
  const baseEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? "info",
    // Node's module compile cache: V8 keeps the code it compiled for the bundles and node_modules, keyed by each
    // file's content, so a restart parses and compiles less (about 5 % less boot CPU for the whole system).
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), "node-compile-cache"),
  };
  const startNats = async () => {
    const nats = spawnLogged(
      "nats-server",
      "nats-server",
      ["-a", "127.0.0.1", "-p", String(ports.nats), "-js", "-sd", join(dataDir, "nats")],
      { cwd: REPO_ROOT, env: process.env, logFile: join(logDir, "nats-server.log") },
    );
    current.set(nats.name, nats);
    await waitForOutput(nats, /Server is ready/, 15_000);
    return nats;
  };
  const startService = async (spec: ServiceSpec) => {
    const child = spawnLogged(
      spec.name,
      process.execPath,
      serviceNodeArgs(spec.name, options.runtime ?? "source", "main", options.nodeArgs?.[spec.name]),
      {
        cwd: REPO_ROOT,
        env: { ...baseEnv, ...spec.env, ...serviceEnv?.[spec.name] },
        logFile: join(logDir, `${spec.name}.log`),
      },
    );
    current.set(spec.name, child);
    await waitUntilReady(child, spec.readyUrl, options.readyTimeoutMs ?? 60_000);
    return child;
  };
  const specs = serviceSpecs(ports);
  if (options.runtime === "dist")
    assertBuilt(
      REPO_ROOT,
      specs.map((spec) => spec.name),
    );
  try {
    const nats = await startNats();
    // The simulator and tax need no broker; start them first, then the rest in parallel, gateway last.
    const gateway = specs.pop()!;
    const services = await Promise.all(specs.map(async (spec) => [spec, await startService(spec)] as const));
    const front = await startService(gateway);
    // Supervise only once everything is up: a process that fails to start fails the start itself.
    supervisor.watch(nats, startNats);
    for (const [spec, child] of [...services, [gateway, front] as const]) {
      supervisor.watch(child, () => startService(spec));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${ports.gateway}`,
    ports,
    dataDir,
    stop,
    pid: (name) => current.get(name)?.child.pid,
  };
}
