/**
 * JSON Schemas of the webhook endpoint bodies. The notification service checks the URL (https, public) and the
 * event types again: these check the shape.
 */
const url = {
  type: "string",
  minLength: 1,
  maxLength: 2048,
  description:
    "Where events are POSTed: an https URL on a public address (private, loopback and reserved addresses are refused, when registering and again when connecting).",
  examples: ["https://hooks.example.com/einvoice"],
} as const;

const events = {
  type: "array",
  minItems: 1,
  maxItems: 20,
  items: { type: "string", minLength: 1, maxLength: 50 },
  description:
    'Event types sent to it (`document.accepted`, `document.observed`, `document.rejected`, `document.voided`, `document.void_failed`, `email.sent`, `email.failed`), or `["*"]` for every type. Default `["*"]`.',
  examples: [["document.accepted", "document.rejected"]],
} as const;

const description = {
  type: "string",
  maxLength: 500,
  description: "Your note about the endpoint, up to 500 characters. Default empty.",
  examples: ["ERP production receiver"],
} as const;

export const webhookEndpointCreateSchema = {
  $id: "WebhookEndpointCreate",
  description: "A new webhook endpoint for the key's company and mode.",
  type: "object",
  additionalProperties: false,
  required: ["url"],
  properties: { url, events, description },
} as const;

export const webhookEndpointUpdateSchema = {
  $id: "WebhookEndpointUpdate",
  description: "The fields to change; those absent stay as they are.",
  type: "object",
  additionalProperties: false,
  properties: {
    url: { ...url, description: `${url.description} Omitted: unchanged.` },
    events: {
      ...events,
      description: `${events.description.replace(' Default `["*"]`.', "")} Omitted: unchanged.`,
    },
    description: {
      ...description,
      description: "Your note about the endpoint, up to 500 characters. Omitted: unchanged.",
    },
    enabled: {
      type: "boolean",
      description:
        "false stops every delivery to the endpoint, those already waiting included (they resume when it is enabled again). Omitted: unchanged.",
      examples: [false],
    },
  },
} as const;

export interface WebhookEndpointBody {
  url?: string;
  events?: string[];
  description?: string;
  enabled?: boolean;
}
