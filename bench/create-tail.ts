/**
 * The tail of create latency at a paced rate with PDFs on: boots the system as `npm start` does from the compiled
 * services (32 test companies), warms it up, then sends paced creates (no `Prefer`) in rounds and prints create
 * p50/p99/max per round, with the load average at each start. With `--burst N`, each round follows a burst of N
 * creates from one company (32 clients), as the suite's "one company" run precedes its paced row, and
 * `--burst-settle-ms` bounds the wait for idle after it (the suite's default settle gives up after 30 s).
 * Not part of the tests.
 *
 *   node --import tsx bench/create-tail.ts [--rate 55] [--rounds 3] [--seconds 25] [--warmup 2000] [--burst 0]
 *     [--burst-settle-ms 30000] [--repo DIR]
 */
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { watchAcceptances } from "./lib/acceptance.js";
import { runLoad, settle, warmUp } from "./lib/load.js";
import { fmt } from "./lib/stats.js";
import type * as SystemModule from "./lib/system-under-test.js";

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
    /** Skip `npm run build` (already built). */
    "no-build": { type: "boolean", default: false },
  },
});
const RATE = Number(args.rate);
const BURST = Number(args.burst);

const { buildServices, startOwnSystem }: typeof SystemModule = await import(
  args.repo ? join(resolve(args.repo), "bench/lib/system-under-test.ts") : "./lib/system-under-test.js"
);
if (!args["no-build"] && !args.repo) buildServices();
const sut = await startOwnSystem(32);
const watcher = await watchAcceptances(sut);
const target = { baseUrl: sut.baseUrl, keys: sut.keys, pids: sut.pids, watcher };
const lag = monitorEventLoopDelay({ resolution: 5 });
try {
  // Long enough for V8 to compile the services; one client per company at least (their test certificates).
  await warmUp(target, { count: Number(args.warmup), clients: 32 });
  for (let round = 1; round <= Number(args.rounds); round++) {
    if (BURST > 0) {
      await runLoad({ ...target, keys: sut.keys.slice(0, 1) }, { count: BURST, clients: 32, pdfs: true });
      await settle(sut.pids, { maxMs: Number(args["burst-settle-ms"]) });
    }
    const load = loadavg()[0]!;
    lag.reset();
    lag.enable();
    const result = await runLoad(target, {
      count: Math.round(RATE * Number(args.seconds)),
      ratePerSecond: RATE,
    });
    lag.disable();
    console.log(
      `round ${round}: load ${fmt(load, 2)}, ${RATE}/s, create p50 / p99 / max ${fmt(result.createP50, 1)} / ` +
        `${fmt(result.createP99, 1)} / ${fmt(result.createMax, 0)} ms, create → accepted p50 / p99 ` +
        `${fmt(result.acceptP50, 0)} / ${fmt(result.acceptP99, 0)} ms; this process's event-loop delay p99 / max ` +
        `${fmt(lag.percentile(99) / 1e6, 1)} / ${fmt(lag.max / 1e6, 0)} ms`,
    );
    await settle(sut.pids, { maxMs: 120_000 });
  }
} finally {
  await watcher.close();
  await sut.dispose();
}
