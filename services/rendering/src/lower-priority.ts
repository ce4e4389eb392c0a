import { getPriority, setPriority } from "node:os";

/**
 * Raises this process's nice value to `niceness` (a lower scheduling priority), so that rendering yields the CPU
 * to the services on the verdict path. Never raises the priority: an unprivileged process may not, and a host
 * that already runs us niced knows better. Returns the niceness now in effect.
 */
export function lowerPriority(niceness: number): number {
  const current = getPriority();
  if (niceness > current) setPriority(niceness);
  return getPriority();
}
