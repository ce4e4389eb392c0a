import { readFileSync } from "node:fs";

/**
 * Peak resident memory of a process so far, in MB (`VmHWM` of /proc/<pid>/status, Linux): what the services'
 * heap sizing (SERVICE_V8_FLAGS) costs in memory. Undefined when the pid is unknown or gone.
 */
export function peakRssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const kb = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmHWM:\s+(\d+) kB/m)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}
