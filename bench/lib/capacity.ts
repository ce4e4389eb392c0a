/**
 * What the machine can carry indefinitely, from one run's CPU per document per process (work after the acceptance
 * included). Two limits, the lower wins:
 * - the cores: every process together cannot use more than `cores` × 1000 ms of CPU per second;
 * - one thread: a Node service does its work on its main thread, so it cannot finish more than 1000 / (its CPU ms
 *   per document) documents per second. This binds the renderer: with PDFs on it is the costliest by far, and after
 *   a burst it finishes the PDFs alone on one core while the other waits (docs/performance.md, "What the suite is built on").
 *   nats-server is multi-threaded and has no such bound.
 */
export interface Capacity {
  perSecond: number;
  /** "the cores", or the name of the process whose one thread binds. */
  boundBy: string;
}

const MULTI_THREADED = new Set(["nats-server"]);

export function sustainableRate(
  cpuMsPerDocument: ReadonlyMap<string, number | undefined>,
  cores: number,
): Capacity | undefined {
  let total = 0;
  let capacity: Capacity | undefined;
  for (const [name, ms] of cpuMsPerDocument) {
    if (ms === undefined) return undefined;
    total += ms;
    if (MULTI_THREADED.has(name) || ms <= 0) continue;
    const perSecond = 1000 / ms;
    if (!capacity || perSecond < capacity.perSecond) capacity = { perSecond, boundBy: name };
  }
  if (total <= 0) return undefined;
  const byCores = (cores * 1000) / total;
  return !capacity || byCores <= capacity.perSecond ? { perSecond: byCores, boundBy: "the cores" } : capacity;
}
