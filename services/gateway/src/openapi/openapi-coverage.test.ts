import { describe, expect, it } from "vitest";
import { deref, isReference, pointerToken } from "../../test-support/openapi-validation.js";
import { buildOpenApiDocument, requestSchemas } from "./openapi-document.js";
import { HTTP_METHODS, type Parameter, type Response } from "./openapi-types.js";
import { createExamples } from "./request-examples.js";

/**
 * The reference a reader needs, enforced: every property of every schema is described (and says its unit, default
 * and null case where it has one), every operation has a summary, a description, its errors with each code's
 * meaning and fix, and examples. A new endpoint or field fails here until it is documented.
 */

const doc = buildOpenApiDocument();

type Schema = Record<string, unknown>;

/** Every property schema below `schema` (nested objects, array items, anyOf branches), with its path. */
function* properties(schema: Schema, path: string): Generator<{ path: string; property: Schema }> {
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    yield { path: `${path}.${name}`, property: child };
    yield* properties(child, `${path}.${name}`);
  }
  if (schema.items) yield* properties(schema.items as Schema, `${path}[]`);
  for (const branch of (schema.anyOf ?? []) as Schema[]) yield* properties(branch, path);
}

const allProperties = Object.entries(doc.components.schemas).flatMap(([name, schema]) => [
  ...properties(schema, name),
]);
const requestProperties = Object.keys(requestSchemas).flatMap((name) => [
  ...properties(doc.components.schemas[name]!, name),
]);

const text = (schema: Schema) => String(schema.description ?? "");
const acceptsNull = (schema: Schema) =>
  (Array.isArray(schema.type) && schema.type.includes("null")) ||
  ((schema.anyOf ?? []) as Schema[]).some((branch) => branch.type === "null");

const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  HTTP_METHODS.flatMap((method) => {
    const operation = item[method];
    return operation ? [{ path, method, operation, pointer: `#/paths/${pointerToken(path)}/${method}` }] : [];
  }),
);

describe("description coverage: schemas", () => {
  it("describes every schema and every property of every request and response schema", () => {
    expect(allProperties.length).toBeGreaterThan(150);
    for (const [name, schema] of Object.entries(doc.components.schemas))
      expect(text(schema).length, `${name} has a description`).toBeGreaterThan(10);
    const undescribed = allProperties.filter(({ property }) => text(property).trim().length < 10);
    expect(undescribed.map(({ path }) => path)).toEqual([]);
  });

  it("says when a nullable property is null", () => {
    const silent = allProperties.filter(
      ({ property }) => acceptsNull(property) && !/\bnull\b/i.test(text(property)),
    );
    expect(silent.map(({ path }) => path)).toEqual([]);
  });

  it("gives the default of every optional request property that has one, or says it is optional", () => {
    // Each object schema once: the request roots and every nested object or array of objects.
    const objects = [
      ...Object.keys(requestSchemas).map((name) => ({ path: name, schema: doc.components.schemas[name]! })),
      ...requestProperties.map(({ path, property }) => ({ path, schema: property })),
    ].flatMap(({ path, schema }) => {
      const items = schema.items as Schema | undefined;
      return [{ path, schema }, ...(items?.properties ? [{ path: `${path}[]`, schema: items }] : [])];
    });
    const silent: string[] = [];
    for (const { path, schema } of objects) {
      const required = (schema.required ?? []) as string[];
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        if (required.includes(name)) continue;
        const stated =
          "default" in property ||
          /\bdefault\b|\boptional\b|\bomit(ted)?\b|\brequired\b/i.test(text(property));
        if (!stated) silent.push(`${path}.${name}`);
      }
    }
    expect(silent).toEqual([]);
  });

  it("states the default keyword in the description too (readers of plain text see it)", () => {
    const unstated = requestProperties.filter(
      ({ property }) => "default" in property && !/default/i.test(text(property)),
    );
    expect(unstated.map(({ path }) => path)).toEqual([]);
  });

  it("says percent or fraction wherever a rate is sent, and that amounts are decimal strings", () => {
    const rates = requestProperties.filter(({ path }) => /percent$|rate$/.test(path));
    expect(rates.map(({ path }) => path).sort()).toEqual([
      "CreditNoteRequest.items[].discount.percent",
      "CreditNoteRequest.items[].isc.rate",
      "DebitNoteRequest.items[].discount.percent",
      "DebitNoteRequest.items[].isc.rate",
      "InvoiceRequest.detraction.percent",
      "InvoiceRequest.discount.percent",
      "InvoiceRequest.items[].discount.percent",
      "InvoiceRequest.items[].isc.rate",
    ]);
    for (const { path, property } of rates)
      expect(text(property), path).toMatch(/\*\*percent\*\* \(`\d+` = \d+ %/);
    const money = allProperties.filter(({ property }) => property.pattern === "^-?\\d+\\.\\d{2}$");
    expect(money.length).toBeGreaterThan(15);
    for (const { path, property } of money)
      expect(text(property), path).toContain("Decimal string with 2 decimals");
  });

  it("names the SUNAT catalog of every coded field, with values", () => {
    const coded = [
      "InvoiceRequest.customer.document_type",
      "InvoiceRequest.items[].tax_affectation",
      "InvoiceRequest.items[].unit_code",
      "InvoiceRequest.detraction.code",
      "InvoiceRequest.detraction.payment_method",
      "InvoiceRequest.perception.code",
      "Customer.document_type",
      "Document.type",
    ];
    for (const path of coded) {
      const found = allProperties.find((p) => p.path === path);
      expect(found, path).toBeDefined();
      expect(text(found!.property), path).toMatch(/catalog \d\d/);
      expect(text(found!.property), path).toMatch(/`[0-9A-Z]{1,4}`/);
    }
  });
});

