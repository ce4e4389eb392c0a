import { type DescField, type DescMessage, getOption, hasOption } from "@bufbuild/protobuf";
import { isOptionalField } from "@einvoice/contracts";
import { DocumentSchema, EmailSchema, EventSchema, rules } from "@einvoice/proto";
import { describe, expect, it } from "vitest";
import { resolvePointer } from "../../test-support/openapi-validation.js";
import { buildOpenApiDocument } from "./openapi-document.js";

/**
 * The documented Document and Event against the proto messages the gateway presents (`presenters.ts`:
 * `withNulls` over the message's JSON): the same fields, every one present, null exactly where the field is
 * optional, closed value sets as `enum`, open ones as `examples` (a client must tolerate new values), and the
 * field rules' formats.
 */

const doc = buildOpenApiDocument();
type Schema = Record<string, unknown>;

/** The schema behind a property: its `$ref` target, or the non-null branch of an `anyOf`. */
function target(schema: Schema): Schema {
  const anyOf = schema.anyOf as Schema[] | undefined;
  const inner = anyOf ? anyOf.find((branch) => branch.type !== "null")! : schema;
  return typeof inner.$ref === "string" ? (resolvePointer(doc, inner.$ref) as Schema) : inner;
}

const acceptsNull = (schema: Schema) =>
  (Array.isArray(schema.type) && schema.type.includes("null")) ||
  ((schema.anyOf ?? []) as Schema[]).some((branch) => branch.type === "null");

/** Every difference between a message and its documented schema, as readable lines (empty when they agree). */
function differences(desc: DescMessage, schema: Schema, path: string): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  const out: string[] = [];
  const names = desc.fields.map((f) => f.name);
  for (const name of Object.keys(properties))
    if (!names.includes(name)) out.push(`${path}.${name}: documented, not in ${desc.typeName}`);
  for (const field of desc.fields) {
    const at = `${path}.${field.name}`;
    const property = properties[field.name];
    if (!property) {
      out.push(`${at}: in ${desc.typeName}, not documented`);
      continue;
    }
    if (!required.includes(field.name)) out.push(`${at}: always present, so required`);
    if (isOptionalField(field) !== acceptsNull(property))
      out.push(`${at}: nullable must be ${isOptionalField(field)} (proto optional)`);
    out.push(...fieldDifferences(field, target(property), at));
  }
  return out;
}

function fieldDifferences(field: DescField, schema: Schema, at: string): string[] {
  if (field.fieldKind === "message") return differences(field.message, schema, at);
  if (field.fieldKind === "list" && field.listKind === "message")
    return differences(field.message, target(schema.items as Schema), `${at}[]`);
  if (field.fieldKind !== "scalar" || !hasOption(field, rules)) return [];
  const { values, open, format } = getOption(field, rules);
  const out: string[] = [];
  if (values.length > 0 && values.length === 1 && !open) {
    if (schema.const !== values[0] && JSON.stringify(schema.enum) !== JSON.stringify(values))
      out.push(`${at}: the closed value ${values[0]} as const or enum`);
  } else if (values.length > 0 && !open) {
    if (JSON.stringify(schema.enum) !== JSON.stringify(values)) out.push(`${at}: enum ${values.join(", ")}`);
  } else if (values.length > 0) {
    if ("enum" in schema) out.push(`${at}: an open set must not be an enum`);
    if (JSON.stringify(schema.examples) !== JSON.stringify(values))
      out.push(`${at}: examples ${values.join(", ")} (today's values)`);
  }
  if ((format === "date" || format === "date-time") && schema.format !== format)
    out.push(`${at}: format ${format}`);
  if (format === "decimal" && typeof schema.pattern !== "string") out.push(`${at}: a decimal pattern`);
  return out;
}

const component = (name: string) => doc.components.schemas[name] as Schema;

describe("the documented Document and Event match the presented proto messages", () => {
  it("Document", () => {
    expect(differences(DocumentSchema, component("Document"), "Document")).toEqual([]);
  });

  it("Event (its oneof `data` is presented as `data.object`)", () => {
    const event = component("Event");
    const { data, ...rest } = event.properties as Record<string, Schema>;
    const withoutData = {
      ...event,
      properties: rest,
      required: (event.required as string[]).filter((k) => k !== "data"),
    };
    const fields = { ...EventSchema, fields: EventSchema.fields.filter((f) => f.name !== "data") };
    expect(differences(fields, withoutData, "Event")).toEqual([]);
    const object = (data!.properties as Record<string, Schema>).object!;
    // One member per case of the proto's oneof: a Document, or an Email.
    expect((object.oneOf as Schema[]).map((member) => member.$ref)).toEqual([
      "#/components/schemas/Document",
      "#/components/schemas/Email",
    ]);
    expect(differences(EmailSchema, component("Email"), "Email")).toEqual([]);
    expect(data!.required).toEqual(["object"]);
  });

  it("would notice a field the document lacks", () => {
    const document = component("Document");
    const { hash: _, ...properties } = document.properties as Record<string, Schema>;
    expect(differences(DocumentSchema, { ...document, properties }, "Document")).toContain(
      "Document.hash: in einvoice.documents.v1.Document, not documented",
    );
  });
});
