/**
 * Delay before polling a GRE ticket again, in milliseconds: SUNAT usually answers in seconds, sometimes minutes,
 * so polls back off 1 s, 2 s, 4 s … up to `maxMs`.
 */
export function ticketPollDelayMs(polls: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, polls));
}
