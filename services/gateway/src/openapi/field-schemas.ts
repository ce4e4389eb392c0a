import type { JsonSchema } from "./json-schema.js";

/** Building blocks of the response schemas; each takes the description of the field it becomes. */

export const boolean = (description: string): JsonSchema => ({ type: "boolean", description });
