import { readFileSync } from "node:fs";
import { ERROR_DETAIL_TYPE_VALUES as ERROR_TYPES } from "@einvoice/domain";
import { Code, ConnectError } from "@einvoice/platform";
import { Ajv } from "ajv";
import { describe, expect, it, vi } from "vitest";
import {
  DocumentSchemas,
  deref,
  isReference,
  pointerToken,
  resolvePointer,
  walk,
} from "../../test-support/openapi-validation.js";
import { publicErrorFromConnect } from "../errors/public-errors.js";
import { RequestValidator } from "../schemas/validate.js";
import { publicErrors } from "./error-responses.js";
import { buildOpenApiDocument, requestSchemas } from "./openapi-document.js";
import { HTTP_METHODS, type Parameter, type RequestBody, type Response } from "./openapi-types.js";
import { invoiceRequestExample } from "./request-examples.js";

const doc = buildOpenApiDocument();
const schemas = new DocumentSchemas(doc);

const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  HTTP_METHODS.flatMap((method) => {
    const operation = item[method];
    return operation ? [{ path, method, operation, pointer: `#/paths/${pointerToken(path)}/${method}` }] : [];
  }),
);
const operationById = (id: string) => operations.find((o) => o.operation.operationId === id)!;

/** Every response of the document (operations and components), with its pointer. */
const responses = operations.flatMap(({ operation, pointer }) =>
  Object.entries(operation.responses).map(([status, response]) => ({
    status,
    response: deref<Response>(doc, response),
    pointer: isReference(response) ? response.$ref : `${pointer}/responses/${status}`,
  })),
);

/** Every media type object that has a schema, with the pointer of that schema. */
const mediaTypes = (() => {
  const found: { pointer: string; schemaPointer: string; examples: unknown[] }[] = [];
  const visit = (content: Response["content"], pointer: string) => {
    for (const [type, media] of Object.entries(content ?? {})) {
      if (!media.schema) continue;
      const at = `${pointer}/content/${pointerToken(type)}`;
      found.push({
        pointer: at,
        schemaPointer: `${at}/schema`,
        examples: [
          ...(media.example === undefined ? [] : [media.example]),
          ...Object.values(media.examples ?? {}).map((e) => e.value),
        ],
      });
    }
  };
  for (const { operation, pointer } of operations) {
    if (operation.requestBody) visit(operation.requestBody.content, `${pointer}/requestBody`);
    for (const [status, response] of Object.entries(operation.responses))
      if (!isReference(response)) visit(response.content, `${pointer}/responses/${status}`);
  }
  for (const [name, response] of Object.entries(doc.components.responses))
    visit(response.content, `#/components/responses/${name}`);
  return found;
})();

describe("the OpenAPI document: structure", () => {
  it("is OpenAPI 3.1 with info v1, a relative server and the bearer scheme", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: "v1" });
    expect(doc.servers.length).toBeGreaterThan(0);
    for (const server of doc.servers) expect(server.url).toMatch(/^\//);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.bearerAuth?.description).toMatch(/sk_test_.*sk_live_/);
  });

  it("survives JSON unchanged (no undefined, functions or cycles)", () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("resolves every $ref, all local", () => {
    const refs = [...walk(doc)].filter(({ node }) => isReference(node));
    expect(refs.length).toBeGreaterThan(20);
    for (const { pointer, node } of refs) {
      const ref = (node as { $ref: string }).$ref;
      expect(ref, pointer).toMatch(/^#\//);
      expect(resolvePointer(doc, ref), `${pointer} → ${ref}`).toBeTypeOf("object");
    }
  });

  it("names component keys as OpenAPI allows, and uses each one", () => {
    const text = JSON.stringify(doc);
    for (const [kind, entries] of Object.entries(doc.components)) {
      for (const name of Object.keys(entries)) {
        expect(name).toMatch(/^[a-zA-Z0-9._-]+$/);
        if (kind !== "securitySchemes")
          expect(text, `#/components/${kind}/${name} is used`).toContain(`"#/components/${kind}/${name}"`);
      }
    }
  });

  it("gives every operation a unique operationId, a summary and declared tags", () => {
    const ids = operations.map((o) => o.operation.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const { operation } of operations) {
      expect(operation.summary).toBeTruthy();
      expect(operation.tags.length).toBeGreaterThan(0);
      for (const tag of operation.tags) expect(tags).toContain(tag);
    }
  });

  it("declares each path template parameter once, required, and no other path parameter", () => {
    for (const { path, operation } of operations) {
      const template = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const params = (operation.parameters ?? []).map((p) => deref<Parameter>(doc, p));
      const inPath = params.filter((p) => p.in === "path");
      expect(inPath.map((p) => p.name).sort(), path).toEqual([...template].sort());
      for (const p of inPath) expect(p.required, `${path} ${p.name}`).toBe(true);
      const keys = params.map((p) => `${p.in}:${p.name}`);
      expect(new Set(keys).size, path).toBe(keys.length);
      for (const p of params) {
        expect(["path", "query", "header", "cookie"]).toContain(p.in);
        expect(p.description, `${path} ${p.name}`).toBeTruthy();
        expect(p.schema).toBeTypeOf("object");
      }
    }
  });

  it("gives every response a description, valid status keys and at least one success", () => {
    for (const { operation, path } of operations) {
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((s) => /^2\d\d$/.test(s)),
        path,
      ).toBe(true);
      for (const s of statuses) expect(s).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
    }
    for (const { pointer, response } of responses) {
      expect(response.description, pointer).toBeTruthy();
      for (const [name, header] of Object.entries(response.headers ?? {})) {
        expect(name.toLowerCase(), pointer).not.toBe("content-type");
        const h = deref(doc, header);
        expect(h.description, `${pointer} ${name}`).toBeTruthy();
        expect(h).not.toHaveProperty("name");
        expect(h).not.toHaveProperty("in");
      }
    }
  });

  it("requires the bearer key everywhere except on the document itself", () => {
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const { operation } of operations) {
      for (const requirement of operation.security ?? doc.security)
        for (const scheme of Object.keys(requirement))
          expect(doc.components.securitySchemes).toHaveProperty(scheme);
      if (operation.operationId === "getOpenApiDocument") expect(operation.security).toEqual([]);
      else if (operation.operationId === "getDocumentFile")
        expect(operation.security).toEqual([{ bearerAuth: [] }, { fileLinkSignature: [] }]);
      else expect(operation.security).toBeUndefined();
    }
  });
});

