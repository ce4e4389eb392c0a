/**
 * Boot of the whole system (nats-server, the simulator and every service, until each `/readyz` answers), the
 * services run from source (TypeScript through tsx, `npm run dev`) against the build (`dist/`, `npm start`), the two
 * alternating in one run so a shared machine's load weighs on both alike. Prints each boot's wall time and the CPU
 * its service processes spent (the whole process tree, tsx's esbuild helper included), then the medians and the
 * ratio source/dist. Not part of the tests.
 *
 *   node --import tsx bench/boot.ts [--rounds 3]
 */
import { execFileSync } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT, type ServiceRuntime, startSystem } from "@einvoice/launcher";
import { removeDataDir } from "./lib/data-removal.js";
import { treeCpuSeconds } from "./lib/proc-cpu.js";
import { PROCESSES } from "./lib/system-under-test.js";

const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "3" } } });
const ROUNDS = Number(args.rounds);
const SERVICES = PROCESSES.filter((name) => name !== "nats-server");

/** utime + stime of a process and of its children, in seconds (0 once it is gone). */
const treeCpu = (pid: number | undefined) => treeCpuSeconds(pid) ?? 0;

async function boot(runtime: ServiceRuntime): Promise<{ wallMs: number; cpuS: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), "einvoice-bench-boot-"));
  const started = performance.now();
  // A shared machine may take long: the bench measures the time, it does not judge it.
  const system = await startSystem({
    dataDir,
    ports: "free",
    logLevel: "warn",
    runtime,
    readyTimeoutMs: 600_000,
  });
  const wallMs = performance.now() - started;
  const cpuS = SERVICES.reduce((sum, name) => sum + treeCpu(system.pid(name)), 0);
  await system.stop();
  await removeDataDir(dataDir);
  return { wallMs, cpuS };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: REPO_ROOT, stdio: "ignore" });
  const results: Record<ServiceRuntime, { wallMs: number; cpuS: number }[]> = { source: [], dist: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate which goes first, so neither always meets the page cache or the machine's load first.
    for (const runtime of (round % 2 === 1 ? ["source", "dist"] : ["dist", "source"]) as ServiceRuntime[]) {
      const result = await boot(runtime);
      results[runtime].push(result);
      console.log(
        `round ${round} ${runtime.padEnd(6)} boot ${(result.wallMs / 1000).toFixed(1)} s, services' CPU ${result.cpuS.toFixed(1)} s`,
      );
    }
  }
  const wall = (runtime: ServiceRuntime) => median(results[runtime].map((r) => r.wallMs)) / 1000;
  const cpu = (runtime: ServiceRuntime) => median(results[runtime].map((r) => r.cpuS));
  console.log(
    `median boot: source ${wall("source").toFixed(1)} s, dist ${wall("dist").toFixed(1)} s (×${(wall("source") / wall("dist")).toFixed(2)})`,
  );
  console.log(
    `median CPU:  source ${cpu("source").toFixed(1)} s, dist ${cpu("dist").toFixed(1)} s (×${(cpu("source") / cpu("dist")).toFixed(2)})`,
  );
}

await main();