describe("description coverage: operations", () => {
  it("gives every operation a summary, a description and tags", () => {
    expect(operations.length).toBeGreaterThanOrEqual(10);
    for (const { pointer, operation } of operations) {
      expect(operation.summary, pointer).toBeTruthy();
      expect(operation.description?.length ?? 0, `${pointer} description`).toBeGreaterThan(30);
    }
  });

  it("describes and exemplifies every parameter and header", () => {
    for (const { pointer, operation } of operations) {
      for (const parameter of operation.parameters ?? []) {
        const p = deref<Parameter>(doc, parameter);
        expect(p.description.length, `${pointer} ${p.name}`).toBeGreaterThan(10);
        expect(
          (p.schema.examples as unknown[] | undefined)?.length,
          `${pointer} ${p.name} example`,
        ).toBeGreaterThan(0);
      }
    }
    for (const [name, header] of Object.entries(doc.components.headers)) {
      expect(header.description.length, name).toBeGreaterThan(10);
      expect((header.schema.examples as unknown[] | undefined)?.length, `${name} example`).toBeGreaterThan(0);
    }
  });

  it("lists every error code of every error response with when it happens and how to fix it", () => {
    for (const { pointer, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^[45]/.test(status)) continue;
        const { description } = deref<Response>(doc, response);
        const codes = [...description.matchAll(/^- `([a-z_]+)`: (.+)$/gm)];
        expect(codes.length, `${pointer} ${status} lists its codes`).toBeGreaterThan(0);
        for (const [, code, line] of codes)
          expect(line, `${pointer} ${status} ${code}`).toMatch(/\S.* \*\*Fix:\*\* \S/);
      }
    }
  });

  it("shows an example of every JSON request and success response", () => {
    for (const { pointer, operation } of operations) {
      const bodies = [
        ...(operation.requestBody ? [["request", operation.requestBody.content] as const] : []),
        ...Object.entries(operation.responses)
          .filter(([status]) => /^2/.test(status))
          .map(([status, response]) => [status, deref<Response>(doc, response).content ?? {}] as const),
      ];
      for (const [what, content] of bodies) {
        const media = content["application/json"];
        if (!media || operation.operationId === "getOpenApiDocument") continue;
        expect(Object.keys(media.examples ?? {}).length, `${pointer} ${what} example`).toBeGreaterThan(0);
      }
    }
  });

  it("shows every create example as a request and as its 201 and 202 answers, for both document kinds", () => {
    for (const [operationId, kind] of [
      ["createInvoice", "invoice"],
      ["createReceipt", "receipt"],
    ] as const) {
      const { operation } = operations.find((o) => o.operation.operationId === operationId)!;
      const names = createExamples(kind).map((e) => e.name);
      expect(names.length, kind).toBeGreaterThanOrEqual(2);
      const requests = Object.keys(operation.requestBody!.content["application/json"]!.examples ?? {});
      expect(requests).toEqual(expect.arrayContaining(names));
      for (const status of ["201", "202"]) {
        const response = operation.responses[status]!;
        expect(isReference(response)).toBe(false);
        const answers = Object.keys((response as Response).content!["application/json"]!.examples ?? {});
        expect(answers.sort(), `${operationId} ${status}`).toEqual([...names].sort());
      }
    }
  });
});
