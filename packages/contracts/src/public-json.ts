import type { DescMessage, JsonObject, JsonValue } from "@bufbuild/protobuf";
import { isOptionalField } from "./json-schema.js";

/**
 * The public API's JSON of a message's canonical JSON: the same fields, except that every resource always has the
 * same keys (Stripe's convention): an unset optional field is `null` instead of absent, an unset singular message
 * is presented as its empty message, and a oneof stands under the oneof's own name, holding the member that is
 * set (`EventData.object` is `data.object`, whichever resource it is), or `null` when none is.
 */
export function withNulls(desc: DescMessage, json: JsonValue): JsonObject {
  const object = isObject(json) ? json : {};
  const out: JsonObject = {};
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      const set = member.fields.find((field) => object[field.name] !== undefined);
      out[member.name] = set ? presented(set, object[set.name]!) : null;
      continue;
    }
    const value = object[member.name];
    if (value !== undefined) out[member.name] = presented(member, value);
    else if (isOptionalField(member)) out[member.name] = null;
    else if (member.fieldKind === "message") out[member.name] = withNulls(member.message, {});
  }
  return out;
}

function presented(field: DescMessage["fields"][number], value: JsonValue): JsonValue {
  if (field.fieldKind === "message") return withNulls(field.message, value);
  if (field.fieldKind === "list" && field.listKind === "message" && Array.isArray(value)) {
    const item = field.message;
    return value.map((v) => withNulls(item, v));
  }
  return value;
}

function isObject(json: JsonValue): json is JsonObject {
  return typeof json === "object" && json !== null && !Array.isArray(json);
}
