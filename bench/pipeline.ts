/**
 * End-to-end issuing throughput: boots the whole system as `npm start` does (its own data dir and free ports), then
 * creates five-line invoices without `Prefer` from many clients over many companies, and times create → accepted
 * from the `document.accepted` events on NATS. Prints, per step, invoices/s, create latency p50/p99, and the CPU
 * each process spent per invoice (from /proc), so the next bottleneck is visible. Not part of the tests.
 *
 *   node --import tsx bench/pipeline.ts [--count 600] [--clients 32] [--companies 8] [--warmup 3000] [--no-pdf]
 *     [--cpu-prof folder]   (then `bench/profile-budget.ts folder` tells where each service's time went)
 *     [--keep-data]         (leaves the data folder: removing it slows file creation for six minutes)
 *     [--repeat 1]          (measured runs in a row on the same system, each reported)
 *     [--until-idle]        (counts each process's CPU until the system is idle again, the PDFs made after the
 *                            acceptances included, as `npm run bench` does; the warm-up's backlog drained first)
 *     [--threads]           (also splits each process's CPU by thread kind: main, V8's workers, libuv's pool, …,
 *                            at boot, at idle and per measured invoice)
 *     [--restart-after-warmup] (fresh processes on the warm-up's data: stops and starts every process, then one
 *                            invoice per company, before the measured run)
 *     [--rate 100]          (the measured run paced: this many creates per second on a fixed schedule)
 */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Ports, type RunningSystem, startSystem } from "@einvoice/launcher";
import { connect } from "@nats-io/transport-node";
import { sendClosedLoop, sendPaced } from "./lib/arrivals.js";
import { removeDataDir, waitForInodeReuse } from "./lib/data-removal.js";
import { createInvoice } from "./lib/invoice.js";
import { measureIdle, settle } from "./lib/load.js";
import { ownCpuMsSince, treeCpuSeconds } from "./lib/proc-cpu.js";
import { peakRssMb } from "./lib/proc-memory.js";
import { formatThreadRow, type ThreadCpu, threadCpu, threadMsPerUnit } from "./lib/proc-threads.js";
import type { ProfileWindow } from "./lib/profile-budget.js";
import { createBenchCompanies, logSizes, NOT_OURS, PROCESSES } from "./lib/system-under-test.js";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "600" },
    clients: { type: "string", default: "32" },
    companies: { type: "string", default: "8" },
    /**
     * Invoices sent (and accepted) before the measured run: enough to warm V8 as well as connections and series
     * counters (a few dozen leave the services compiling well into the run).
     */
    warmup: { type: "string", default: "3000" },
    "no-pdf": { type: "boolean", default: false },
    wait: { type: "boolean", default: false },
    /** `dist` runs the compiled services (`npm run build` first); `source` runs TypeScript through tsx. */
    runtime: { type: "string", default: "source" },
    /** Writes a V8 CPU profile of every service into this folder (`--cpu-prof`). */
    "cpu-prof": { type: "string" },
    /** Extra Node flags for every service, space-separated (e.g. `--node-args=--max-semi-space-size=32`). */
    "node-args": { type: "string", default: "" },
    /**
     * Leaves the run's data folder in place (its path is printed). Removing it frees thousands of inodes, and on this
     * machine's disk every file created in the next six minutes then costs several times its system CPU, so a run
     * waits that long after a benchmark's removal (bench/lib/data-removal.ts). Alternating A/B runs keep their data,
     * and it is deleted once they are done (docs/performance.md, "What the suite is built on").
     */
    "keep-data": { type: "boolean", default: false },
    /** Measured runs in a row on the same system, each reported (does a warm system keep getting cheaper?). */
    repeat: { type: "string", default: "1" },
    /**
     * Drains the warm-up's backlog (the niced renderer lags behind) before measuring, and counts CPU until the
     * processes are idle again: otherwise the renderer's share is whatever part of its backlog it did in the window.
     */
    "until-idle": { type: "boolean", default: false },
    /** Milliseconds each process has to become ready (a loaded host boots the TypeScript services slowly). */
    "ready-timeout-ms": { type: "string", default: "60000" },
    /**
     * Splits each process's CPU by thread kind (/proc/<pid>/task): boot, idle (ms per second while settled) and per
     * measured invoice, to tell a cold run's extra CPU in JavaScript from background compilation and GC.
     */
    threads: { type: "boolean", default: false },
    /**
     * After the warm-up, stops every process and starts them again on the same data, then sends one invoice per
     * company before measuring: fresh processes on a warm system's stores and streams, to tell what a cold run pays
     * for its processes (JIT, caches, connections) from what it pays for its data (an empty store, new series).
     */
    "restart-after-warmup": { type: "boolean", default: false },
    /**
     * Paced open loop for the measured run: creates sent at this many per second on a fixed schedule, whatever the
     * answers (`--clients` then only shapes the warm-up). A cold and a warm system then get the same arrivals, where a
     * closed loop offers the faster one more documents per second, and so larger batches.
     */
    rate: { type: "string" },
  },
});
const REPEAT = Number(args.repeat);
const COUNT = Number(args.count);
const CLIENTS = Number(args.clients);
const COMPANIES = Number(args.companies);
const RATE = args.rate === undefined ? undefined : Number(args.rate);
if (RATE !== undefined && !(RATE > 0))
  throw new Error(`--rate takes creates per second above 0, not "${args.rate}"`);

