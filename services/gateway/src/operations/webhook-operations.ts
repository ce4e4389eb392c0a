import { presentAs, presentWebhookDelivery, presentWebhookEndpoint } from "@einvoice/contracts";
import type { WebhookDelivery, WebhookEndpoint } from "@einvoice/domain";
import { hasIdShape, SERVICE_ERRORS } from "@einvoice/platform";
import { api } from "@einvoice/proto";
import { apiError, validationFailed } from "../errors/public-errors.js";
import { type GatewayDeps, scopeOf } from "../http/context.js";
import { parseListQuery } from "../http/list-params.js";
import {
  authenticatedErrors,
  bodyErrors,
  errorResponse,
  SHAPE_CODES,
  WEBHOOK_CODES,
} from "../openapi/error-responses.js";
import { schemaRef } from "../openapi/json-schema.js";
import { listPage } from "../openapi/list-schema.js";
import type { Parameter } from "../openapi/openapi-types.js";
import { json, ok, pathParameter, queryParameter } from "../openapi/operation-parts.js";
import type { WebhookEndpointBody } from "../schemas/webhook-endpoint.schema.js";
import { defineOperation, type OperationDefinition } from "./define-operation.js";

/* Webhook endpoints and their deliveries, for the key's company and mode (the notification service owns them). */

const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

const missing = (kind: string, id: string, param = "id") =>
  apiError(SERVICE_ERRORS.resource_missing, `No such ${kind}: '${id.slice(0, 40)}'`, param);

/** An id that cannot be an endpoint's answers as an unknown one, without asking the notification service. */
const endpointId = (id: string) => {
  if (!hasIdShape(id, "we")) throw missing("webhook endpoint", id);
  return id;
};

const endpointBody = (deps: GatewayDeps, value: unknown, creating: boolean) => {
  const violations = deps.validator.webhookEndpoint(value, creating);
  if (violations.length > 0) throw validationFailed(violations);
  return value as WebhookEndpointBody;
};

const ENDPOINT_ID = "we_01JZ8X4A2B4C6D8E0F2G4H6J8K";
const DELIVERY_ID = "wd_01JZ8X4C6D8E0F2G4H6J8K0M2N";

