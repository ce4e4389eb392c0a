import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromJson, type JsonObject } from "@bufbuild/protobuf";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { FilesystemObjectStore } from "@einvoice/objects";
import { createLogger, newId, notFound } from "@einvoice/platform";
import {
  DocumentSchema,
  EventSchema,
  NotificationService,
  NumberingService,
  NumberingServiceEncoded,
  RenderingService,
  SigningService,
  StreamService,
  SubmissionService,
  TaxService,
  TaxServiceEncoded,
} from "@einvoice/proto";
import { SqliteStore } from "@einvoice/store";
import { taxRoutes } from "@einvoice/tax/routes";
import type Koa from "koa";
import { apiKeysCollection } from "../src/adapters/api-key-repository.js";
import { companiesCollection } from "../src/adapters/company-repository.js";
import { companySettingsCollection } from "../src/adapters/company-settings-repository.js";
import { idempotencyCollection } from "../src/adapters/idempotency-repository.js";
import { IssueBatcher } from "../src/adapters/issue-batcher.js";
import { TaxBatcher } from "../src/adapters/tax-batcher.js";
import { createApp } from "../src/http/app.js";
import type { GatewayDeps } from "../src/http/context.js";
import { acceptedDocument, acceptedEvent, pendingDocument } from "../src/openapi/document-examples.js";
import { CREATE_EXAMPLES } from "../src/openapi/request-examples.js";
import { RequestValidator } from "../src/schemas/validate.js";
import { ApiKeyHasher } from "../src/usecases/api-keys.js";
import { CreateApiKey } from "../src/usecases/create-api-key.js";
import { CreateCompany } from "../src/usecases/create-company.js";
import { FileLinks } from "../src/usecases/file-links.js";
import { DocumentWaiter } from "../src/waiters/document-waiter.js";

/**
 * The gateway app alone, for tests of what it serves: createApp with a real in-memory store (so keys
 * authenticate), a filesystem object store in a temporary folder, the tax service's own handlers in process, and
 * in-process Connect services that answer with the documented examples as proto messages, on a free 127.0.0.1
 * port. Nothing else is booted.
 */
export interface TestGateway {
  app: Koa;
  baseUrl: string;
  apiKey: string;
  documentId: string;
  eventId: string;
  stop(): Promise<void>;
}

const [example] = CREATE_EXAMPLES;