/** CPU seconds of a process tree, 0 once it is gone. */
const treeCpu = (pid: number | undefined) => treeCpuSeconds(pid) ?? 0;
/** The monotonic clock V8's CPU profiles stamp their samples with, in microseconds. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function main() {
  await waitForInodeReuse();
  const dataDir = await mkdtemp(join(tmpdir(), "einvoice-bench-"));
  const keys = await createBenchCompanies(dataDir, COMPANIES);
  const bootStart = performance.now();
  const boot = (ports: Ports | "free") =>
    startSystem({
      dataDir,
      ports,
      logLevel: "warn",
      readyTimeoutMs: Number(args["ready-timeout-ms"]),
      runtime: args.runtime === "dist" ? "dist" : "source",
      nodeArgs: Object.fromEntries(
        PROCESSES.map((name) => [
          name,
          [
            ...(args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${args["cpu-prof"]}/${name}`] : []),
            ...args["node-args"].split(" ").filter(Boolean),
          ],
        ]),
      ),
      serviceEnv: Object.fromEntries(
        PROCESSES.filter((name) => name !== "nats-server").map((name) => [
          name,
          {
            ...(name === "gateway" ? { RATE_LIMIT_BURST: "1000000", RATE_LIMIT_PER_SECOND: "1000000" } : {}),
          },
        ]),
      ),
    });
  let system: RunningSystem = await boot("free");
  reportBoot(system, performance.now() - bootStart);
  const pidsOf = (running: RunningSystem) =>
    new Map(
      PROCESSES.flatMap((name) => {
        const pid = running.pid(name);
        return pid ? [[name, pid] as const] : [];
      }),
    );
  let pids = pidsOf(system);
  // Under --no-pdf the renderer is paused (SIGSTOP); a paused process cannot handle the stop signal, so stopping
  // resumes it first.
  const pauseRenderer = (running: RunningSystem) => {
    if (args["no-pdf"]) process.kill(running.pid("rendering")!, "SIGSTOP");
  };
  const stopSystem = async (running: RunningSystem) => {
    if (args["no-pdf"]) process.kill(running.pid("rendering")!, "SIGCONT");
    await running.stop();
  };
  if (args.threads) reportThreads(pids, "boot (CPU ms)", undefined, 1);
  // Where each service's log stood at each phase, so V8's traces (`--node-args=--trace-gc`) split by phase; kept
  // with the data (`--keep-data`) only.
  const logOffsets: Record<string, Record<string, number>> = {};
  const markLogs = (phase: string) => {
    if (args["keep-data"]) logOffsets[phase] = logSizes(dataDir, PROCESSES);
  };
  markLogs("ready");
  const nc = await connect({ servers: `nats://127.0.0.1:${system.ports.nats}` });
  try {
    const accepted = new Map<string, number>();
    const signal: Signal = { wake: null };
    const sub = nc.subscribe("events.test.document.accepted");
    void (async () => {
      for await (const message of sub) {
        const event = message.json<{ data?: { document?: { id?: string } } }>();
        const id = event.data?.document?.id;
        if (id) accepted.set(id, performance.now());
        signal.wake?.();
      }
    })();
    pauseRenderer(system);

    // Warm-up: connections, series counters, and (with a long enough one) the JIT.
    await run(system.baseUrl, keys, Number(args.warmup), CLIENTS, accepted, signal);
    if (args["until-idle"]) {
      await settle(pids, { maxMs: 240_000, idle: 0.1 });
      const idleFrom = args.threads ? threadsOf(pids) : undefined;
      const idleStart = performance.now();
      await measureIdle(pids);
      if (idleFrom)
        reportThreads(pids, "idle (CPU ms per second)", idleFrom, (performance.now() - idleStart) / 1000);
    }
    if (args["restart-after-warmup"]) {
      await stopSystem(system);
      const restartStart = performance.now();
      // The same ports: this process stays connected to the broker through the restart.
      system = await boot(system.ports);
      reportBoot(system, performance.now() - restartStart);
      pids = pidsOf(system);
      pauseRenderer(system);
      await run(system.baseUrl, keys, COMPANIES, CLIENTS, accepted, signal);
      await settle(pids, { maxMs: 240_000, idle: 0.1 });
    }
    for (let repeat = 1; repeat <= REPEAT; repeat++) {
      const threadsBefore = args.threads ? threadsOf(pids) : undefined;
      markLogs(`run ${repeat} start`);
      const before = new Map(PROCESSES.map((name) => [name, treeCpu(system.pid(name))]));
      const generatorBefore = process.cpuUsage();
      const fromUs = monotonicUs();
      const result = await run(system.baseUrl, keys, COUNT, CLIENTS, accepted, signal, RATE);
      if (args["until-idle"]) await settle(pids, { maxMs: 240_000 });
      const toUs = monotonicUs();
      const generatorMs = ownCpuMsSince(generatorBefore) / COUNT;
      const cpu = PROCESSES.map((name) => ({
        name,
        ms: ((treeCpu(system.pid(name)) - before.get(name)!) * 1000) / COUNT,
      }));
      if (args["cpu-prof"] && repeat === REPEAT) {
        const window: ProfileWindow = {
          fromUs,
          toUs,
          documents: COUNT,
          cpuMs: Object.fromEntries(cpu.map((c) => [c.name, c.ms])),
        };
        await mkdir(args["cpu-prof"], { recursive: true });
        await writeFile(join(args["cpu-prof"], "window.json"), JSON.stringify(window));
      }
      if (REPEAT > 1) console.log(`\nmeasured run ${repeat} of ${REPEAT}`);
      report(result, cpu, generatorMs);
      if (threadsBefore) reportThreads(pids, "per invoice (CPU ms)", threadsBefore, COUNT);
      markLogs(`run ${repeat} end`);
    }
    reportPeakRss(system);
  } finally {
    await nc.close();
    await stopSystem(system);
    if (args["keep-data"]) {
      await writeFile(join(dataDir, "log-offsets.json"), JSON.stringify(logOffsets));
      console.log(`data kept in ${dataDir}`);
    } else await removeDataDir(dataDir);
  }
}

/** Wakes the wait for acceptances when an event arrives. */
interface Signal {
  wake: (() => void) | null;
}