const endpointExample: WebhookEndpoint = {
  id: ENDPOINT_ID,
  object: "webhook_endpoint",
  url: "https://hooks.example.com/einvoice",
  events: ["document.accepted", "document.rejected"],
  enabled: true,
  description: "ERP production receiver",
  livemode: false,
  created_at: "2026-06-01T15:00:00.000Z",
  updated_at: "2026-06-01T15:00:00.000Z",
};
const withSecret = { ...endpointExample, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" };

const deliveryExample: WebhookDelivery = {
  id: DELIVERY_ID,
  object: "webhook_delivery",
  endpoint_id: ENDPOINT_ID,
  event_id: "evt_01JZ8X3P4C6D8E0F2G4H6J8K0M",
  event_type: "document.accepted",
  status: "pending",
  response_status: 500,
  last_error: "answered 500",
  next_attempt_at: "2026-06-01T15:09:12.000Z",
  attempts: [
    {
      at: "2026-06-01T15:04:07.500Z",
      response_status: 500,
      duration_ms: 38,
      response_body_excerpt: "Internal Server Error",
      error: "answered 500",
    },
    {
      at: "2026-06-01T15:04:12.510Z",
      response_status: 500,
      duration_ms: 41,
      response_body_excerpt: "Internal Server Error",
      error: "answered 500",
    },
  ],
  created_at: "2026-06-01T15:04:07.412Z",
  livemode: false,
};

const endpointIdParameter: Parameter = pathParameter("id", "A webhook endpoint id (`we_…`).", {
  type: "string",
  pattern: "^we_",
  examples: [ENDPOINT_ID],
});

const pageParameters = (what: string, example: string): Parameter[] => [
  queryParameter("limit", `How many ${what} per page: 1–100; default 10.`, {
    type: "integer",
    minimum: 1,
    maximum: 100,
    default: 10,
    examples: [10],
  }),
  queryParameter("starting_after", "Cursor for the next (older) page: the last `id` of the page you have.", {
    type: "string",
    examples: [example],
  }),
  queryParameter(
    "ending_before",
    "Cursor for the previous (newer) page: the first `id` of the page you have.",
    {
      type: "string",
      examples: [example],
    },
  ),
];

const endpointMissing = () =>
  errorResponse("No such endpoint in the key's company and mode.", ["webhook_endpoint_missing"]);
const badQuery = () =>
  errorResponse("A query parameter is repeated, empty or out of range.", ["list_query_invalid"]);
const refused = (what: string) =>
  errorResponse(
    `${what}: the body's shape first, then the URL (https, public) and the event types.`,
    ["shape_invalid", "webhook_endpoint_invalid"],
    [...SHAPE_CODES, ...WEBHOOK_CODES],
  );

const endpointAnswer = (description: string, withSecretShown: boolean) =>
  ok(description, schemaRef("WebhookEndpoint"), {
    endpoint: { summary: "An endpoint", value: withSecretShown ? withSecret : endpointExample },
  });

export const createWebhookEndpoint = defineOperation({
  method: "post",
  path: "/v1/webhook_endpoints",
  operationId: "createWebhookEndpoint",
  summary: "Create a webhook endpoint",
  description:
    "Registers an https URL to receive the events of the key's company and mode. The answer carries the signing `secret` (`whsec_…`), **shown this once**. Each delivery is a POST of the Event JSON (as `GET /v1/events/{id}` answers it, links unsigned) with the Standard Webhooks headers `webhook-id` (the event id), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the secret's base64-decoded bytes). A 2xx within 10 s succeeds; otherwise it is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then marked `failed`.",
  tags: ["Webhooks"],
  requestBody: {
    description: "Where to send, and which events.",
    required: true,
    content: json(schemaRef("WebhookEndpointCreate"), {
      accepted: {
        summary: "Verdicts only",
        value: {
          url: endpointExample.url,
          events: endpointExample.events,
          description: endpointExample.description,
        },
      },
    }),
  },
  responses: {
    "201": endpointAnswer("The endpoint, with its secret (shown once).", true),
    ...bodyErrors(),
    ...authenticatedErrors(),
    "422": refused("The endpoint was refused"),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const input = endpointBody(deps, ctx.request.body, true);
      const res = await deps.notification.createWebhookEndpoint({
        scope: scopeOf(ctx.state.caller),
        url: input.url ?? "",
        events: input.events ?? [],
        description: input.description ?? "",
      });
      ctx.status = 201;
      ctx.body = presentWebhookEndpoint(res.endpoint);
    },
});

export const listWebhookEndpoints = defineOperation({
  method: "get",
  path: "/v1/webhook_endpoints",
  operationId: "listWebhookEndpoints",
  summary: "List webhook endpoints",
  description: "The endpoints of the key's company and mode, newest first (never their secrets).",
  tags: ["Webhooks"],
  parameters: pageParameters("endpoints", ENDPOINT_ID),
  responses: {
    "200": ok("A page of endpoints.", schemaRef("WebhookEndpointList"), {
      page: {
        summary: "One endpoint",
        value: listPage("/v1/webhook_endpoints", false, [endpointExample]),
      },
    }),
    ...authenticatedErrors(),
    "422": badQuery(),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const query = parseListQuery(ctx.query, "we", () => ({}));
      const res = await deps.notification.listWebhookEndpoints({
        scope: scopeOf(ctx.state.caller),
        ...query,
      });
      ctx.body = listPage("/v1/webhook_endpoints", res.hasMore, res.endpoints.map(presentWebhookEndpoint));
    },
});

/**
 * An operation on one endpoint named by its id that answers the endpoint (retrieve, rotate its secret): an id that
 * cannot be one is a 404 without asking the notification service.
 */
const endpointOperation = (
  declared: Pick<OperationDefinition, "method" | "path" | "operationId" | "summary" | "description">,
  answer: { description: string; secretShown: boolean },
  call: (
    notification: GatewayDeps["notification"],
    request: { scope: ReturnType<typeof scopeOf>; id: string },
  ) => Promise<{ endpoint?: api.WebhookEndpoint | undefined }>,
) =>
  defineOperation({
    ...declared,
    tags: ["Webhooks"],
    parameters: [endpointIdParameter],
    responses: {
      "200": endpointAnswer(answer.description, answer.secretShown),
      ...authenticatedErrors(),
      "404": endpointMissing(),
    },
    handler:
      ({ deps }) =>
      async (ctx) => {
        const res = await call(deps.notification, {
          scope: scopeOf(ctx.state.caller),
          id: endpointId(ctx.params.id!),
        });
        ctx.body = presentWebhookEndpoint(res.endpoint);
      },
  });

export const getWebhookEndpoint = endpointOperation(
  {
    method: "get",
    path: "/v1/webhook_endpoints/{id}",
    operationId: "getWebhookEndpoint",
    summary: "Retrieve a webhook endpoint",
    description: "One endpoint (never its secret).",
  },
  { description: "The endpoint.", secretShown: false },
  (notification, request) => notification.getWebhookEndpoint(request),
);

export const updateWebhookEndpoint = defineOperation({
  method: "post",
  path: "/v1/webhook_endpoints/{id}",
  operationId: "updateWebhookEndpoint",
  summary: "Update a webhook endpoint",
  description:
    "Changes `url`, `events`, `enabled` or `description`; fields left out stay. `enabled: false` stops every delivery, those waiting included; they resume when it is enabled again.",
  tags: ["Webhooks"],
  parameters: [endpointIdParameter],
  requestBody: {
    description: "The fields to change.",
    required: true,
    content: json(schemaRef("WebhookEndpointUpdate"), {
      disable: { summary: "Pause deliveries", value: { enabled: false } },
    }),
  },
  responses: {
    "200": endpointAnswer("The endpoint as it now is.", false),
    ...bodyErrors(),
    ...authenticatedErrors(),
    "404": endpointMissing(),
    "422": refused("The change was refused"),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const id = endpointId(ctx.params.id!);
      const input = endpointBody(deps, ctx.request.body, false);
      const res = await deps.notification.updateWebhookEndpoint({
        scope: scopeOf(ctx.state.caller),
        id,
        ...(input.url !== undefined ? { url: input.url } : {}),
        events: input.events ?? [],
        setEvents: input.events !== undefined,
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      });
      ctx.body = presentWebhookEndpoint(res.endpoint);
    },
});

export const deleteWebhookEndpoint = defineOperation({
  method: "delete",
  path: "/v1/webhook_endpoints/{id}",
  operationId: "deleteWebhookEndpoint",
  summary: "Delete a webhook endpoint",
  description: "Deletes the endpoint; deliveries still waiting are not sent.",
  tags: ["Webhooks"],
  parameters: [endpointIdParameter],
  responses: {
    "200": ok("The endpoint is gone.", schemaRef("WebhookEndpointDeleted"), {
      deleted: {
        summary: "Deleted",
        value: presentAs(api.WebhookEndpointDeletedSchema, { id: ENDPOINT_ID }),
      },
    }),
    ...authenticatedErrors(),
    "404": endpointMissing(),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const res = await deps.notification.deleteWebhookEndpoint({
        scope: scopeOf(ctx.state.caller),
        id: endpointId(ctx.params.id!),
      });
      ctx.body = presentAs(api.WebhookEndpointDeletedSchema, { id: res.endpoint?.id ?? ctx.params.id });
    },
});

export const rotateWebhookSecret = endpointOperation(
  {
    method: "post",
    path: "/v1/webhook_endpoints/{id}/rotate_secret",
    operationId: "rotateWebhookSecret",
    summary: "Rotate a webhook endpoint's secret",
    description:
      "Makes a new signing secret and answers it, **shown this once**. The old secret stops signing at once: every later attempt, retries included, is signed with the new one.",
  },
  { description: "The endpoint with its new secret.", secretShown: true },
  (notification, request) => notification.rotateWebhookSecret(request),
);

export const listWebhookDeliveries = defineOperation({
  method: "get",
  path: "/v1/webhook_endpoints/{id}/deliveries",
  operationId: "listWebhookDeliveries",
  summary: "List an endpoint's deliveries",
  description: "Every event sent (or to be sent) to the endpoint, newest first, each with all its attempts.",
  tags: ["Webhooks"],
  parameters: [
    endpointIdParameter,
    queryParameter("status", "Only deliveries in this status: `pending`, `succeeded` or `failed`.", {
      type: "string",
      enum: ["pending", "succeeded", "failed"],
      examples: ["failed"],
    }),
    ...pageParameters("deliveries", DELIVERY_ID),
  ],
  responses: {
    "200": ok("A page of deliveries.", schemaRef("WebhookDeliveryList"), {
      page: {
        summary: "A delivery being retried",
        value: listPage(`/v1/webhook_endpoints/${ENDPOINT_ID}/deliveries`, false, [deliveryExample]),
      },
    }),
    ...authenticatedErrors(),
    "404": endpointMissing(),
    "422": badQuery(),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const id = endpointId(ctx.params.id!);
      const query = parseListQuery(ctx.query, "wd", (reader) => ({
        status: reader.oneOf("status", DELIVERY_STATUSES),
      }));
      const res = await deps.notification.listWebhookDeliveries({
        scope: scopeOf(ctx.state.caller),
        endpointId: id,
        ...query,
      });
      ctx.body = listPage(
        `/v1/webhook_endpoints/${id}/deliveries`,
        res.hasMore,
        res.deliveries.map(presentWebhookDelivery),
      );
    },
});

export const retryWebhookDelivery = defineOperation({
  method: "post",
  path: "/v1/webhook_endpoints/{id}/deliveries/{delivery_id}/retry",
  operationId: "retryWebhookDelivery",
  summary: "Send a delivery again now",
  description:
    "Queues the delivery for an attempt at once, whatever its status (a `failed` one gets one more attempt). Its earlier attempts stay in its log.",
  tags: ["Webhooks"],
  parameters: [
    endpointIdParameter,
    pathParameter("delivery_id", "A delivery id (`wd_…`) of that endpoint.", {
      type: "string",
      pattern: "^wd_",
      examples: [DELIVERY_ID],
    }),
  ],
  responses: {
    "200": ok("The delivery, now pending.", schemaRef("WebhookDelivery"), {
      queued: {
        summary: "Queued",
        value: { ...deliveryExample, next_attempt_at: "2026-06-01T15:05:00.000Z" },
      },
    }),
    ...authenticatedErrors(),
    "404": errorResponse("No such endpoint, or no such delivery of it.", [
      "webhook_endpoint_missing",
      "webhook_delivery_missing",
    ]),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const id = endpointId(ctx.params.id!);
      const deliveryId = ctx.params.delivery_id!;
      if (!hasIdShape(deliveryId, "wd")) throw missing("webhook delivery", deliveryId, "delivery_id");
      const res = await deps.notification.retryWebhookDelivery({
        scope: scopeOf(ctx.state.caller),
        endpointId: id,
        id: deliveryId,
      });
      ctx.body = presentWebhookDelivery(res.delivery);
    },
});
