/**
 * Create latency against the priority of the services a create call does not wait on: boots the system as
 * `npm start` does from the compiled services (32 test companies), warms it up, then sends paced creates (PDFs on,
 * no `Prefer`) in alternating rounds with `--services` (signing, submission and notification by default) reniced to
 * 0 and to `--nice` (every thread of each), and prints create p50/p99 and create → accepted p50/p99 per round.
 * Renicing back to 0 needs root (or CAP_SYS_NICE). `--policy idle` or `--policy batch` compares nice `--nice` with
 * that scheduling policy at the same nice (SCHED_IDLE, SCHED_BATCH, set with util-linux's `chrt`) instead of nice 0
 * with `--nice`.
 * Not part of the tests.
 *
 *   node --import tsx bench/priority.ts [--rate 60] [--nice 5] [--rounds 3] [--seconds 20]
 *     [--services signing,submission,notification] [--policy idle|batch]
 */
import { spawnSync } from "node:child_process";
import { setPriority } from "node:os";
import { parseArgs } from "node:util";
import { watchAcceptances } from "./lib/acceptance.js";
import { runLoad, settle, warmUp } from "./lib/load.js";
import { forEachThread } from "./lib/proc-threads.js";
import { fmt } from "./lib/stats.js";
import { buildServices, PROCESSES, startOwnSystem } from "./lib/system-under-test.js";

const { values: args } = parseArgs({
  options: {
    /** Creates per second, paced (open loop). */
    rate: { type: "string", default: "60" },
    /** The nice value compared with 0. */
    nice: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    /** Length of each round, in seconds. */
    seconds: { type: "string", default: "20" },
    /** The processes reniced, comma-separated names of bench/lib/system-under-test.ts's PROCESSES. */
    services: { type: "string", default: "signing,submission,notification" },
    /** A scheduling policy compared with nice `--nice` (SCHED_OTHER): `idle` or `batch`. */
    policy: { type: "string" },
  },
});
const RATE = Number(args.rate);
const NICE = Number(args.nice);
const RENICED = args.services.split(",");
const unknown = RENICED.filter((name) => !(PROCESSES as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`--services: no process named ${unknown.join(", ")}`);
const POLICY = args.policy;
if (POLICY !== undefined && POLICY !== "idle" && POLICY !== "batch")
  throw new Error(`--policy is idle or batch, not ${POLICY}`);
/** What a round sets: a nice value, with the compared policy or else SCHED_OTHER. */
interface Setting {
  nice: number;
  policy?: "idle" | "batch";
}
const sides: [Setting, Setting] = POLICY
  ? [{ nice: NICE }, { nice: NICE, policy: POLICY }]
  : [{ nice: 0 }, { nice: NICE }];

buildServices();
const sut = await startOwnSystem(32);
const watcher = await watchAcceptances(sut);
/**
 * Sets every thread of the services to `setting` (on Linux a nice value and a policy are per thread); the policy
 * through util-linux's `chrt` only when one is compared. Under SCHED_BATCH the nice value still weighs; under
 * SCHED_IDLE it does not.
 */
const renice = (setting: Setting) => {
  const policy = POLICY ? `--${setting.policy ?? "other"}` : undefined;
  for (const name of RENICED) {
    forEachThread(sut.pids.get(name)!, (tid) => {
      if (policy) {
        const chrt = spawnSync("chrt", [policy, "--pid", "0", String(tid)], { encoding: "utf8" });
        if (chrt.status !== 0)
          throw new Error(`chrt ${policy} ${name} ${tid}: ${chrt.error?.message ?? chrt.stderr.trim()}`);
      }
      setPriority(tid, setting.nice);
    });
  }
};
function label(setting: Setting): string {
  return setting.policy
    ? `SCHED_${setting.policy.toUpperCase()}, nice ${setting.nice}`
    : `nice ${setting.nice}`;
}
try {
  // Long enough for V8 to compile the services.
  await warmUp(
    { baseUrl: sut.baseUrl, keys: sut.keys, pids: sut.pids, watcher },
    { count: 2000, clients: 32 },
  );
  for (let round = 1; round <= Number(args.rounds); round++) {
    // Alternating which goes first, so a drift of the host does not favour one.
    for (const setting of round % 2 === 1 ? sides : [sides[1], sides[0]]) {
      renice(setting);
      const result = await runLoad(
        { baseUrl: sut.baseUrl, keys: sut.keys, pids: sut.pids, watcher },
        { count: RATE * Number(args.seconds), ratePerSecond: RATE },
      );
      console.log(
        `round ${round}, ${label(setting)}: create p50 / p99 ${fmt(result.createP50, 0)} / ${fmt(result.createP99, 0)} ms, ` +
          `create → accepted p50 / p99 ${fmt(result.acceptP50, 0)} / ${fmt(result.acceptP99, 0)} ms`,
      );
      await settle(sut.pids, { maxMs: 120_000 });
    }
  }
} finally {
  await watcher.close();
  await sut.dispose();
}
