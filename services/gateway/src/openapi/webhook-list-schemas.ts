import { boolean, prefixedId } from "./field-schemas.js";
import { constant, type JsonSchema, schemaRef } from "./json-schema.js";

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

/** The webhook routes' list envelopes and delete answer (the resources are generated from proto). */
export const webhookListSchemas: Record<string, JsonSchema> = {
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
  WebhookDeliveryList: list("WebhookDelivery", "`/v1/webhook_endpoints/{id}/deliveries`", "deliveries"),
};
