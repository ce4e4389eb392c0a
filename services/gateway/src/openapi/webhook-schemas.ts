import { boolean, livemode, prefixedId, string, timestamp } from "./field-schemas.js";
import { constant, type JsonSchema, nullable, objectSchema, schemaRef, stringEnum } from "./json-schema.js";

/** The webhook objects (http/webhook-presenters.ts), described field by field. */

export interface WebhookEndpointResource {
  id: string;
  object: "webhook_endpoint";
  url: string;
  events: string[];
  enabled: boolean;
  description: string;
  livemode: boolean;
  created_at: string;
  updated_at: string;
  secret?: string;
}

interface WebhookAttemptResource {
  at: string;
  response_status: number | null;
  duration_ms: number;
  response_body_excerpt: string;
  error: string | null;
}

export interface WebhookDeliveryResource {
  id: string;
  object: "webhook_delivery";
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: string;
  response_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  attempts: WebhookAttemptResource[];
  created_at: string;
  livemode: boolean;
}

const httpStatus = (description: string) =>
  nullable({ type: "integer", minimum: 100, maximum: 599, description });

const endpoint = objectSchema<WebhookEndpointResource>()({
  description:
    "An HTTPS endpoint that receives the events of one company and mode as signed POSTs (Standard Webhooks). An endpoint made with a test key receives only test events and is invisible to live keys.",
  properties: {
    id: prefixedId("we", "webhook endpoint"),
    object: constant("webhook_endpoint", "Always `webhook_endpoint`."),
    url: string("Where events are POSTed (https, public address)."),
    events: {
      type: "array",
      items: { type: "string" },
      description: 'The event types it receives, or `["*"]` for all.',
    },
    enabled: boolean("false while deliveries are stopped (they wait, and resume when it is enabled again)."),
    description: string("Your note about it; empty when none."),
    livemode,
    created_at: timestamp("When it was created."),
    updated_at: timestamp("When it was last changed (its secret rotated included)."),
    secret: {
      type: "string",
      pattern: "^whsec_",
      description:
        "The signing secret (`whsec_` + base64): **only in the answers to create and `rotate_secret`**, never shown again. Verify each delivery's `webhook-signature` with it (any Standard Webhooks library does).",
    },
  },
  optional: { secret: true },
});

const attempt = objectSchema<WebhookAttemptResource>()({
  description: "One try of a delivery.",
  properties: {
    at: timestamp("When the attempt started."),
    response_status: httpStatus(
      "The receiver's HTTP status; null when it did not answer (timeout, refused).",
    ),
    duration_ms: { type: "integer", minimum: 0, description: "How long the attempt took, in milliseconds." },
    response_body_excerpt: string("The first 512 bytes of the receiver's answer (empty when none)."),
    error: nullable(
      string("Why the attempt failed (status, timeout, connection error); null when it succeeded."),
    ),
  },
});

const delivery = objectSchema<WebhookDeliveryResource>()({
  description:
    "One event sent to one endpoint. Attempts follow the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after each failure (8 in all), then the delivery is `failed`. A 2xx answer within 10 s succeeds; redirects are not followed.",
  properties: {
    id: prefixedId("wd", "webhook delivery"),
    object: constant("webhook_delivery", "Always `webhook_delivery`."),
    endpoint_id: prefixedId("we", "endpoint it goes to"),
    event_id: prefixedId("evt", "event it carries (also its `webhook-id` header, the same on every attempt)"),
    event_type: string("The event's type, e.g. `document.accepted`."),
    status: stringEnum(
      ["pending", "succeeded", "failed"],
      "`pending` (an attempt is due at `next_attempt_at`, or the endpoint is disabled), `succeeded` (a 2xx came), `failed` (8 attempts failed; `retry` sends it again).",
    ),
    response_status: httpStatus(
      "The last attempt's HTTP status; null before any attempt or when none answered.",
    ),
    last_error: nullable(string("Why the last attempt failed; null when it succeeded or none was made.")),
    next_attempt_at: nullable(timestamp("When the next attempt is due; null once succeeded or failed.")),
    attempts: {
      type: "array",
      items: schemaRef("WebhookAttempt"),
      description: "Every attempt, oldest first.",
    },
    created_at: timestamp("When the event was queued for this endpoint."),
    livemode,
  },
});

const list = (name: string, url: string, what: string) => ({
  type: "object",
  description: `A page of ${what}, newest first (\`starting_after\` / \`ending_before\` with the ids of its ends).`,
  required: ["object", "url", "has_more", "data"],
  properties: {
    object: constant("list", "Always `list`."),
    url: { type: "string", description: `The path of this list (${url}).` },
    has_more: boolean("True when more items exist beyond this page in the direction it was read."),
    data: { type: "array", items: schemaRef(name), description: `The ${what} of this page, newest first.` },
  },
});

export const webhookSchemas: Record<string, JsonSchema> = {
  WebhookEndpoint: endpoint,
  WebhookEndpointList: list("WebhookEndpoint", "`/v1/webhook_endpoints`", "webhook endpoints"),
  WebhookEndpointDeleted: {
    type: "object",
    description: "What a delete answers.",
    required: ["id", "object", "deleted"],
    properties: {
      id: prefixedId("we", "deleted endpoint"),
      object: constant("webhook_endpoint", "Always `webhook_endpoint`."),
      deleted: { type: "boolean", const: true, description: "Always true." },
    },
  },
  WebhookAttempt: attempt,
  WebhookDelivery: delivery,
  WebhookDeliveryList: list("WebhookDelivery", "`/v1/webhook_endpoints/{id}/deliveries`", "deliveries"),
};
