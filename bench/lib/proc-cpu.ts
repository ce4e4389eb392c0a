import { readFileSync } from "node:fs";

/**
 * CPU time of processes from /proc (Linux). A service started through a wrapper is a process tree, so the
 * tree is summed. Returns undefined when the pid is unknown or gone, so a caller never reports a made-up 0.
 */
const TICKS = 100; // USER_HZ on Linux

function ownSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime, stime, cutime, cstime (fields 14–17 of stat, counted here from after the name).
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / TICKS;
  } catch {
    return undefined;
  }
}

/** CPU seconds of `pid` and every descendant still running. */
export function treeCpuSeconds(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  const own = ownSeconds(pid);
  if (own === undefined) return undefined;
  let total = own;
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/))
      if (child) total += treeCpuSeconds(Number(child)) ?? 0;
  } catch {
    // the process ended between the two reads
  }
  return total;
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
