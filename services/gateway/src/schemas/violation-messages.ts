import type { ErrorObject } from "ajv";

/**
 * What each request pattern means, in our words: a caller reads "must be a 3-letter currency code", never a
 * regular expression. A pattern missing here falls back to a plain sentence; the table test lists every pattern
 * the request schemas use, so a new one must be described.
 */
export const PATTERN_MEANINGS: Record<string, string> = {
  "^-?\\d{1,12}(\\.\\d{1,10})?$":
    'must be a decimal number written as a string, with up to 12 digits and 10 decimals (for example "100.00")',
  "^[A-Z0-9]{1,3}$":
    "must be a UN/ECE unit code of 1 to 3 capital letters or digits (for example NIU or KGM)",
  "^\\d{2}$": "must be a 2-digit code",
  "^\\d{3}$": "must be a 3-digit code",
  "^[A-Z]{3}$": "must be a 3-letter ISO 4217 currency code (PEN or USD)",
  "^[A-Z]{2}$": "must be a 2-letter ISO 3166-1 country code (for example US)",
  "^[A-Za-z0-9]{1,20}$": "must be 1 to 20 letters and digits",
  "^[A-Za-z0-9+/\\s]+={0,2}\\s*$": "must be base64 text",
};

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  null: "null",
};

const typeName = (type: unknown) =>
  (Array.isArray(type) ? type : [type]).map((t) => TYPE_NAMES[String(t)] ?? String(t)).join(" or ");

/** The sentence that follows the field's name for one failed shape check. */
export function violationMessage(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "type":
      return `must be ${typeName(params.type)}`;
    case "pattern":
      return (
        PATTERN_MEANINGS[String(params.pattern)] ??
        "does not have the expected format (see the API reference)"
      );
    case "format":
      return params.format === "date"
        ? "must be a date written YYYY-MM-DD"
        : `must be a valid ${params.format}`;
    case "enum":
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "const":
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case "minLength":
      return `must be at least ${params.limit} character${params.limit === 1 ? "" : "s"} long`;
    case "maxLength":
      return `must be at most ${params.limit} characters long`;
    case "minItems":
      return `must have at least ${params.limit} item${params.limit === 1 ? "" : "s"}`;
    case "maxItems":
      return `must have at most ${params.limit} items`;
    case "minimum":
      return `must be at least ${params.limit}`;
    case "maximum":
      return `must be at most ${params.limit}`;
    default:
      return "is not valid (see the API reference)";
  }
}
