import type { JsonSchema } from "./json-schema.js";

/** Building blocks of the response schemas; each takes the description of the field it becomes. */

export const boolean = (description: string): JsonSchema => ({ type: "boolean", description });

/** An id: prefix, underscore, 26 characters (a time-ordered random id). */
export const prefixedId = (prefix: string, what: string): JsonSchema => ({
  type: "string",
  pattern: `^${prefix}_[0-9A-Za-z]+$`,
  description: `Unique id of the ${what}: \`${prefix}_\` and 26 letters and digits.`,
});
