import type { DescField, DescMessage, DescOneof } from "@bufbuild/protobuf";
import { fieldRules } from "./field-rules.js";
import { FORMAT_PATTERNS, isOptionalField, type JsonSchema } from "./json-schema.js";
import { isAbsentWhenUnset } from "./public-json.js";
import { valueSchema } from "./value-schema.js";

/**
 * The JSON Schemas (OpenAPI 3.1 `components.schemas`) of messages as the public API presents them (`withNulls`):
 * every field present (but those whose rules say `absent_when_unset`: not required, never null), null exactly where
 * the field is proto `optional`, closed value sets as `enum` (`const` for a
 * single value), open ones as `examples` (a client must tolerate new values), the rules' patterns, formats and
 * bounds, and descriptions from the proto comments. Response objects stay open to new fields. A message made of
 * one oneof is presented inline, as an object whose one property (named after the oneof) is one of its members.
 */
export interface PublicSchemaOptions {
  /** A description for a message, field or oneof (the proto comments). */
  describe: (element: DescMessage | DescField | DescOneof) => string | undefined;
  /** The component name of a message (its short name unless the API calls it otherwise). */
  componentName: (desc: DescMessage) => string;
  /** Full names of messages whose component is written elsewhere: referenced, not generated. */
  external?: ReadonlySet<string>;
  /** Full names of messages presented inline where they are used, not as components. */
  inline?: ReadonlySet<string>;
}

/** The patterns of the formats that are ours; JSON Schema's own (dates, email, uri-reference) go by name. */
const PATTERNS: Record<string, string> = {
  decimal: FORMAT_PATTERNS.decimal!,
  // A money amount the API answers has exactly 2 decimals.
  amount: "^-?\\d+\\.\\d{2}$",
  "unsigned-decimal": "^\\d+(\\.\\d+)?$",
  currency: "^[A-Z]{3}$",
};
const NAMED_FORMATS: ReadonlySet<string> = new Set(["date", "date-time", "email", "uri-reference"]);

/** The pattern of a resource id with this prefix (`doc` → doc_…). */
const idPattern = (prefix: string) => `^${prefix}_[0-9A-Za-z]+$`;

/** What each format adds to a field's description, so the proto comment only says what the value means. */
const FORMAT_SENTENCES: Record<string, string> = {
  amount: "Decimal string with 2 decimals, e.g. `118.00`.",
  "date-time": "RFC 3339 in UTC with milliseconds, e.g. `2026-06-01T15:04:05.123Z`.",
};

/** The component schema of every message `roots` reach, by component name, in the order they are reached. */
export function presentedJsonSchemas(
  roots: readonly DescMessage[],
  options: PublicSchemaOptions,
): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const owner = new Map<string, string>();
  const pending = [...roots];
  for (let desc = pending.shift(); desc; desc = pending.shift()) {
    if (options.external?.has(desc.typeName)) continue;
    const name = options.componentName(desc);
    const seen = owner.get(name);
    if (seen === desc.typeName) continue;
    if (seen) throw new Error(`${desc.typeName} and ${seen} would both be the component ${name}`);
    owner.set(name, desc.typeName);
    out[name] = objectSchema(desc, options, (m) => pending.push(m));
  }
  return out;
}

type Reach = (desc: DescMessage) => void;

function objectSchema(desc: DescMessage, options: PublicSchemaOptions, reach: Reach): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of desc.fields) {
    if (field.oneof)
      throw new Error(`${field.toString()}: a oneof beside other fields has no presented form`);
    properties[field.name] = fieldSchema(field, options, reach);
  }
  const absent = new Set(desc.fields.filter(isAbsentWhenUnset).map((field) => field.name));
  return object(options.describe(desc), properties, absent);
}

function object(
  description: string | undefined,
  properties: Record<string, JsonSchema>,
  absent: ReadonlySet<string> = new Set(),
): JsonSchema {
  return {
    type: "object",
    ...(description ? { description } : {}),
    required: Object.keys(properties).filter((name) => !absent.has(name)),
    properties,
  };
}

/** `{ <oneof>: one of its members }`, e.g. an Event's `data.object` (the presenter names the member). */
function inlineOneof(
  desc: DescMessage,
  oneof: DescOneof,
  options: PublicSchemaOptions,
  reach: Reach,
): JsonSchema {
  const members = oneof.fields.map((member) => publicValueSchema(member, options, reach));
  const description = options.describe(oneof);
  return object(options.describe(desc), {
    [oneof.name]: { ...(description ? { description } : {}), oneOf: members },
  });
}

