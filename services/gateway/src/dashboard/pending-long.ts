/**
 * When the documents list flags a pending document. A healthy submission ends in seconds, and the default backoff's
 * first delays (2 s, 5 s, 15 s, 30 s, 1 min, 2 min, 5 min) add up to 9 minutes: a document still pending after 10
 * has failed try after try, so SUNAT is unreachable or refusing the sends and a person should look at its page
 * (the last problem, the next try, the deadline).
 */
export const PENDING_LONG_MINUTES = 10;

export function isPendingLong(doc: { status: string; created_at: string }, now: Date): boolean {
  if (doc.status !== "pending") return false;
  const created = Date.parse(doc.created_at);
  return !Number.isNaN(created) && now.getTime() - created > PENDING_LONG_MINUTES * 60_000;
}