interface RunResult {
  seconds: number;
  latencies: number[];
  endToEnd: number[];
  failures: Record<string, number>;
}

async function run(
  baseUrl: string,
  keys: string[],
  count: number,
  clients: number,
  accepted: Map<string, number>,
  signal: Signal,
  ratePerSecond?: number,
): Promise<RunResult> {
  const created = new Map<string, number>();
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const start = performance.now();
  /** One create, timed from `t0`: the moment it was scheduled (paced) or sent (closed loop). */
  const create = async (i: number, key: string, t0: number) => {
    const outcome = await createInvoice(baseUrl, key, i, args.wait);
    latencies.push(performance.now() - t0);
    if (outcome.id) created.set(outcome.id, t0);
    else {
      const reason = `${outcome.status} ${outcome.error ?? ""}`.trim();
      failures[reason] = (failures[reason] ?? 0) + 1;
    }
    if (i % 100 === 0) process.stderr.write(`\r  created ${i}/${count}   `);
  };
  if (ratePerSecond)
    await sendPaced(count, ratePerSecond, (i, due) => create(i, keys[i % keys.length]!, due));
  else
    await sendClosedLoop(count, clients, (i, client) =>
      create(i, keys[client % keys.length]!, performance.now()),
    );
  const deadline = performance.now() + 120_000;
  let shown = 0;
  while ([...created.keys()].some((id) => !accepted.has(id)) && performance.now() < deadline) {
    await new Promise<void>((resolve) => {
      signal.wake = resolve;
      setTimeout(resolve, 200);
    });
    if (performance.now() - shown > 1000) {
      shown = performance.now();
      const done = [...created.keys()].filter((id) => accepted.has(id)).length;
      process.stderr.write(`\r  accepted ${done}/${created.size}   `);
    }
  }
  signal.wake = null;
  process.stderr.write("\n");
  const ends = [...created.keys()].map((id) => accepted.get(id) ?? Number.NaN);
  const last = Math.max(...ends.filter((t) => !Number.isNaN(t)));
  const missing = ends.filter(Number.isNaN).length;
  if (missing) failures["not accepted in 120 s"] = missing;
  return {
    seconds: (last - start) / 1000,
    latencies,
    endToEnd: [...created.entries()].map(([id, t0]) => (accepted.get(id) ?? Number.NaN) - t0),
    failures,
  };
}

