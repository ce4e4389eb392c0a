import { newId } from "@einvoice/platform";
import type { Router } from "@koa/router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DocumentSchemas,
  deref,
  isReference,
  pointerToken,
  resolvePointer,
} from "../../test-support/openapi-validation.js";
import { startTestGateway, type TestGateway } from "../../test-support/test-gateway.js";
import { buildOpenApiDocument, OPENAPI_PATH } from "./openapi-document.js";
import { HTTP_METHODS, type Response } from "./openapi-types.js";
import { createExamples, invoiceRequestExample } from "./request-examples.js";

/**
 * The document against the running gateway app (`startTestGateway`: a real in-memory store, so keys
 * authenticate, and in-process Connect services answering proto messages). Every answer must be documented: its
 * status on the operation, its media type, its body valid against the schema, its error code listed, its headers.
 */

const doc = buildOpenApiDocument();
const schemas = new DocumentSchemas(doc);

let gateway: TestGateway;
let documentId: string;
let eventId: string;

beforeAll(async () => {
  gateway = await startTestGateway();
  ({ documentId, eventId } = gateway);
});

afterAll(async () => {
  await gateway?.stop();
});

interface Call {
  key?: string | null;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

async function call(method: string, path: string, options: Call = {}) {
  const key = options.key === undefined ? gateway.apiKey : options.key;
  const headers: Record<string, string> = { ...options.headers };
  if (key) headers.authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["content-type"] = options.contentType ?? "application/json";
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  const res = await fetch(`${gateway.baseUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const mediaType = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    mediaType,
    body: mediaType === "application/json" ? JSON.parse(text) : text,
  };
}

type Answer = Awaited<ReturnType<typeof call>>;

const operation = (operationId: string) => {
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of HTTP_METHODS) {
      const found = item[method];
      if (found?.operationId === operationId)
        return { operation: found, pointer: `#/paths/${pointerToken(path)}/${method}` };
    }
  throw new Error(`no operation ${operationId}`);
};

/** The answer is one the operation documents: status, media type, body, error code and headers. */
function expectDocumented(operationId: string, answer: Answer): Response {
  const { operation: op, pointer } = operation(operationId);
  const status = String(answer.status);
  const declared = op.responses[status];
  expect(declared, `${operationId} documents ${status}: ${JSON.stringify(answer.body)}`).toBeDefined();
  const response = deref<Response>(doc, declared!);
  const at = isReference(declared) ? declared.$ref : `${pointer}/responses/${status}`;
  expect(Object.keys(response.content ?? {}), `${operationId} ${status}`).toContain(answer.mediaType);
  const media = response.content![answer.mediaType]!;
  if (media.schema) {
    const schemaAt = `${at}/content/${pointerToken(answer.mediaType)}/schema`;
    expect(schemas.errors(schemaAt, answer.body), `${operationId} ${status} body`).toEqual([]);
  }
  if (answer.status >= 400) expect(response.description).toContain(`\`${answer.body.error.code}\``);
  const documentedHeaders = Object.entries(response.headers ?? {}).map(([name, header]) => ({
    name: name.toLowerCase(),
    required: deref(doc, header).required === true,
  }));
  for (const { name, required } of documentedHeaders)
    if (required) expect(answer.headers.has(name), `${operationId} ${status} sends ${name}`).toBe(true);
  for (const name of [
    "location",
    "preference-applied",
    "request-id",
    "content-disposition",
    "idempotent-replayed",
    "retry-after",
  ])
    if (answer.headers.has(name))
      expect(
        documentedHeaders.map((h) => h.name),
        `${operationId} ${status} documents ${name}`,
      ).toContain(name);
  return response;
}

/** The body has exactly the properties of the component schema (no undocumented field, none missing). */
function expectExactKeys(schemaName: string, body: Record<string, unknown>) {
  const schema = resolvePointer(doc, `#/components/schemas/${schemaName}`) as { properties: object };
  expect(Object.keys(body).sort(), schemaName).toEqual(Object.keys(schema.properties).sort());
}

describe("GET /v1/openapi.json", () => {
  it("answers 200 JSON without a key: the document", async () => {
    const answer = await call("GET", OPENAPI_PATH, { key: null });
    expect(answer.status).toBe(200);
    expect(answer.mediaType).toBe("application/json");
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(doc)));
    expectDocumented("getOpenApiDocument", answer);
  });