describe("the OpenAPI document: JSON Schema (ajv 8, draft 2020-12, strict)", () => {
  it("compiles every component schema", () => {
    for (const name of Object.keys(doc.components.schemas))
      expect(() => schemas.compile(`#/components/schemas/${name}`), name).not.toThrow();
  });

  it("compiles every parameter, header and media type schema", () => {
    const pointers = [...walk(doc)]
      .filter(({ pointer }) => /\/schema$/.test(pointer) && !pointer.startsWith("#/components/schemas/"))
      .map(({ pointer }) => pointer);
    expect(pointers.length).toBeGreaterThan(30);
    for (const pointer of pointers) expect(() => schemas.compile(pointer), pointer).not.toThrow();
  });

  it("validates every example against its schema", () => {
    let count = 0;
    for (const { schemaPointer, examples } of mediaTypes) {
      for (const example of examples) {
        expect(schemas.errors(schemaPointer, example), schemaPointer).toEqual([]);
        count++;
      }
    }
    for (const { pointer, node } of walk(doc)) {
      if (!pointer.endsWith("/schema") || typeof node !== "object" || node === null) continue;
      const examples = (node as { examples?: unknown[] }).examples ?? [];
      for (const example of examples) {
        expect(schemas.errors(pointer, example), pointer).toEqual([]);
        count++;
      }
    }
    expect(count).toBeGreaterThan(20);
  });

  it("marks nullable exactly the Document fields the domain type allows to be null", () => {
    const validate = (data: unknown) => schemas.errors("#/components/schemas/Document", data);
    const example = deref<Response>(doc, operationById("getDocument").operation.responses["200"]!).content?.[
      "application/json"
    ]?.examples?.invoice?.value as Record<string, unknown>;
    for (const field of ["currency", "total", "amounts", "customer", "sunat", "status_details", "hash"])
      expect(validate({ ...example, [field]: null }), field).toEqual([]);
    for (const field of ["id", "livemode", "type", "series", "number", "status", "issue_date", "links"])
      expect(validate({ ...example, [field]: null }), field).not.toEqual([]);
    for (const field of Object.keys(example)) {
      const { [field]: _, ...without } = example;
      expect(validate(without), `${field} is required`).not.toEqual([]);
    }
  });
});

