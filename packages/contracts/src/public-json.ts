import type { DescField, DescMessage, JsonObject, JsonValue } from "@bufbuild/protobuf";
import { fieldRules } from "./field-rules.js";
import { isOptionalField } from "./json-schema.js";

/**
 * The public API's JSON of a message's canonical JSON: the same fields, except that every resource always has the
 * same keys (Stripe's convention): an unset optional field is `null` instead of absent, an unset singular message
 * is presented as its empty message, and a oneof stands under the oneof's own name, holding the member that is
 * set (`EventData.object` is `data.object`, whichever resource it is), or `null` when none is. A field whose rules
 * name a single closed value (`object`: `"webhook_endpoint"`) has that value; a field whose rules say
 * `absent_when_unset` is left out when unset (or an empty list). Keys the message does not declare are dropped, so a
 * public message presents another message's JSON (or a record) by field name. A JSON `null` stands for unset, as in
 * proto3 JSON.
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
    // The rules are read only for an unset field or an empty list: a set field is presented as it is.
    if (value !== undefined && value !== null) {
      const empty = Array.isArray(value) && value.length === 0;
      if (!empty || !isAbsentWhenUnset(member)) out[member.name] = presented(member, value);
    } else if (isAbsentWhenUnset(member)) continue;
    else if (isOptionalField(member)) out[member.name] = null;
    else if (member.fieldKind === "message") out[member.name] = withNulls(member.message, {});
    else {
      const only = soleValue(member);
      if (only !== undefined) out[member.name] = only;
    }
  }
  return out;
}

/** True when the field's rules say it is left out of the public JSON when unset. */
export function isAbsentWhenUnset(field: DescField): boolean {
  return fieldRules(field)?.absentWhenUnset === true;
}

/** The one value a field can have (its rules' single closed value, or its `bool_const`), if it is so. */
function soleValue(field: DescField): string | boolean | undefined {
  const fieldRule = fieldRules(field);
  if (!fieldRule) return undefined;
  const { values, open, boolConst } = fieldRule;
  return boolConst ?? (values.length === 1 && !open ? values[0] : undefined);
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
