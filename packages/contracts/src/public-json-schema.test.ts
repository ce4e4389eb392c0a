import type { DescMessage } from "@bufbuild/protobuf";
import { api, DespatchAdviceSchema, DocumentSchema, EventSchema } from "@einvoice/proto";
import { describe, expect, it } from "vitest";
import { presentedJsonSchemas } from "./public-json-schema.js";

const shortName = (desc: DescMessage) => desc.name;
type Schema = Record<string, unknown>;
const propertiesOf = (schema: unknown) => (schema as { properties: Record<string, Schema> }).properties;

describe("presentedJsonSchemas", () => {
  const schemas = presentedJsonSchemas([DocumentSchema, EventSchema], {
    describe: (element) => (element.kind === "field" && element.name === "hash" ? "The digest." : undefined),
    componentName: (desc) => (desc.name === "Party" ? "Customer" : desc.name),
    external: new Set([DespatchAdviceSchema.typeName]),
  });
  const document = propertiesOf(schemas.Document);

  it("should make every field required and null exactly the optional ones", () => {
    expect(schemas.Document!.required).toEqual(DocumentSchema.fields.map((f) => f.name));
    expect(document.series).toEqual({ type: "string" });
    expect(document.currency).toEqual({ type: ["string", "null"], pattern: "^[A-Z]{3}$" });
    expect(document.sunat).toEqual({
      anyOf: [{ $ref: "#/components/schemas/SunatVerdict" }, { type: "null" }],
    });
  });

  it("should keep a field's description outside the null branch", () => {
    expect(document.hash).toEqual({ type: ["string", "null"], description: "The digest." });
  });

  it("should show a single closed value as const, a closed set as enum and an open one as examples", () => {
    expect(document.object).toEqual({ type: "string", const: "document" });
    expect(propertiesOf(schemas.DocumentVoid).status).toEqual({
      type: "string",
      enum: ["pending", "voided", "failed"],
    });
    expect(document.status).toMatchObject({
      examples: ["pending", "accepted", "observed", "rejected", "voided"],
    });
    expect(document.status).not.toHaveProperty("enum");
  });

  it("should give the rules' formats, id prefixes and bounds", () => {
    expect(document.id).toEqual({ type: "string", pattern: "^doc_[0-9A-Za-z]+$" });
    expect(document.issue_date).toEqual({ type: "string", format: "date" });
    expect(document.number).toEqual({ type: "integer", minimum: 1, maximum: 99999999 });
    // A money amount has exactly 2 decimals, and its description says so.
    expect(propertiesOf(schemas.DocumentAmounts).igv).toEqual({
      type: "string",
      pattern: "^-?\\d+\\.\\d{2}$",
      description: "Decimal string with 2 decimals, e.g. `118.00`.",
    });
  });

  it("should leave a field whose rules say absent_when_unset out of required, and never null", () => {
    const webhooks = presentedJsonSchemas([api.WebhookEndpointSchema], {
      describe: () => undefined,
      componentName: shortName,
    });
    expect(webhooks.WebhookEndpoint!.required).not.toContain("secret");
    expect(propertiesOf(webhooks.WebhookEndpoint).secret).toEqual({ type: "string", pattern: "^whsec_" });
  });

  it("should name components as asked and leave out the external ones", () => {
    expect(document.customer).toEqual({
      anyOf: [{ $ref: "#/components/schemas/Customer" }, { type: "null" }],
    });
    expect(Object.keys(schemas)).toContain("Customer");
    expect(Object.keys(schemas)).not.toContain("Party");
    expect(Object.keys(schemas)).not.toContain("DespatchAdvice");
    expect(document.despatch).toEqual({
      anyOf: [{ $ref: "#/components/schemas/DespatchAdvice" }, { type: "null" }],
    });
  });

  it("should present a message made of one oneof inline, as one of its members", () => {
    expect(propertiesOf(schemas.Event).data).toEqual({
      type: "object",
      required: ["object"],
      properties: {
        object: {
          oneOf: [{ $ref: "#/components/schemas/Document" }, { $ref: "#/components/schemas/Email" }],
        },
      },
    });
    expect(Object.keys(schemas)).not.toContain("EventData");
    expect(Object.keys(schemas)).toContain("Email");
  });

  it("should present an inline message where it is used", () => {
    const inline = presentedJsonSchemas([DespatchAdviceSchema], {
      describe: () => undefined,
      componentName: shortName,
      inline: new Set(["einvoice.documents.v1.DespatchCarrier"]),
    });
    expect(Object.keys(inline)).not.toContain("DespatchCarrier");
    expect(propertiesOf(inline.DespatchAdvice).carrier).toMatchObject({
      type: ["object", "null"],
      required: ["ruc", "name", "mtc_registration"],
    });
  });

  it("should refuse two messages that would share a component name", () => {
    expect(() =>
      presentedJsonSchemas([DocumentSchema], { describe: () => undefined, componentName: () => "Same" }),
    ).toThrow(/would both be the component Same/);
  });
});
