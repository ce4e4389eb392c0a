import type { JsonObject } from "@bufbuild/protobuf";
import type { WebhookDelivery, WebhookEndpoint } from "@einvoice/proto";
import type { WebhookDeliveryResource, WebhookEndpointResource } from "../openapi/webhook-schemas.js";

export function presentEndpoint(endpoint: WebhookEndpoint | undefined): WebhookEndpointResource & JsonObject {
  if (!endpoint) throw new Error("a response without its endpoint");
  return {
    id: endpoint.id,
    object: "webhook_endpoint",
    url: endpoint.url,
    events: endpoint.events,
    enabled: endpoint.enabled,
    description: endpoint.description,
    livemode: endpoint.livemode,
    created_at: endpoint.createdAt,
    updated_at: endpoint.updatedAt,
    // Only the create and rotate answers carry it; it is never shown again.
    ...(endpoint.secret !== undefined ? { secret: endpoint.secret } : {}),
  };
}

export function presentDelivery(delivery: WebhookDelivery | undefined): WebhookDeliveryResource & JsonObject {
  if (!delivery) throw new Error("a response without its delivery");
  return {
    id: delivery.id,
    object: "webhook_delivery",
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    response_status: delivery.responseStatus || null,
    last_error: delivery.lastError ?? null,
    next_attempt_at: delivery.nextAttemptAt ?? null,
    attempts: delivery.attempts.map((a) => ({
      at: a.at,
      response_status: a.responseStatus || null,
      duration_ms: a.durationMs,
      response_body_excerpt: a.responseBodyExcerpt,
      error: a.error ?? null,
    })),
    created_at: delivery.createdAt,
    livemode: delivery.livemode,
  };
}
