import { companySchemas } from "./company-schemas.js";
import { documentListSchemas } from "./document-schemas.js";
import { errorSchemas } from "./error-schemas.js";
import publicSchemas from "./generated/public-schemas.json" with { type: "json" };
import type { JsonSchema } from "./json-schema.js";
import { webhookSchemas } from "./webhook-schemas.js";

/**
 * Schemas of what the API answers. The Document (its despatch advice and note parts included), Event and Email,
 * with every part they reach, are generated from the proto messages the presenters read (`npm run generate`
 * writes `generated/public-schemas.json`); the list envelopes, the company routes' objects, the webhook endpoints
 * and the error body (`ApiError.toBody()`) are still written here, each tied by type to the code that produces it.
 */
export const resourceSchemas: Record<string, JsonSchema> = {
  ...(publicSchemas as Record<string, JsonSchema>),
  ...documentListSchemas,
  ...companySchemas,
  ...errorSchemas,
  ...webhookSchemas,
};
