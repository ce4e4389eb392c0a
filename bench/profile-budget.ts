/**
 * Prints, for each service, where its main thread spent its time during the measured run of `bench/pipeline.ts
 * --cpu-prof <folder>`, by kind of work (bench/lib/profile-budget.ts says how a sample is charged). The table is
 * in milliseconds per document: each service's share of a kind (of its main thread's samples, which V8 takes in
 * wall time: a thread that waits for a core is charged to what it was doing), times the CPU per document the pipeline
 * measured for that process from /proc (which also counts its other threads: the garbage collector's helpers, libuv's
 * pool, the kernel's work for it). Approximate by construction; good for seeing where the bulk goes. Not part of the
 * tests.
 *
 *   node --import tsx bench/pipeline.ts --runtime dist --no-pdf --count 1500 --companies 32 --cpu-prof /tmp/prof
 *   node --import tsx bench/profile-budget.ts /tmp/prof
 *
 * Run it before rebuilding the services: frames are mapped through the bundles' current source maps.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { budgetOf, KINDS, type ProfileWindow, profilesIn } from "./lib/profile-budget.js";

const folder = process.argv[2];
if (!folder) throw new Error("usage: node --import tsx bench/profile-budget.ts <the --cpu-prof folder>");
const window = JSON.parse(readFileSync(join(folder, "window.json"), "utf8")) as ProfileWindow;
const profiles = [...profilesIn(folder)];
// Sampling costs each profiled process CPU of its own, busy or not: the least busy process (tax or stream, which
// do nothing for an invoice) shows how much, and that much is taken off every process before its time is shared out.
// A paused process (the renderer with --no-pdf) spent nothing, not even on sampling.
const profilerMs = Math.min(...profiles.map(([name]) => window.cpuMs[name] || Number.POSITIVE_INFINITY));
const services = profiles.filter(([name]) => (window.cpuMs[name] ?? 0) - profilerMs >= 0.1);
const columns = services.map(([name, file]) => {
  const budget = budgetOf(file, window.fromUs, window.toUs);
  const cpu = (window.cpuMs[name] ?? 0) - profilerMs;
  return {
    name,
    cpu,
    mainMs: budget.busyMs / window.documents,
    staleBundles: budget.staleBundles,
    byKind: new Map(
      KINDS.map((kind) => [kind, ((budget.byKind.get(kind) ?? 0) / (budget.busyMs || 1)) * cpu]),
    ),
  };
});
const stale = columns.flatMap((c) => c.staleBundles);
if (stale.length > 0)
  console.warn(
    `warning: rebuilt since they were profiled, so their frames are charged through the wrong source map: ${stale.join(", ")}\n`,
  );
const cell = (ms: number) => (ms < 0.05 ? "" : ms.toFixed(2));
const header = ["kind of work", ...columns.map((c) => c.name), "all"];
const rows = KINDS.map((kind) => {
  const values = columns.map((c) => c.byKind.get(kind) ?? 0);
  return [kind, ...values.map(cell), values.reduce((a, b) => a + b, 0).toFixed(2)];
});
const total = columns.reduce((a, c) => a + c.cpu, 0);
rows.push([
  "**CPU per document (/proc, less the profiler's own)**",
  ...columns.map((c) => c.cpu.toFixed(2)),
  total.toFixed(2),
]);
rows.push([
  "main thread busy per document (profile)",
  ...columns.map((c) => c.mainMs.toFixed(2)),
  columns.reduce((a, c) => a + c.mainMs, 0).toFixed(2),
]);
console.log(
  `${window.documents} documents; milliseconds of CPU per document, after taking ${profilerMs.toFixed(2)} ms per ` +
    "document of the profiler's own cost off each process; each process's CPU is shared out in proportion to its " +
    "main thread's samples (wall time while not idle)\n",
);
console.log(`| ${header.join(" | ")} |`);
console.log(
  `| --- | ${header
    .slice(1)
    .map(() => "---:")
    .join(" | ")} |`,
);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