  it("leaves every other route behind the key", async () => {
    const answer = await call("GET", "/v1/company", { key: null });
    expect(answer.status).toBe(401);
    expectDocumented("getCompany", answer);
  });
});

describe("route coverage", () => {
  it("mounts every operation of the list in the app, and nothing else", () => {
    const routers = gateway.app.middleware
      .map((middleware) => (middleware as unknown as { router?: Router }).router)
      .filter((router): router is Router => router !== undefined);
    expect(routers.length).toBeGreaterThan(0);
    const shape = (path: string) => path.replace(/:[^/]+/g, "{}").replace(/\{[^}]+\}/g, "{}");
    const served = routers.flatMap((router) =>
      router.stack.flatMap((layer) =>
        layer.methods.filter((m) => m !== "HEAD").map((m) => `${m} ${shape(String(layer.path))}`),
      ),
    );
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${shape(path)}`),
    );
    expect(served.length).toBeGreaterThanOrEqual(9);
    expect(documented.sort()).toEqual(served.sort());
  });
});

describe("answers as documented", () => {
  it("GET /v1/company", async () => {
    const answer = await call("GET", "/v1/company");
    expect(answer.status).toBe(200);
    expectDocumented("getCompany", answer);
    expectExactKeys("Company", answer.body);
    expectExactKeys("Certificate", answer.body.certificate);
    expectExactKeys("CompanyAddress", answer.body.address);
    expectDocumented("getCompany", await call("GET", "/v1/company", { key: "sk_test_unknown" }));
  });

  it("PUT /v1/company/sol_credentials", async () => {
    const answer = await call("PUT", "/v1/company/sol_credentials", {
      body: { user: "MODDATOS", password: "moddatos" },
    });
    expect(answer.status).toBe(200);
    expectDocumented("setSolCredentials", answer);
    expectExactKeys("SolCredentials", answer.body);
    const refused = await call("PUT", "/v1/company/sol_credentials", {
      body: { user: "MOD DATOS", password: "x" },
    });
    expect(refused.status).toBe(422);
    expectDocumented("setSolCredentials", refused);
    const tooLarge = await call("PUT", "/v1/company/sol_credentials", {
      body: { user: "MODDATOS", password: "x".repeat(5000) },
    });
    expect(tooLarge.status).toBe(413);
    expectDocumented("setSolCredentials", tooLarge);
  });

  it("PUT /v1/company/igv_regime: the company answers with it, GET shows it, per mode", async () => {
    const answer = await call("PUT", "/v1/company/igv_regime", {
      body: { igv_regime: "restaurants_hotels" },
    });
    expect(answer.status).toBe(200);
    expectDocumented("setIgvRegime", answer);
    expectExactKeys("Company", answer.body);
    expect(answer.body.igv_regime).toBe("restaurants_hotels");
    expect((await call("GET", "/v1/company")).body.igv_regime).toBe("restaurants_hotels");
    const refused = await call("PUT", "/v1/company/igv_regime", { body: { igv_regime: "hotels" } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.param).toBe("igv_regime");
    expectDocumented("setIgvRegime", refused);
    const back = await call("PUT", "/v1/company/igv_regime", { body: { igv_regime: "general" } });
    expect(back.body.igv_regime).toBe("general");
  });

  it("PUT /v1/company/certificate", async () => {
    const answer = await call("PUT", "/v1/company/certificate", {
      body: { certificate: "-----BEGIN CERTIFICATE-----", private_key: "-----BEGIN PRIVATE KEY-----" },
    });
    expect(answer.status).toBe(200);
    expectDocumented("setCompanyCertificate", answer);
    expectExactKeys("Certificate", answer.body);
    const notJson = await call("PUT", "/v1/company/certificate", {
      body: "pfx=x",
      contentType: "text/plain",
    });
    expect(notJson.status).toBe(415);
    expectDocumented("setCompanyCertificate", notJson);
    const neither = await call("PUT", "/v1/company/certificate", { body: {} });
    expect(neither.status).toBe(422);
    expectDocumented("setCompanyCertificate", neither);
  });

  it("POST /v1/invoices with Prefer: wait → 201 with Location and Preference-Applied", async () => {
    const answer = await call("POST", "/v1/invoices", {
      body: invoiceRequestExample,
      headers: { prefer: "wait=5" },
    });
    expect(answer.status).toBe(201);
    expectDocumented("createInvoice", answer);
    expectExactKeys("Document", answer.body);
    expect(answer.headers.get("location")).toBe(`/v1/documents/${documentId}`);
    expect(answer.headers.get("preference-applied")).toBe("wait=5");
  });

  it("POST /v1/invoices with Idempotency-Key: the replay, a reused key and a malformed one", async () => {
    const key = `test-${newId("req")}`;
    const first = await call("POST", "/v1/invoices", {
      body: invoiceRequestExample,
      headers: { "idempotency-key": key },
    });
    expectDocumented("createInvoice", first);
    const replay = await call("POST", "/v1/invoices", {
      body: invoiceRequestExample,
      headers: { "idempotency-key": key },
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expectDocumented("createInvoice", replay);
    const reused = await call("POST", "/v1/invoices", {
      body: { ...invoiceRequestExample, series: "F009" },
      headers: { "idempotency-key": key },
    });
    expect(reused.status).toBe(422);
    expectDocumented("createInvoice", reused);
    const malformed = await call("POST", "/v1/invoices", {
      body: invoiceRequestExample,
      headers: { "idempotency-key": "x".repeat(256) },
    });
    expect(malformed.status).toBe(400);
    expectDocumented("createInvoice", malformed);
  });

  it("POST /v1/receipts without Prefer → 202 with Location", async () => {
    const answer = await call("POST", "/v1/receipts", { body: createExamples("receipt")[0]!.request });
    expect(answer.status).toBe(202);
    expectDocumented("createReceipt", answer);
    expect(answer.headers.has("preference-applied")).toBe(false);
  });

  it("POST /v1/invoices refusals: bad JSON, bad shape", async () => {
    const badJson = await call("POST", "/v1/invoices", { body: "{" });
    expect(badJson.status).toBe(400);
    expectDocumented("createInvoice", badJson);
    const badShape = await call("POST", "/v1/invoices", { body: {} });
    expect(badShape.status).toBe(422);
    expectDocumented("createInvoice", badShape);
    expect(badShape.body.error.errors.length).toBeGreaterThan(0);
  });

  it("GET /v1/documents/{id}", async () => {
    const answer = await call("GET", `/v1/documents/${documentId}`);
    expect(answer.status).toBe(200);
    expectDocumented("getDocument", answer);
    expectExactKeys("Document", answer.body);
    expectDocumented("getDocument", await call("GET", "/v1/documents/doc_nope"));
    const other = await call("GET", `/v1/documents/${newId("doc")}`);
    expect(other.status).toBe(404);
    expectDocumented("getDocument", other);
  });

  it("GET /v1/files/{document_id}/{kind}", async () => {
    const answer = await call("GET", `/v1/files/${documentId}/xml`);
    expect(answer.status).toBe(200);
    expectDocumented("getDocumentFile", answer);
    for (const path of [
      `/v1/files/${documentId}/cdr`,
      `/v1/files/${documentId}/txt`,
      "/v1/files/doc_nope/xml",
    ]) {
      const missing = await call("GET", path);
      expect(missing.status, path).toBe(404);
      expectDocumented("getDocumentFile", missing);
    }
  });

  it("GET /v1/documents", async () => {
    const list = await call("GET", "/v1/documents?limit=5&type=01&issue_date[gte]=2026-06-01");
    expect(list.status).toBe(200);
    expectDocumented("listDocuments", list);
    expectExactKeys("DocumentList", list.body);
    const bad = await call("GET", "/v1/documents?limit=101&status=lost&issue_date[lte]=2026-02-30");
    expect(bad.status).toBe(422);
    expectDocumented("listDocuments", bad);
    expect(bad.body.error.errors.map((e: { param: string }) => e.param)).toEqual([
      "limit",
      "status",
      "issue_date[lte]",
    ]);
  });

  it("GET /v1/events and /v1/events/{id}", async () => {
    const list = await call("GET", "/v1/events?limit=5&type=document.accepted");
    expect(list.status).toBe(200);
    expectDocumented("listEvents", list);
    expectExactKeys("EventList", list.body);
    expectExactKeys("Event", list.body.data[0]);
    const badLimit = await call("GET", "/v1/events?limit=0");
    expect(badLimit.status).toBe(422);
    expectDocumented("listEvents", badLimit);
    const one = await call("GET", `/v1/events/${eventId}`);
    expect(one.status).toBe(200);
    expectDocumented("getEvent", one);
    const missing = await call("GET", `/v1/events/${newId("evt")}`);
    expect(missing.status).toBe(404);
    expectDocumented("getEvent", missing);
  });
});
