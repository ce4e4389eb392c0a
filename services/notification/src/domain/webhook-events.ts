import { EVENT_TYPES } from "@einvoice/domain";

/** Every event type a webhook endpoint may subscribe to: every event type (`Event.type` in proto). */
export const WEBHOOK_EVENT_TYPES = EVENT_TYPES;

/** Whether an endpoint subscribed to `events` receives an event of `type`. */
export function endpointWants(events: readonly string[], type: string): boolean {
  return events.includes("*") || events.includes(type);
}
