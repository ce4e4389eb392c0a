import type { PlainSchema } from "./json-schema.js";

/** Building blocks of the response schemas; each takes the description of the field it becomes. */

export const string = (description: string): PlainSchema => ({ type: "string", description });

export const boolean = (description: string): PlainSchema => ({ type: "boolean", description });

export const timestamp = (description: string): PlainSchema => ({
  type: "string",
  format: "date-time",
  description: `${description} RFC 3339 in UTC with milliseconds, e.g. \`2026-06-01T15:04:05.123Z\`.`,
});

/** An id: prefix, underscore, 26 characters (a time-ordered random id). */
export const prefixedId = (prefix: string, what: string): PlainSchema => ({
  type: "string",
  pattern: `^${prefix}_[0-9A-Za-z]+$`,
  description: `Unique id of the ${what}: \`${prefix}_\` and 26 letters and digits.`,
});

export const livemode: PlainSchema = {
  type: "boolean",
  description:
    "True for a live-mode resource (created with an `sk_live_` key), false for test mode (`sk_test_`).",
};
