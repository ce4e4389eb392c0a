/**
 * The tail of create latency at a paced rate with PDFs on: boots the system as `npm start` does from the compiled
 * services (32 test companies), warms it up, then sends paced creates (no `Prefer`) in rounds and prints create
 * p50/p99/max per round, with the load average at each start. With `--burst N`, each round follows a burst of N
 * creates from one company (32 clients), as the suite's "one company" run precedes its paced row, and
 * `--burst-settle-ms` bounds the wait for idle after it (the suite's default settle gives up after 30 s).
 * With `--threads`, each round also prints, per process of the create path (and this one), the CPU of its threads
 * and their time runnable but not running (the run-queue wait of /proc/<pid>/task/<tid>/schedstat): robust to a
 * noisy host where wall-clock latency is not. Not part of the tests.
 *
 *   node --import tsx bench/create-tail.ts [--rate 55] [--rounds 3] [--seconds 25] [--warmup 2000] [--burst 0]
 *     [--burst-settle-ms 30000] [--threads] [--trace-gc] [--keep-logs DIR] [--repo DIR]
 */
import { cpSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { watchAcceptances } from "./lib/acceptance.js";
import { runLoad, settle, settledText, warmUp } from "./lib/load.js";
import { scheduleByKind, type ThreadSchedule, threadSchedule } from "./lib/proc-threads.js";
import { fmt, percentile } from "./lib/stats.js";
import type * as SystemModule from "./lib/system-under-test.js";
import { logSizes } from "./lib/system-under-test.js";

const { values: args } = parseArgs({
  options: {
    /** Creates per second, paced (open loop). */
    rate: { type: "string", default: "55" },
    rounds: { type: "string", default: "3" },
    /** Creates of the warm-up (32 clients), before the first round. */
    warmup: { type: "string", default: "2000" },
    /** Length of each round, in seconds. */
    seconds: { type: "string", default: "25" },
    /** Creates of one company (32 clients) before each round; 0: none. */
    burst: { type: "string", default: "0" },
    /** Most milliseconds to wait for idle after the burst. */
    "burst-settle-ms": { type: "string", default: "30000" },
    /**
     * Boot the compiled services of this checkout instead (built already), for a paired A/B against another
     * commit: the load and its measure stay this checkout's.
     */
    repo: { type: "string" },
    /** Per round, CPU and run-queue wait of the threads of the create path's processes (see above). */
    threads: { type: "boolean", default: false },
    /** Per round, the garbage collections of the create path's processes (`--trace-gc` in their logs). */
    "trace-gc": { type: "boolean", default: false },
    /** Copy the services' logs to this directory before the data is removed. */
    "keep-logs": { type: "string" },
    /** Skip `npm run build` (already built). */
    "no-build": { type: "boolean", default: false },
  },
});
const RATE = Number(args.rate);
/** The processes whose threads and collections are reported: the create path (and, for threads, this one). */
const CREATE_PATH = ["gateway", "tax", "numbering"];
const BURST = Number(args.burst);

const { buildServices, startOwnSystem }: typeof SystemModule = await import(
  args.repo ? join(resolve(args.repo), "bench/lib/system-under-test.ts") : "./lib/system-under-test.js"
);
// Another checkout's `startOwnSystem` may not take node arguments: its collections would go untraced, unsaid.
if (args["trace-gc"] && args.repo)
  throw new Error("--trace-gc traces this checkout's services only, not --repo's");
if (!args["no-build"] && !args.repo) buildServices();
const sut = await startOwnSystem(
  32,
  "warn",
  args["trace-gc"] ? Object.fromEntries(CREATE_PATH.map((name) => [name, ["--trace-gc"]])) : undefined,
);
const watcher = await watchAcceptances(sut);
const target = { baseUrl: sut.baseUrl, keys: sut.keys, pids: sut.pids, watcher };
const lag = monitorEventLoopDelay({ resolution: 5 });
try {
  // Long enough for V8 to compile the services; one client per company at least (their test certificates).
  await warmUp(target, { count: Number(args.warmup), clients: 32 });
  for (let round = 1; round <= Number(args.rounds); round++) {
    let settled = "";
    if (BURST > 0) {
      await runLoad({ ...target, keys: sut.keys.slice(0, 1) }, { count: BURST, clients: 32, pdfs: true });
      settled = `, after the burst ${settledText(await settle(sut.pids, { maxMs: Number(args["burst-settle-ms"]) }))}`;
    }
    const load = loadavg()[0]!;
    const threadsBefore = args.threads ? threadTimes(sut.pids) : undefined;
    const gcFrom = args["trace-gc"] ? logSizes(sut.dataDir!, CREATE_PATH) : undefined;
    lag.reset();
    lag.enable();
    const result = await runLoad(target, {
      count: Math.round(RATE * Number(args.seconds)),
      ratePerSecond: RATE,
    });
    lag.disable();
    console.log(
      `round ${round}: load ${fmt(load, 2)}${settled}, ${RATE}/s, create p50 / p99 / max ${fmt(result.createP50, 1)} / ` +
        `${fmt(result.createP99, 1)} / ${fmt(result.createMax, 0)} ms, create → accepted p50 / p99 ` +
        `${fmt(result.acceptP50, 0)} / ${fmt(result.acceptP99, 0)} ms; this process's event-loop delay p99 / max ` +
        `${fmt(lag.percentile(99) / 1e6, 1)} / ${fmt(lag.max / 1e6, 0)} ms` +
        (Object.keys(result.failures).length ? `; failures ${JSON.stringify(result.failures)}` : ""),
    );
    if (threadsBefore) printThreads(threadsBefore, threadTimes(sut.pids));
    if (gcFrom) printGc(sut.dataDir!, gcFrom);
    console.log(`  after the round: ${settledText(await settle(sut.pids, { maxMs: 120_000 }))}`);
  }
} finally {
  if (args["keep-logs"]) cpSync(join(sut.dataDir!, "logs"), args["keep-logs"], { recursive: true });
  await watcher.close();
  await sut.dispose();
}

/** Per process of the create path (and this one): its threads' schedule so far. */
type ThreadTimes = Map<string, ThreadSchedule>;

function threadTimes(pids: ReadonlyMap<string, number>): ThreadTimes {
  const watched: [string, number][] = [
    ...CREATE_PATH.map((name): [string, number] => [name, pids.get(name)!]),
    ["bench", process.pid],
  ];
  return new Map(watched.map(([name, pid]) => [name, threadSchedule(pid)]));
}

/** Per process and thread kind, the window's CPU and run-queue wait (threads that ended in it are left out). */
function printThreads(before: ThreadTimes, after: ThreadTimes) {
  for (const [name, threads] of after) {
    const byKind = scheduleByKind(before.get(name), threads);
    const parts: string[] = [];
    for (const [kind, [cpu, wait, runs]] of byKind) {
      if (cpu < 5e6 && wait < 5e6) continue;
      parts.push(
        `${kind} cpu ${fmt(cpu / 1e6, 0)} wait ${fmt(wait / 1e6, 0)} ms ` +
          `(${fmt(wait / 1e3 / Math.max(1, runs), 0)} µs/run, ${runs} runs)`,
      );
    }
    console.log(`  ${name}: ${parts.join("; ")}`);
  }
}

/** Collections logged since `from` per process: count and pause p50 / max per kind (V8's `--trace-gc` lines). */
function printGc(dataDir: string, from: Record<string, number>) {
  for (const name of CREATE_PATH) {
    const text = readFileSync(join(dataDir, "logs", `${name}.log`))
      .subarray(from[name])
      .toString("utf8");
    const pauses = new Map<string, number[]>();
    for (const match of text.matchAll(
      /ms: (Scavenge|Mark-Compact|Minor Mark-Sweep|Mark-Sweep)[^,]*,.*?([\d.]+) \/ [\d.]+ ms/g,
    )) {
      const list = pauses.get(match[1]!) ?? [];
      list.push(Number(match[2]));
      pauses.set(match[1]!, list);
    }
    const parts = [...pauses].map(
      ([kind, list]) =>
        `${list.length} ${kind} p50 ${fmt(percentile(list, 50), 1)} max ${fmt(Math.max(...list), 1)} ms ` +
        `(sum ${fmt(
          list.reduce((a, b) => a + b, 0),
          0,
        )})`,
    );
    console.log(`  ${name} GC: ${parts.join("; ") || "none"}`);
  }
}
