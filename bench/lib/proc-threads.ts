import { existsSync, readdirSync, readFileSync } from "node:fs";
import { childPids, TICKS } from "./proc-cpu.js";

/**
 * CPU time of a process tree split by the kind of thread that spent it (Linux, /proc/<pid>/task/<tid>/stat): the
 * main thread (JavaScript, the event loop, the garbage collector's stop-the-world pauses), V8's workers (concurrent
 * Maglev and TurboFan compilation, concurrent marking and sweeping), libuv's pool (file system, the store's WAL
 * syncs, zlib, crypto), and the rest by thread name. Threads and child processes that ended between two readings
 * lose their time (the simulator's `xmllint` runs, which `treeCpuSeconds` counts through cutime/cstime), so a
 * window's split can fall short of its process's total.
 */

/** CPU seconds per thread kind. */
export type ThreadCpu = Map<string, number>;

/** The kind a thread's name (`comm`, at most 15 characters) tells. */
function threadKind(tid: number, pid: number, comm: string): string {
  if (tid === pid) return "main";
  if (comm.startsWith("V8 DefaultWorke") || comm.startsWith("V8Worker")) return "v8-worker";
  if (comm.startsWith("libuv-worker")) return "libuv-pool";
  return comm.replace(/\s+/g, "-");
}

/**
 * Calls `visit` with each thread of `pid` (not its children) and its `/proc/<pid>/task/<tid>` directory. A thread
 * that ends meanwhile is skipped; any other throw of `visit` goes to the caller.
 */
export function forEachThread(pid: number, visit: (tid: number, comm: string, dir: string) => void) {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return; // the process ended
  }
  for (const tid of tids) {
    const dir = `/proc/${pid}/task/${tid}`;
    try {
      visit(Number(tid), readFileSync(`${dir}/comm`, "utf8").trim(), dir);
    } catch (error) {
      if (existsSync(dir)) throw error; // else the thread ended between the listing and the visit
    }
  }
}

function addThreads(pid: number, into: ThreadCpu) {
  forEachThread(pid, (tid, comm, dir) => {
    const stat = readFileSync(`${dir}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    // utime and stime (fields 14 and 15 of stat, counted here from after the name).
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS;
    const kind = threadKind(tid, pid, comm);
    into.set(kind, (into.get(kind) ?? 0) + seconds);
  });
  for (const child of childPids(pid)) addThreads(child, into);
}

/** Per thread id of `pid` (not its children): its kind and [CPU ns, run-queue wait ns, time slices] so far. */
export type ThreadSchedule = Map<number, { kind: string; times: number[] }>;

/** `/proc/<pid>/task/<tid>/schedstat` of every thread of `pid`: time running and time runnable but waiting. */
export function threadSchedule(pid: number): ThreadSchedule {
  const threads: ThreadSchedule = new Map();
  forEachThread(pid, (tid, comm, dir) => {
    const times = readFileSync(`${dir}/schedstat`, "utf8").trim().split(" ").map(Number);
    threads.set(tid, { kind: threadKind(tid, pid, comm), times });
  });
  return threads;
}

/**
 * Per thread kind, [CPU ns, run-queue wait ns, time slices] between two readings, diffed per thread id (a thread
 * that ended in between is left out; one that started counts from zero).
 */
export function scheduleByKind(before: ThreadSchedule | undefined, after: ThreadSchedule) {
  const byKind = new Map<string, [number, number, number]>();
  for (const [tid, { kind, times }] of after) {
    const start = before?.get(tid)?.times ?? [0, 0, 0];
    const sum = byKind.get(kind) ?? [0, 0, 0];
    byKind.set(kind, [0, 1, 2].map((i) => sum[i]! + times[i]! - start[i]!) as [number, number, number]);
  }
  return byKind;
}

/** CPU seconds per thread kind of `pid` and its descendants. */
export function threadCpu(pid: number): ThreadCpu {
  const into: ThreadCpu = new Map();
  addThreads(pid, into);
  return into;
}

/** CPU ms per unit of work, per thread kind, between two readings of one process tree. */
export function threadMsPerUnit(before: ThreadCpu, after: ThreadCpu, units: number): Map<string, number> {
  const kinds = new Set([...before.keys(), ...after.keys()]);
  return new Map(
    [...kinds].map((kind) => [kind, (((after.get(kind) ?? 0) - (before.get(kind) ?? 0)) * 1000) / units]),
  );
}

/** One line per process: its CPU per unit by thread kind, the largest first, kinds under 0.05 ms left out. */
export function formatThreadRow(name: string, perUnit: Map<string, number>): string {
  const parts = [...perUnit]
    .filter(([, ms]) => ms >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${ms.toFixed(2)}`);
  return `${`  threads ${name}`.padEnd(32)} ${parts.join(", ") || "—"}`;
}
