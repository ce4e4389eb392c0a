import type { DescField, DescMessage } from "@bufbuild/protobuf";
import { fieldRules } from "./field-rules.js";
import { valueSchema } from "./value-schema.js";

/**
 * JSON Schema (draft 2020-12) of a message's canonical proto3 JSON: proto field names, every non-optional field
 * present, unset optional fields absent. The .proto stays the one source: field rules (closed or open value sets,
 * decimal/date formats) come from the `einvoice.common.v1.rules` option, descriptions from the caller (the docs
 * generator reads proto comments; runtime checks need none).
 *
 * - `strict` (publishers and domain decoding): every listed value is enforced, unknown fields are refused.
 * - `tolerant` (consumers and the published docs): unknown fields pass and open value sets accept new values, so
 *   a subject can gain fields and values without breaking an older subscriber.
 */
export type SchemaMode = "strict" | "tolerant";

export type JsonSchema = { [key: string]: unknown };

export interface SchemaOptions {
  mode: SchemaMode;
  /** A description for a message or field, e.g. from the proto comments. */
  describe?: (element: DescMessage | DescField) => string | undefined;
}

export const FORMAT_PATTERNS: Record<string, string> = {
  decimal: "^-?\\d+(\\.\\d+)?$",
  date: "^\\d{4}-\\d{2}-\\d{2}$",
  "date-time": "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$",
};

/**
 * Formats that refine the public form (`presentedJsonSchemas`): the runtime checks here keep to the format they
 * refine (an amount is a decimal) or to none (a currency is a string; email and uri-reference are JSON Schema's
 * named formats, which ajv is not asked to check).
 */
export const REFINED_FORMATS: Readonly<Record<string, string | undefined>> = {
  amount: "decimal",
  "unsigned-decimal": "decimal",
  currency: undefined,
  email: undefined,
  "uri-reference": undefined,
};

/** The schema of `root` with every message it reaches under `$defs`, keyed by full proto name. */
export function messageJsonSchema(root: DescMessage, options: SchemaOptions): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  const pending = [root];
  for (let desc = pending.pop(); desc; desc = pending.pop()) {
    if (defs[desc.typeName]) continue;
    defs[desc.typeName] = objectSchema(desc, options, (m) => pending.push(m));
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: root.typeName,
    $ref: `#/$defs/${root.typeName}`,
    $defs: defs,
  };
}

/** True when the field may be absent: proto3 `optional`, or a member of a oneof. */
export function isOptionalField(field: DescField): boolean {
  return field.proto.proto3Optional || field.oneof !== undefined;
}

function objectSchema(
  desc: DescMessage,
  options: SchemaOptions,
  reach: (m: DescMessage) => void,
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of desc.fields) {
    properties[field.name] = withDescription(fieldSchema(field, options, reach), options.describe?.(field));
    if (!isOptionalField(field)) required.push(field.name);
  }
  const oneofs = desc.oneofs
    .filter((oneof) => oneof.fields.length > 1)
    .map((oneof) => ({
      // At most one member of a oneof is present.
      // (Each pair names its properties again so ajv's strict mode sees them defined where they are required.)
      not: {
        anyOf: pairs(oneof.fields.map((f) => f.name)).map((pair) => ({
          properties: Object.fromEntries(pair.map((name) => [name, true])),
          required: pair,
        })),
      },
    }));
  return withDescription(
    {
      type: "object",
      properties,
      required,
      ...(options.mode === "strict" ? { additionalProperties: false } : {}),
      ...(oneofs.length > 0 ? { allOf: oneofs } : {}),
    },
    options.describe?.(desc),
  );
}

function pairs(names: string[]): string[][] {
  return names.flatMap((a, i) => names.slice(i + 1).map((b) => [a, b]));
}

function withDescription(schema: JsonSchema, description: string | undefined): JsonSchema {
  return description ? { description, ...schema } : schema;
}

function fieldSchema(field: DescField, options: SchemaOptions, reach: (m: DescMessage) => void): JsonSchema {
  return valueSchema(field, {
    message: (desc) => {
      reach(desc);
      return { $ref: `#/$defs/${desc.typeName}` };
    },
    string: (field) => stringSchema(field, options),
    integer: (_field, range) => ({ type: "integer", ...range }),
  });
}

function stringSchema(field: DescField, options: SchemaOptions): JsonSchema {
  const fieldRule = fieldRules(field);
  if (!fieldRule) return { type: "string" };
  const { values, open, format: named } = fieldRule;
  // Id prefixes and integer bounds describe the public form only, like the refined formats.
  const format = named in REFINED_FORMATS ? REFINED_FORMATS[named] : named;
  const schema: JsonSchema = { type: "string" };
  if (format) {
    const pattern = FORMAT_PATTERNS[format];
    if (!pattern) throw new Error(`${field.toString()}: unknown format '${format}'`);
    schema.pattern = pattern;
    // "decimal" is ours (the pattern says it all); date and date-time are JSON Schema's own formats.
    if (format !== "decimal") schema.format = format;
  }
  if (values.length > 0) {
    if (options.mode === "strict" || !open) schema.enum = [...values];
    else schema.examples = [...values];
  }
  return schema;
}
