import { TAX_ERRORS } from "../error-table.js";
import type { Errors } from "../errors.js";
import { hasInvalidXmlChar, isSingleLineText } from "../text.js";

/** A plain JSON object, or undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Reads an object field, recording `required` / `invalid_type` errors; undefined when unusable. */
export function readObject(
  value: unknown,
  param: string,
  errors: Errors,
  required: boolean,
): Record<string, unknown> | undefined {
  if (value === undefined || value === null) {
    if (required) errors.add(param, TAX_ERRORS.required, `${param} is required`);
    return undefined;
  }
  const object = asObject(value);
  if (!object) errors.add(param, TAX_ERRORS.invalid_type, `${param} must be an object`);
  return object;
}

/**
 * Reads one line of text (trimmed) of `min`..`max` characters; records an error and returns undefined when absent
 * (and required), not text, or holding a line break, tab or a character XML cannot carry.
 */
export function readText(
  value: unknown,
  param: string,
  errors: Errors,
  options: { required: boolean; min?: number; max: number; multiline?: boolean },
): string | undefined {
  if (value === undefined || value === null || value === "") {
    if (options.required) errors.add(param, TAX_ERRORS.required, `${param} is required`);
    return undefined;
  }
  if (typeof value !== "string") {
    errors.add(param, TAX_ERRORS.invalid_type, `${param} must be text`);
    return undefined;
  }
  const text = value.trim();
  const min = options.min ?? 1;
  if (text.length < min || text.length > options.max) {
    errors.add(param, TAX_ERRORS.invalid_length, `${param} needs ${min} to ${options.max} characters`);
    return undefined;
  }
  const clean = options.multiline ? !hasInvalidXmlChar(text) : isSingleLineText(text);
  if (!clean) {
    errors.add(
      param,
      TAX_ERRORS.invalid_characters,
      options.multiline
        ? `${param} contains a control character XML cannot carry`
        : `${param} may not contain line breaks, tabs or control characters`,
    );
    return undefined;
  }
  return text;
}

/** Reads an array field; records an error when present but not an array. */
export function readArray(value: unknown, param: string, errors: Errors): unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    errors.add(param, TAX_ERRORS.invalid_type, `${param} must be a list`);
    return undefined;
  }
  return value;
}

/** Records `not_allowed` when a field is present where the rules forbid it. */
export function forbid(value: unknown, param: string, why: string, errors: Errors): void {
  const empty = Array.isArray(value) ? value.length === 0 : value === undefined || value === null;
  if (!empty) errors.add(param, TAX_ERRORS.not_allowed, `${param} ${why}`);
}