/** A message presented inline: one oneof and nothing else. */
function soleOneof(desc: DescMessage): DescOneof | undefined {
  const [oneof] = desc.oneofs;
  return desc.oneofs.length === 1 && oneof && oneof.fields.length === desc.fields.length ? oneof : undefined;
}

function fieldSchema(field: DescField, options: PublicSchemaOptions, reach: Reach): JsonSchema {
  const schema = publicValueSchema(field, options, reach);
  const description = describeField(field, options, schema);
  const described = description ? withDescription(schema, description) : schema;
  // A field left out when unset is never null: it is there with a value, or not at all.
  return isOptionalField(field) && !isAbsentWhenUnset(field) ? nullable(described) : described;
}

function describeField(
  field: DescField,
  options: PublicSchemaOptions,
  schema: JsonSchema,
): string | undefined {
  const own = options.describe(field);
  const format = fieldRules(field)?.format ?? "";
  const sentence = FORMAT_SENTENCES[format];
  const text = own ?? (typeof schema.description === "string" ? schema.description : undefined);
  if (!sentence) return text;
  return text ? `${text} ${sentence}` : sentence;
}

/** Beside a `$ref`, OpenAPI 3.1 reads the description of the place that uses it (it overrides the target's). */
function withDescription(schema: JsonSchema, description: string): JsonSchema {
  return { ...schema, description };
}

/**
 * The same schema, also accepting `null`: `type: [t, "null"]` for a simple typed schema, else `anyOf` (the
 * description stays on the outer schema, where readers look for it).
 */
function nullable(schema: JsonSchema): JsonSchema {
  const simple = typeof schema.type === "string" && !("enum" in schema) && !("const" in schema);
  if (simple) return { ...schema, type: [schema.type, "null"] };
  const { description, ...inner } = schema;
  return { ...(description ? { description } : {}), anyOf: [inner, { type: "null" }] };
}

/** A field's value in the public form: messages by `$ref` or inline, strings and integers with their rules. */
function publicValueSchema(field: DescField, options: PublicSchemaOptions, reach: Reach): JsonSchema {
  const boolConst = fieldRules(field)?.boolConst;
  // fieldRules refused a bool_const on a field that is not a bool.
  if (boolConst !== undefined) return { type: "boolean", const: boolConst };
  return valueSchema(field, {
    message: (desc) => messageSchema(desc, options, reach),
    string: stringSchema,
    integer: (field) => ({ type: "integer", ...bounds(field) }),
  });
}

function messageSchema(desc: DescMessage, options: PublicSchemaOptions, reach: Reach): JsonSchema {
  const oneof = soleOneof(desc);
  if (oneof) return inlineOneof(desc, oneof, options, reach);
  if (options.inline?.has(desc.typeName)) return objectSchema(desc, options, reach);
  reach(desc);
  return { $ref: `#/components/schemas/${options.componentName(desc)}` };
}

function bounds(field: DescField): JsonSchema {
  const fieldRule = fieldRules(field);
  if (!fieldRule) return {};
  const { minimum, maximum } = fieldRule;
  return {
    ...(minimum !== undefined ? { minimum } : {}),
    ...(maximum !== undefined ? { maximum } : {}),
  };
}

function stringSchema(field: DescField): JsonSchema {
  const fieldRule = fieldRules(field);
  if (!fieldRule) return { type: "string" };
  const { values, open, format, idPrefix, pattern } = fieldRule;
  const schema: JsonSchema = { type: "string" };
  if (idPrefix) schema.pattern = idPattern(idPrefix);
  if (pattern) schema.pattern = pattern;
  // JSON Schema's own formats are named; ours are patterns.
  if (NAMED_FORMATS.has(format)) schema.format = format;
  else if (format) {
    const pattern = PATTERNS[format];
    if (!pattern) throw new Error(`${field.toString()}: unknown format '${format}'`);
    schema.pattern = pattern;
  }
  if (values.length === 1 && !open) schema.const = values[0];
  else if (values.length > 0 && !open) schema.enum = [...values];
  else if (values.length > 0) schema.examples = [...values];
  return schema;
}
