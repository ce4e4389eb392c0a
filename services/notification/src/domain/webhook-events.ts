/** Every event type a webhook endpoint may subscribe to (the spec's list; voids and emails send theirs once built). */
export const WEBHOOK_EVENT_TYPES = [
  "document.accepted",
  "document.observed",
  "document.rejected",
  "document.voided",
  "document.void_failed",
  "email.sent",
  "email.failed",
] as const;

/** Whether an endpoint subscribed to `events` receives an event of `type`. */
export function endpointWants(events: readonly string[], type: string): boolean {
  return events.includes("*") || events.includes(type);
}