/** `overrides` replaces dependencies, e.g. a client pointed at a service that never answers. */
export async function startTestGateway(overrides: Partial<GatewayDeps> = {}): Promise<TestGateway> {
  const documentId = newId("doc");
  const eventId = newId("evt");
  const xmlKey = `documents/${documentId}/20000000001-01-F001-1.xml`;
  const exampleLinks = acceptedDocument(example!).links;
  const accepted = {
    ...acceptedDocument(example!),
    id: documentId,
    links: Object.fromEntries(
      Object.entries(exampleLinks).map(([kind, url]) => [
        kind,
        url?.replace(/doc_[^/]+/, documentId) ?? null,
      ]),
    ),
  };
  const pending = { ...pendingDocument(example!), id: documentId };
  const documentMessage = (json: object) => fromJson(DocumentSchema, json as JsonObject);
  const eventJson: object = { ...acceptedEvent(example!), id: eventId, data: { document: accepted } };
  const event = fromJson(EventSchema, eventJson as JsonObject);
  const certificate = {
    subject: "CN=EMPRESA DE PRUEBA SAC, serialNumber=20000000001",
    issuer: "CN=Test CA",
    serialNumber: "0A1B2C",
    fingerprintSha256: "AA:BB:CC",
    notBefore: "2026-01-01T00:00:00.000Z",
    expiresAt: "2027-01-01T00:00:00.000Z",
    source: "uploaded",
  };

  const services = createRouterTransport((router) => {
    taxRoutes()(router);
    router.service(NumberingService, {
      issueDocument: () => ({ document: documentMessage(pending) }),
      issueDocuments: (req) => ({
        results: req.items.map(() => ({ outcome: { case: "document", value: documentMessage(pending) } })),
      }),
      getDocument: (req) => {
        if (req.id !== documentId) throw notFound("document", req.id);
        return { document: documentMessage(accepted), files: { xml: xmlKey } };
      },
      listDocuments: () => ({ documents: [documentMessage(accepted)], hasMore: false }),
    });
    router.service(NotificationService, {
      listEvents: () => ({ events: [event], hasMore: false }),
      getEvent: (req) => {
        if (req.id !== eventId) throw notFound("event", req.id);
        return { event };
      },
    });
    router.service(SigningService, {
      getSigningStatus: () => ({ hasCertificate: true, certificate }),
      uploadCertificate: () => ({ certificate }),
    });
    router.service(SubmissionService, {
      getSubmission: () => ({}),
      setSolCredentials: (req) => ({ solUser: req.user }),
      getSubmissionSetup: () => ({ hasSolCredentials: true, solUser: "MODDATOS" }),
    });
  });

  const objectsDir = await mkdtemp(join(tmpdir(), "gateway-objects-"));
  const objects = await FilesystemObjectStore.open(objectsDir);
  await objects.put(xmlKey, Buffer.from("<Invoice/>"), "application/xml");
  const store = SqliteStore.open(":memory:");
  await store.ensure([
    companiesCollection,
    apiKeysCollection,
    idempotencyCollection,
    companySettingsCollection,
  ]);
  const company = await new CreateCompany(store).execute({
    ruc: "20000000001",
    legal_name: "EMPRESA DE PRUEBA SAC",
    address: { line: "AV. PRUEBA 123", ubigeo: "150101" },
  });
  const apiKeyHasher = new ApiKeyHasher(randomBytes(32));
  const apiKey = (await new CreateApiKey(store, apiKeyHasher).execute(company._id, false)).secret;
  // The creates go through batchers over the encoded views of the in-process numbering and tax, as the gateway's
  // main sends them; a test that replaces numbering's or tax's creates, or needs a batcher's deadline shorter than
  // 5 s, passes its own `issues` or `computes` (and `taxEncoded` for notes).
  const numbering = overrides.numbering ?? createClient(NumberingService, services);
  const tax = overrides.tax ?? createClient(TaxService, services);
  const taxEncoded = overrides.taxEncoded ?? createClient(TaxServiceEncoded, services);
  const app = createApp({
    store,
    objects,
    numbering,
    issues: new IssueBatcher(createClient(NumberingServiceEncoded, services), { timeoutMs: 5_000 }),
    notification: createClient(NotificationService, services),
    signing: createClient(SigningService, services),
    submission: createClient(SubmissionService, services),
    tax,
    taxEncoded,
    computes: new TaxBatcher(taxEncoded, { timeoutMs: 5_000 }),
    stream: createClient(StreamService, services),
    // No renderer is served here: a ticket render would be a 503 (these tests' documents have no ticket key).
    rendering: createClient(RenderingService, services),
    eventStream: { heartbeatMs: 15_000, maxBufferedBytes: 1024 * 1024, retryMs: 1_000, openTimeoutMs: 2_000 },
    validator: new RequestValidator(),
    waiter: new DocumentWaiter(),
    logger: createLogger("gateway", "silent"),
    maxWaitSeconds: 60,
    maxBodyBytes: 4096,
    apiKeyHasher,
    rateLimits: {
      perCaller: { capacity: 1_000, refillPerSecond: 1_000 },
      authFailures: { capacity: 1_000, refillPerSecond: 1_000 },
    },
    readiness: async () => {},
    fileLinks: new FileLinks({ secret: randomBytes(32), ttlSeconds: 3600 }),
    ...overrides,
  });
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return {
    app,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    documentId,
    eventId,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
      await rm(objectsDir, { recursive: true, force: true });
    },
  };
}
