import type { DescMessage, JsonObject, JsonValue } from "@bufbuild/protobuf";
import { isOptionalField } from "./json-schema.js";

/**
 * The public API's JSON of a message's canonical JSON: identical, except that an unset optional field is `null`
 * instead of absent, so every resource always has the same keys (Stripe's convention). Oneof members stay absent:
 * the presenter that owns the resource names the member.
 */
export function withNulls(desc: DescMessage, json: JsonValue): JsonObject {
  const object = isObject(json) ? json : {};
  const out: JsonObject = {};
  for (const field of desc.fields) {
    const value = object[field.name];
    if (value === undefined) {
      if (isOptionalField(field) && field.oneof === undefined) out[field.name] = null;
      continue;
    }
    if (field.fieldKind === "message") out[field.name] = withNulls(field.message, value);
    else if (field.fieldKind === "list" && field.listKind === "message" && Array.isArray(value)) {
      const item = field.message;
      out[field.name] = value.map((v) => withNulls(item, v));
    } else out[field.name] = value;
  }
  return out;
}

function isObject(json: JsonValue): json is JsonObject {
  return typeof json === "object" && json !== null && !Array.isArray(json);
}
