import type { JsonObject } from "@bufbuild/protobuf";
import { hasIdShape, SERVICE_ERRORS } from "@einvoice/platform";
import type { WebhookDelivery, WebhookEndpoint } from "@einvoice/proto";
import type { Router } from "@koa/router";
import { apiError, validationFailed } from "../errors/public-errors.js";
import type { WebhookDeliveryResource, WebhookEndpointResource } from "../openapi/webhook-schemas.js";
import type { WebhookEndpointBody } from "../schemas/webhook-endpoint.schema.js";
import { type AuthedState, type GatewayDeps, scopeOf } from "./context.js";
import { parseListQuery } from "./list-params.js";

const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

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

const missing = (kind: string, id: string, param = "id") =>
  apiError(SERVICE_ERRORS.resource_missing, `No such ${kind}: '${id.slice(0, 40)}'`, param);

/** Webhook endpoints and their deliveries, for the key's company and mode (the notification service owns them). */
export function webhookRoutes(router: Router<AuthedState>, deps: GatewayDeps) {
  const endpointId = (id: string) => {
    if (!hasIdShape(id, "we")) throw missing("webhook endpoint", id);
    return id;
  };
  const body = (value: unknown, creating: boolean) => {
    const violations = deps.validator.webhookEndpoint(value, creating);
    if (violations.length > 0) throw validationFailed(violations);
    return value as WebhookEndpointBody;
  };

  router.post("/v1/webhook_endpoints", async (ctx) => {
    const input = body(ctx.request.body, true);
    const res = await deps.notification.createWebhookEndpoint({
      scope: scopeOf(ctx.state.caller),
      url: input.url ?? "",
      events: input.events ?? [],
      description: input.description ?? "",
    });
    ctx.status = 201;
    ctx.body = presentEndpoint(res.endpoint);
  });

  router.get("/v1/webhook_endpoints", async (ctx) => {
    const query = parseListQuery(ctx.query, "we", () => ({}));
    const res = await deps.notification.listWebhookEndpoints({ scope: scopeOf(ctx.state.caller), ...query });
    ctx.body = {
      object: "list",
      url: "/v1/webhook_endpoints",
      has_more: res.hasMore,
      data: res.endpoints.map(presentEndpoint),
    };
  });

  router.get("/v1/webhook_endpoints/:id", async (ctx) => {
    const res = await deps.notification.getWebhookEndpoint({
      scope: scopeOf(ctx.state.caller),
      id: endpointId(ctx.params.id!),
    });
    ctx.body = presentEndpoint(res.endpoint);
  });

  router.post("/v1/webhook_endpoints/:id", async (ctx) => {
    const id = endpointId(ctx.params.id!);
    const input = body(ctx.request.body, false);
    const res = await deps.notification.updateWebhookEndpoint({
      scope: scopeOf(ctx.state.caller),
      id,
      ...(input.url !== undefined ? { url: input.url } : {}),
      events: input.events ?? [],
      setEvents: input.events !== undefined,
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    });
    ctx.body = presentEndpoint(res.endpoint);
  });

  router.post("/v1/webhook_endpoints/:id/rotate_secret", async (ctx) => {
    const res = await deps.notification.rotateWebhookSecret({
      scope: scopeOf(ctx.state.caller),
      id: endpointId(ctx.params.id!),
    });
    ctx.body = presentEndpoint(res.endpoint);
  });

  router.delete("/v1/webhook_endpoints/:id", async (ctx) => {
    const res = await deps.notification.deleteWebhookEndpoint({
      scope: scopeOf(ctx.state.caller),
      id: endpointId(ctx.params.id!),
    });
    ctx.body = { id: res.endpoint?.id ?? ctx.params.id, object: "webhook_endpoint", deleted: true };
  });

  router.get("/v1/webhook_endpoints/:id/deliveries", async (ctx) => {
    const id = endpointId(ctx.params.id!);
    const query = parseListQuery(ctx.query, "wd", (reader) => ({
      status: reader.oneOf("status", DELIVERY_STATUSES),
    }));
    const res = await deps.notification.listWebhookDeliveries({
      scope: scopeOf(ctx.state.caller),
      endpointId: id,
      ...query,
    });
    ctx.body = {
      object: "list",
      url: `/v1/webhook_endpoints/${id}/deliveries`,
      has_more: res.hasMore,
      data: res.deliveries.map(presentDelivery),
    };
  });

  router.post("/v1/webhook_endpoints/:id/deliveries/:delivery_id/retry", async (ctx) => {
    const id = endpointId(ctx.params.id!);
    const deliveryId = ctx.params.delivery_id!;
    if (!hasIdShape(deliveryId, "wd")) throw missing("webhook delivery", deliveryId, "delivery_id");
    const res = await deps.notification.retryWebhookDelivery({
      scope: scopeOf(ctx.state.caller),
      endpointId: id,
      id: deliveryId,
    });
    ctx.body = presentDelivery(res.delivery);
  });
}
