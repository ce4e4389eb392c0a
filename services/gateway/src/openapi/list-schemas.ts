import { prefixedId } from "./field-schemas.js";
import { constant, type JsonSchema } from "./json-schema.js";
import { listSchema } from "./list-schema.js";

/** The list routes' pages and the webhook endpoint's delete answer (the resources are generated from proto). */
export const listSchemas: Record<string, JsonSchema> = {
  EventList: listSchema("Event", "/v1/events", { one: "event", many: "events" }),
  DocumentList: listSchema("Document", "/v1/documents", { one: "document", many: "documents" }),
  WebhookEndpointList: listSchema("WebhookEndpoint", "/v1/webhook_endpoints", {
    one: "webhook endpoint",
    many: "webhook endpoints",
  }),
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
  WebhookDeliveryList: listSchema("WebhookDelivery", "/v1/webhook_endpoints/{id}/deliveries", {
    one: "delivery",
    many: "deliveries",
  }),
};
