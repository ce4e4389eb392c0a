import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { JsonObject } from "@bufbuild/protobuf";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import type { DocumentResource } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import { createLogger, newId, notFound } from "@einvoice/platform";
import {
  NotificationService,
  NumberingService,
  SigningService,
  SubmissionService,
  TaxService,
} from "@einvoice/proto";
import { SqliteStore } from "@einvoice/store";
import type { Router } from "@koa/router";
import type Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeysCollection } from "../adapters/api-key-repository.js";
import { companiesCollection } from "../adapters/company-repository.js";
import { createApp } from "../http/app.js";
import { RequestValidator } from "../schemas/validate.js";
import { CreateApiKey } from "../usecases/create-api-key.js";
import { CreateCompany } from "../usecases/create-company.js";
import { DocumentWaiter } from "../waiters/document-waiter.js";
import { documentExample, eventExample, invoiceRequestExample, receiptRequestExample } from "./examples.js";
import { buildOpenApiDocument, OPENAPI_PATH } from "./openapi-document.js";
import { HTTP_METHODS, type Response } from "./openapi-types.js";
import { DocumentSchemas, deref, isReference, pointerToken, resolvePointer } from "./test-support.js";

/**
 * The document against the running gateway: createApp with a real in-memory store (so keys authenticate) and
 * in-process Connect stubs for the services, on a free port. Every answer must be documented: its status on
 * the operation, its media type, its body valid against the schema, its error code listed, its headers.
 */

const doc = buildOpenApiDocument();
const schemas = new DocumentSchemas(doc);

const documentId = newId("doc");
const eventId = newId("evt");
const xmlKey = `documents/${documentId}/20000000001-01-F001-1.xml`;
const accepted: DocumentResource = {
  ...documentExample,
  id: documentId,
  links: { ...documentExample.links, xml: `http://127.0.0.1/v1/files/${documentId}/xml` },
};
const pending: DocumentResource = { ...accepted, status: "pending", sunat: null, hash: null };
const asJson = (value: unknown) => value as JsonObject;
const certificate = {
  subject: "CN=EMPRESA DE PRUEBA SAC, serialNumber=20000000001",
  issuer: "CN=Test CA",
  serialNumber: "0A1B2C",
  fingerprintSha256: "AA:BB:CC",
  notBefore: "2026-01-01T00:00:00.000Z",
  expiresAt: "2027-01-01T00:00:00.000Z",
  source: "uploaded",
};

function stubDeps() {
  const tax = createClient(
    TaxService,
    createRouterTransport((r) =>
      r.service(TaxService, { computeDocument: () => ({ document: asJson({ series: "F001" }) }) }),
    ),
  );
  const numbering = createClient(
    NumberingService,
    createRouterTransport((r) =>
      r.service(NumberingService, {
        issueDocument: () => ({ document: asJson(pending) }),
        getDocument: (req) => {
          if (req.id !== documentId) throw notFound("document", req.id);
          return { document: asJson(accepted), files: { xml: xmlKey } };
        },
      }),
    ),
  );
  const event = { ...eventExample, id: eventId, data: { object: asJson(accepted) } };
  const notification = createClient(
    NotificationService,
    createRouterTransport((r) =>
      r.service(NotificationService, {
        listEvents: () => ({ events: [asJson(event)], hasMore: false }),
        getEvent: (req) => {
          if (req.id !== eventId) throw notFound("event", req.id);
          return { event: asJson(event) };
        },
      }),
    ),
  );
  const signing = createClient(
    SigningService,
    createRouterTransport((r) =>
      r.service(SigningService, {
        getSigningStatus: () => ({ hasCertificate: true, certificate }),
        uploadCertificate: () => ({ certificate }),
      }),
    ),
  );
  const submission = createClient(
    SubmissionService,
    createRouterTransport((r) =>
      r.service(SubmissionService, {
        getSubmission: () => ({}),
        setSolCredentials: (req) => ({ solUser: req.user }),
        getSubmissionSetup: () => ({ hasSolCredentials: true, solUser: "MODDATOS" }),
      }),
    ),
  );
  const objects = {
    get: async (key: string) =>
      key === xmlKey ? { body: Buffer.from("<Invoice/>"), contentType: "application/xml" } : null,
  } as unknown as ObjectStore;
  return { tax, numbering, notification, signing, submission, objects };
}

let store: SqliteStore;
let app: Koa;
let server: Server;
let baseUrl: string;
let apiKey: string;

beforeAll(async () => {
  store = SqliteStore.open(":memory:");
  await store.ensure([companiesCollection, apiKeysCollection]);
  const company = await new CreateCompany(store).execute({
    ruc: "20000000001",
    legal_name: "EMPRESA DE PRUEBA SAC",
    address: { line: "AV. PRUEBA 123", ubigeo: "150101" },
  });
  apiKey = (await new CreateApiKey(store).execute(company._id, false)).secret;
  app = createApp({
    store,
    ...stubDeps(),
    validator: new RequestValidator(),
    waiter: new DocumentWaiter(),
    logger: createLogger("gateway", "silent"),
    maxWaitSeconds: 60,
    maxBodyBytes: 4096,
    readiness: async () => {},
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await store?.close();
});

interface Call {
  key?: string | null;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

async function call(method: string, path: string, options: Call = {}) {
  const key = options.key === undefined ? apiKey : options.key;
  const headers: Record<string, string> = { ...options.headers };
  if (key) headers.authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["content-type"] = options.contentType ?? "application/json";
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  const res = await fetch(`${baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
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
  for (const name of ["location", "preference-applied", "request-id", "content-disposition"])
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
  it("documents every route of the app's router, and nothing the app does not serve", () => {
    const routers = app.middleware
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
    // The document itself is served before authentication, outside the router (and checked above over HTTP).
    expect(documented.sort()).toEqual([...served, `GET ${OPENAPI_PATH}`].sort());
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

  it("POST /v1/receipts without Prefer → 202 with Location", async () => {
    const answer = await call("POST", "/v1/receipts", { body: receiptRequestExample });
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

  it("GET /v1/events and /v1/events/{id}", async () => {
    const list = await call("GET", "/v1/events?limit=5&type=document.accepted");
    expect(list.status).toBe(200);
    expectDocumented("listEvents", list);
    expectExactKeys("EventList", list.body);
    expectExactKeys("Event", list.body.data[0]);
    const badLimit = await call("GET", "/v1/events?limit=0");
    expect(badLimit.status).toBe(400);
    expectDocumented("listEvents", badLimit);
    const one = await call("GET", `/v1/events/${eventId}`);
    expect(one.status).toBe(200);
    expectDocumented("getEvent", one);
    const missing = await call("GET", `/v1/events/${newId("evt")}`);
    expect(missing.status).toBe(404);
    expectDocumented("getEvent", missing);
  });
});
