/** Waits before each retry after a failed attempt: 8 attempts in all over about 28 hours, then `failed`. */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** When to try again after `attempts` failed attempts; null once they are all spent. */
export function nextAttemptAfter(attempts: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
