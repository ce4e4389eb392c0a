import { type DescEnum, type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";

type JsonSchema = { [key: string]: unknown };

/**
 * What a schema form (the canonical JSON of `json-schema.ts`, the public one of `public-json-schema.ts`) decides
 * for itself; everything else about a field's value is proto3 JSON, the same in both forms.
 */
export interface ValueSchemaForm {
  /** A message-typed value (a `$ref`, or the message inline). */
  message: (desc: DescMessage) => JsonSchema;
  /** A string field, from its `rules` (value sets, formats, id prefixes). */
  string: (field: DescField) => JsonSchema;
  /** A 32-bit integer field, given the range its type allows. */
  integer: (field: DescField, range: { minimum: number; maximum: number }) => JsonSchema;
}

/** The JSON Schema of a field's value, as proto3 JSON writes it: lists as arrays, maps as objects. */
export function valueSchema(field: DescField, form: ValueSchemaForm): JsonSchema {
  switch (field.fieldKind) {
    case "scalar":
      return scalarSchema(field.scalar, field, form);
    case "enum":
      return enumSchema(field.enum);
    case "message":
      return form.message(field.message);
    case "list": {
      const items =
        field.listKind === "message"
          ? form.message(field.message)
          : field.listKind === "enum"
            ? enumSchema(field.enum)
            : scalarSchema(field.scalar, field, form);
      return { type: "array", items };
    }
    case "map": {
      const values =
        field.mapKind === "message"
          ? form.message(field.message)
          : field.mapKind === "enum"
            ? enumSchema(field.enum)
            : scalarSchema(field.scalar, field, form);
      return { type: "object", additionalProperties: values };
    }
  }
}

/** A proto enum as its JSON names. */
function enumSchema(desc: DescEnum): JsonSchema {
  return { type: "string", enum: desc.values.map((v) => v.name) };
}

function scalarSchema(scalar: ScalarType, field: DescField, form: ValueSchemaForm): JsonSchema {
  switch (scalar) {
    case ScalarType.STRING:
      return form.string(field);
    case ScalarType.BOOL:
      return { type: "boolean" };
    case ScalarType.BYTES:
      return { type: "string", contentEncoding: "base64" };
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return { type: "number" };
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return form.integer(field, { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 });
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return form.integer(field, { minimum: 0, maximum: 2 ** 32 - 1 });
    default:
      // 64-bit integers are JSON strings in proto3 JSON.
      return { type: "string", pattern: "^-?\\d+$" };
  }
}
