import type { JsonSchema } from "./json-schema.js";
import { listSchema } from "./list-schema.js";

/** The list routes' pages (the resources are generated from proto). */
export const listSchemas: Record<string, JsonSchema> = {
  EventList: listSchema("Event", "/v1/events", { one: "event", many: "events" }),
  DocumentList: listSchema("Document", "/v1/documents", { one: "document", many: "documents" }),
  WebhookEndpointList: listSchema("WebhookEndpoint", "/v1/webhook_endpoints", {
    one: "webhook endpoint",
    many: "webhook endpoints",
  }),
  WebhookDeliveryList: listSchema("WebhookDelivery", "/v1/webhook_endpoints/{id}/deliveries", {
    one: "delivery",
    many: "deliveries",
  }),
};
