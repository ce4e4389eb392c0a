/**
 * Delay before the next try, in milliseconds. Transient outages (0100, 0109, 0130–0138, 0200, HTTP 5xx,
 * timeouts) walk the schedule one step per failure; an exception that will not clear by itself soon (0111 no
 * profile, 0154 RUC mismatch, 0306 unreadable XML…) jumps `permanentSkip` steps, so a misconfiguration is
 * retried rarely until an operator fixes it or the deadline rejects the document. The last delay repeats.
 */
export function retryDelayMs(input: {
  /** Failures so far, including the one just seen (≥ 1). */
  failures: number;
  transient: boolean;
  delaysMs: readonly number[];
  permanentSkip?: number;
}): number {
  const { delaysMs } = input;
  if (delaysMs.length === 0) throw new RangeError("retry schedule is empty");
  const step = Math.max(0, input.failures - 1) + (input.transient ? 0 : (input.permanentSkip ?? 3));
  return delaysMs[Math.min(step, delaysMs.length - 1)]!;
}

/** The next attempt never lands after the deadline: the deadline itself must be acted upon on time. */
export function nextAttemptAt(now: Date, delayMs: number, deadline: Date): Date {
  return new Date(Math.min(now.getTime() + delayMs, deadline.getTime()));
}
