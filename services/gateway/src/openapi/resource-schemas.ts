import { companySchemas } from "./company-schemas.js";
import { despatchSchemas } from "./despatch-schemas.js";
import { documentSchemas } from "./document-schemas.js";
import { errorSchemas } from "./error-schemas.js";
import type { JsonSchema } from "./json-schema.js";
import { webhookSchemas } from "./webhook-schemas.js";

/**
 * Schemas of what the API answers, each tied by type to the code that produces it: the Document and Event (the
 * proto messages as `presenters.ts` shows them), the company routes' objects and the error body
 * (`ApiError.toBody()`).
 */
export const resourceSchemas: Record<string, JsonSchema> = {
  ...documentSchemas,
  ...despatchSchemas,
  ...companySchemas,
  ...errorSchemas,
  ...webhookSchemas,
};
