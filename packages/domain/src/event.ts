import { EVENT_TYPE_VALUES } from "./generated/event.js";

/** Every event type, in the proto's order (`Event.type`): what the API lists, filters on and webhooks subscribe to. */
export const EVENT_TYPES = EVENT_TYPE_VALUES;

/** The event types about a document (`data.object` is the Document). */
export type DocumentEventType = Extract<(typeof EVENT_TYPES)[number], `document.${string}`>;
