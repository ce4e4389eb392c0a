import { readdirSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/**
 * Raises this process's nice value to `niceness` (a lower scheduling priority), so that work nobody waits on yields
 * the CPU to work someone does: the renderer to everything else, the asynchronous services to the create path
 * (each service's `NICENESS`). Never raises the priority: an unprivileged process may not, and a host that already
 * runs us niced knows better. Returns the niceness now in effect on the main thread.
 *
 * On Linux a nice value belongs to each thread, and `setPriority()` changes only the calling one: V8's garbage
 * collector helpers and libuv's pool threads, started before this runs, would stay at the default priority. So
 * every thread of the process is lowered; threads started later inherit the value from the thread that starts
 * them.
 */
export function lowerPriority(niceness: number): number {
  for (const thread of threadIds()) {
    try {
      if (niceness > getPriority(thread)) setPriority(thread, niceness);
    } catch {
      // The thread ended between the listing and the call.
    }
  }
  return getPriority();
}

/** Every thread of this process (Linux), or only the process itself where /proc is not there. */
function threadIds(): number[] {
  try {
    return readdirSync("/proc/self/task").map(Number);
  } catch {
    return [0];
  }
}