describe("the OpenAPI document: request schemas", () => {
  // The logo's body is the image itself, not JSON: checked by its own use case, not by ajv.
  const bodies = operations.flatMap(({ operation, pointer }) =>
    operation.requestBody && operation.operationId !== "setCompanyLogo"
      ? [{ body: operation.requestBody, pointer }]
      : [],
  );

  it("take the logo as the image's bytes, PNG or JPEG", () => {
    const body = operationById("setCompanyLogo").operation.requestBody as RequestBody;
    expect(body.required).toBe(true);
    expect(Object.keys(body.content)).toEqual(["image/png", "image/jpeg"]);
  });
  const bodySchema = (body: RequestBody) => deref(doc, body.content["application/json"]!.schema as never);

  it("are the very objects RequestValidator compiles with ajv", () => {
    const compile = vi.spyOn(Ajv.prototype, "compile");
    try {
      new RequestValidator();
      const compiled = compile.mock.calls.map(([schema]) => schema);
      expect(compiled).toHaveLength(Object.keys(requestSchemas).length);
      for (const [name, schema] of Object.entries(requestSchemas)) {
        expect(doc.components.schemas[name]).toBe(schema);
        expect(compiled).toContain(schema);
      }
      expect(bodies.length).toBe(13);
      for (const { body, pointer } of bodies) {
        expect(body.required, pointer).toBe(true);
        expect(Object.keys(body.content), pointer).toEqual(["application/json"]);
        expect(compiled, pointer).toContain(bodySchema(body));
      }
    } finally {
      compile.mockRestore();
    }
  });

  it("accept README.md's example invoice, which is also the document's example", () => {
    const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
    const match = /curl -s "\$BASE_URL\/v1\/invoices"[\s\S]*?-d '([^']+)'/.exec(readme);
    expect(match, "README's invoice example").not.toBeNull();
    const example = JSON.parse(match![1]!);
    const { pointer } = operationById("createInvoice");
    const schemaPointer = `${pointer}/requestBody/content/application~1json/schema`;
    expect(schemas.errors(schemaPointer, example)).toEqual([]);
    expect(schemas.errors("#/components/schemas/InvoiceRequest", example)).toEqual([]);
    expect(new RequestValidator().invoice(example)).toEqual([]);
    expect(example).toEqual(invoiceRequestExample);
  });

  it("agree with the gateway's validator on bodies it refuses", () => {
    const validator = new RequestValidator();
    const refused = [
      {},
      { ...invoiceRequestExample, colour: "red" },
      { ...invoiceRequestExample, items: [] },
      { ...invoiceRequestExample, issue_date: "2026-13-40" },
      { ...invoiceRequestExample, items: [{ description: "x", quantity: 1, unit_price: 10 }] },
    ];
    for (const body of refused) {
      expect(validator.invoice(body), JSON.stringify(body)).not.toEqual([]);
      expect(schemas.errors("#/components/schemas/InvoiceRequest", body), JSON.stringify(body)).not.toEqual(
        [],
      );
    }
  });
});

describe("the OpenAPI document: errors", () => {
  const errorResponses = responses.filter(({ status }) => /^[45]/.test(status));

  it("answers every error with the Error schema and the Request-Id header", () => {
    expect(errorResponses.length).toBeGreaterThan(20);
    for (const { pointer, response } of errorResponses) {
      expect(response.content?.["application/json"]?.schema, pointer).toEqual({
        $ref: "#/components/schemas/Error",
      });
      expect(response.headers?.["Request-Id"], pointer).toBeDefined();
    }
  });

  it("shows examples whose status is the response's and whose code the description lists", () => {
    const byBody = new Map(Object.values(publicErrors).map((e) => [JSON.stringify(e.toBody()), e]));
    for (const { status, pointer, response } of errorResponses) {
      const examples = Object.values(response.content?.["application/json"]?.examples ?? {});
      expect(examples.length, pointer).toBeGreaterThan(0);
      for (const { value } of examples) {
        const error = byBody.get(JSON.stringify(value));
        expect(error, pointer).toBeDefined();
        expect(String(error!.status), pointer).toBe(status);
        expect(response.description, pointer).toContain(`\`${error!.code}\``);
      }
    }
  });

  it("documents every status and type the single table of public errors produces", () => {
    const documented = new Set(errorResponses.map(({ status }) => status));
    const codes = Object.values(Code).filter((c): c is Code => typeof c === "number");
    for (const code of codes) {
      const error = publicErrorFromConnect(new ConnectError("x", code));
      expect(documented, `Connect ${Code[code]}`).toContain(String(error.status));
      expect(ERROR_TYPES).toContain(error.type);
    }
    // The table's fixed codes (those not chosen by a service's reason) appear as such.
    const shown = new Set(Object.values(publicErrors).map((e) => e.code));
    for (const code of [Code.Unauthenticated, Code.ResourceExhausted, Code.Unavailable, Code.Internal])
      expect(shown).toContain(publicErrorFromConnect(new ConnectError("x", code)).code);
  });

  it("lists for each operation the errors its route can answer", () => {
    const statuses = (id: string) => Object.keys(operationById(id).operation.responses).sort();
    const authed = ["401", "429", "500", "503"];
    const body = ["400", "413", "415", "422"];
    expect(statuses("createInvoice")).toEqual(["201", "202", ...authed, ...body, "409"].sort());
    expect(statuses("createReceipt")).toEqual(statuses("createInvoice"));
    // Notes share the create contract: 201 once the verdict came within `Prefer: wait`, 202 while pending.
    expect(statuses("createCreditNote")).toEqual(statuses("createInvoice"));
    expect(statuses("createDebitNote")).toEqual(statuses("createInvoice"));
    expect(statuses("getDocument")).toEqual(["200", "404", ...authed].sort());
    expect(statuses("getDocumentFile")).toEqual(["200", "304", "403", "404", "422", ...authed].sort());
    expect(statuses("listEvents")).toEqual(["200", "422", ...authed].sort());
    expect(statuses("listDocuments")).toEqual(["200", "422", ...authed].sort());
    expect(statuses("getEvent")).toEqual(["200", "404", ...authed].sort());
    expect(statuses("getCompany")).toEqual(["200", ...authed].sort());
    expect(statuses("setCompanyCertificate")).toEqual(["200", ...authed, ...body].sort());
    expect(statuses("setSolCredentials")).toEqual(["200", ...authed, ...body].sort());
    expect(statuses("getOpenApiDocument")).toEqual(["200"]);
  });
});