/** Time until every process answered ready, and the CPU each spent getting there (its warm-up included). */
function reportBoot(system: RunningSystem, wallMs: number) {
  const cpu = PROCESSES.map((name) => ({ name, s: treeCpu(system.pid(name)) }));
  const ours = cpu.filter((c) => !NOT_OURS.has(c.name)).reduce((sum, c) => sum + c.s, 0);
  console.log(`${"boot: ready after".padEnd(32)} ${(wallMs / 1000).toFixed(1)} s`);
  console.log(`${"boot: CPU, our services".padEnd(32)} ${ours.toFixed(2)} s`);
  for (const c of cpu) console.log(`${`  boot CPU ${c.name}`.padEnd(32)} ${c.s.toFixed(2)} s`);
}

/** Each process's CPU seconds by thread kind, now. */
function threadsOf(pids: ReadonlyMap<string, number>): Map<string, ThreadCpu> {
  return new Map([...pids].map(([name, pid]) => [name, threadCpu(pid)]));
}

/** Each process's CPU by thread kind since `before` (since it started when undefined), divided by `units`. */
function reportThreads(
  pids: ReadonlyMap<string, number>,
  title: string,
  before: Map<string, ThreadCpu> | undefined,
  units: number,
) {
  console.log(`threads, ${title}:`);
  for (const [name, now] of threadsOf(pids))
    console.log(formatThreadRow(name, threadMsPerUnit(before?.get(name) ?? new Map(), now, units)));
}

/** Peak resident memory of each process since it started (boot, warm-up and every run). */
function reportPeakRss(system: RunningSystem) {
  const rss = PROCESSES.map((name) => ({ name, mb: peakRssMb(system.pid(name)) }));
  const ours = rss.filter((r) => !NOT_OURS.has(r.name)).reduce((sum, r) => sum + (r.mb ?? 0), 0);
  const mb = (value: number | undefined) => (value === undefined ? "—" : `${value.toFixed(0)} MB`);
  console.log(`${"peak RSS, our services".padEnd(32)} ${mb(ours)}`);
  for (const r of rss) console.log(`${`  peak RSS ${r.name}`.padEnd(32)} ${mb(r.mb)}`);
}

function report(result: RunResult, cpu: { name: string; ms: number }[], generatorMs: number) {
  const ours = cpu.filter((c) => !NOT_OURS.has(c.name));
  const rows = [
    ["invoices", String(COUNT)],
    RATE
      ? ["paced / companies", `${RATE} creates/s / ${COMPANIES}`]
      : ["clients / companies", `${CLIENTS} / ${COMPANIES}`],
    ["PDF", args["no-pdf"] ? "off (renderer paused)" : "on"],
    ["create → accepted", `${(COUNT / result.seconds).toFixed(1)} invoices/s`],
    [
      "create latency p50 / p99",
      `${percentile(result.latencies, 50).toFixed(0)} / ${percentile(result.latencies, 99).toFixed(0)} ms`,
    ],
    [
      "create → accepted p50 / p99",
      `${percentile(result.endToEnd, 50).toFixed(0)} / ${percentile(result.endToEnd, 99).toFixed(0)} ms`,
    ],
    ["failures", JSON.stringify(result.failures)],
    ["CPU per invoice, our services", `${ours.reduce((s, c) => s + c.ms, 0).toFixed(1)} ms`],
    ...cpu.map((c) => [`  CPU ${c.name}`, `${c.ms.toFixed(1)} ms`]),
    ["CPU of this load generator", `${generatorMs.toFixed(2)} ms`],
  ];
  for (const [name, value] of rows) console.log(`${name!.padEnd(32)} ${value}`);
}

await main();
