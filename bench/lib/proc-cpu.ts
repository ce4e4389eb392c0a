import { readFileSync } from "node:fs";

/**
 * CPU time of processes from /proc (Linux). A service started through a wrapper is a process tree, so the
 * tree is summed. Returns undefined when the pid is unknown or gone, so a caller never reports a made-up 0.
 */
export const TICKS = 100; // USER_HZ on Linux

function ownSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime, stime, cutime, cstime (fields 14–17 of stat, counted here from after the name).
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / TICKS;
  } catch {
    return undefined;
  }
}

/**
 * CPU ms this process (the benchmark itself: load generator and watcher) spent since `since`, a
 * `process.cpuUsage()` taken before.
 */
export function ownCpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** The pids of `pid`'s children still running (none when it ended). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // the process ended
  }
}

/** CPU seconds of `pid` and every descendant still running. */
export function treeCpuSeconds(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  const own = ownSeconds(pid);
  if (own === undefined) return undefined;
  return childPids(pid).reduce((total, child) => total + (treeCpuSeconds(child) ?? 0), own);
}

/** A snapshot of CPU seconds per named process. */
export type CpuSnapshot = Map<string, number | undefined>;

export function snapshot(pids: ReadonlyMap<string, number>): CpuSnapshot {
  return new Map([...pids].map(([name, pid]) => [name, treeCpuSeconds(pid)]));
}

/** CPU ms per unit of work for each process between two snapshots (undefined where a reading is missing). */
export function perUnitMs(
  before: CpuSnapshot,
  after: CpuSnapshot,
  units: number,
): Map<string, number | undefined> {
  return new Map(
    [...before].map(([name, b]) => {
      const a = after.get(name);
      return [name, a === undefined || b === undefined ? undefined : ((a - b) * 1000) / units];
    }),
  );
}

/** The machine's CPU ticks so far, all cores together (/proc/stat); undefined off Linux. */
export interface MachineTicks {
  /** Running anything: user, nice, system, interrupts. */
  busy: number;
  /** The hypervisor ran another guest while this one had work: the host's load, invisible to `top`. */
  steal: number;
  total: number;
}

export function machineTicks(): MachineTicks | undefined {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
      .split("\n", 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number) as number[];
    const busy = user! + nice! + system! + irq! + softirq!;
    return { busy, steal: steal!, total: busy + idle! + iowait! + steal! };
  } catch {
    return undefined;
  }
}

/** Shares of the machine's CPU time between two readings: how busy it was, and how much the host took. */
export function machineShares(
  before: MachineTicks | undefined,
  after: MachineTicks | undefined,
): { busy: number; steal: number } | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  const total = after.total - before.total;
  return { busy: (after.busy - before.busy) / total, steal: (after.steal - before.steal) / total };
}
