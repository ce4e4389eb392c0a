import publicSchemas from "./generated/public-schemas.json" with { type: "json" };
import type { JsonSchema } from "./json-schema.js";
import { listSchemas } from "./list-schemas.js";

/**
 * Schemas of what the API answers. The resources (the Document with its despatch advice and note parts, the Event,
 * the Email, the company routes' objects, the webhook endpoints, deliveries and delete answer, the error body), with every part they reach, are
 * generated from the proto messages the presenters read (`npm run generate` writes `generated/public-schemas.json`);
 * the list pages (one envelope around each resource, `listSchema`) are written here, tied by type
 * to the code that produces them.
 */
export const resourceSchemas: Record<string, JsonSchema> = {
  ...(publicSchemas as Record<string, JsonSchema>),
  ...listSchemas,
};
