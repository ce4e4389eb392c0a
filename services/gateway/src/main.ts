import type { AddressInfo } from "node:net";
import { connectBroker, warmUpBroker, warmUpCodecs } from "@einvoice/broker";
import { openObjectStore } from "@einvoice/objects";
import {
  createLogger,
  createRpcClient,
  createRpcTransport,
  objectStoreConfig,
  runService,
  storeConfig,
  warmUp,
  warmUpRpc,
} from "@einvoice/platform";
import {
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
import { openStore } from "@einvoice/store";
import { apiKeysCollection } from "./adapters/api-key-repository.js";
import { companiesCollection } from "./adapters/company-repository.js";
import { companySettingsCollection } from "./adapters/company-settings-repository.js";
import { dependencyHealth } from "./adapters/dependency-health.js";
import { idempotencyCollection } from "./adapters/idempotency-repository.js";
import { IssueBatcher } from "./adapters/issue-batcher.js";
import { legacyCompanyLogosCollection, moveLegacyLogos } from "./adapters/legacy-company-logos.js";
import { TaxBatcher } from "./adapters/tax-batcher.js";
import { dashboardCollections } from "./dashboard/accounts/records.js";
import { loadGatewayEnv } from "./env.js";
import { createApp } from "./http/app.js";
import { createHttpServer } from "./http/http-server.js";
import { RequestValidator } from "./schemas/validate.js";
import { apiKeyHasher, fileLinks } from "./usecases/server-secrets.js";
import { warmUpRequests } from "./usecases/warm-up-requests.js";
import { DocumentWaiter } from "./waiters/document-waiter.js";

const env = loadGatewayEnv();
const logger = createLogger("gateway", env.LOG_LEVEL);

await runService(logger, async (lifecycle) => {
  // Before taking work: the first messages would otherwise pay for compiling the codecs every message goes through.
  await warmUp(logger, "codecs", () => warmUpCodecs());
  const validator = new RequestValidator();
  await warmUp(logger, "request checks", () => warmUpRequests(validator));
  const store = lifecycle.add("store", await openStore(storeConfig(env, "gateway"), logger), (s) =>
    s.close(),
  );
  await store.ensure([
    companiesCollection,
    apiKeysCollection,
    idempotencyCollection,
    ...dashboardCollections,

    companySettingsCollection,
    legacyCompanyLogosCollection,
  ]);
  const movedLogos = await moveLegacyLogos(store);
  if (movedLogos > 0) logger.info({ logos: movedLogos }, "company logos moved into company_settings");
  const objects = await openObjectStore(objectStoreConfig(env));
  const broker = lifecycle.add("broker", await connectBroker({ url: env.NATS_URL, name: "gateway" }), (b) =>
    b.close(),
  );
  await warmUp(logger, "broker", () => warmUpBroker(broker.nc));
  await warmUp(logger, "rpc stack", () => warmUpRpc("gateway", logger));
  const waiter = lifecycle.add("waiter", new DocumentWaiter(), (w) => w.stop());
  waiter.start(broker);

  // Readiness fails from the first moment of shutdown, so balancers stop routing here before the server closes.
  const drain = { draining: false };
  const rpc = { timeoutMs: env.RPC_TIMEOUT_MS };
  // One connection per service called, shared by its clients (the encoded views and the health check among them).
  const to = {
    tax: createRpcTransport(env.TAX_URL, rpc),
    numbering: createRpcTransport(env.NUMBERING_URL, rpc),
    notification: createRpcTransport(env.NOTIFICATION_URL, rpc),
    signing: createRpcTransport(env.SIGNING_URL, rpc),
    submission: createRpcTransport(env.SUBMISSION_URL, rpc),
    // Server streams: their callers bound the wait for the first message themselves.
    stream: createRpcTransport(env.STREAM_URL, { timeoutMs: null }),
    rendering: createRpcTransport(env.RENDERING_URL, rpc),
  };
  // Ready only while every service the API calls reports SERVING on the standard gRPC health check (not
  // rendering: only a ticket not made yet needs it, and that request answers 503 on its own while it is away).
  const { rendering: _optional, ...required } = to;
  const dependencies = Object.entries(required).map(([name, transport]) => dependencyHealth(name, transport));
  const numbering = createRpcClient(NumberingService, to.numbering);
  const tax = createRpcClient(TaxService, to.tax);
  // The create path reads and sends computed documents encoded (the gateway only forwards them), through clients
  // of the same services with those messages' encoded views.
  const taxEncoded = createRpcClient(TaxServiceEncoded, to.tax);
  const numberingEncoded = createRpcClient(NumberingServiceEncoded, to.numbering);
  const app = createApp({
    store,
    objects,
    numbering,
    issues: new IssueBatcher(numberingEncoded, { timeoutMs: env.RPC_TIMEOUT_MS }),
    notification: createRpcClient(NotificationService, to.notification),
    signing: createRpcClient(SigningService, to.signing),
    submission: createRpcClient(SubmissionService, to.submission),
    tax,
    taxEncoded,
    computes: new TaxBatcher(taxEncoded, { timeoutMs: env.RPC_TIMEOUT_MS }),
    stream: createRpcClient(StreamService, to.stream),
    rendering: createRpcClient(RenderingService, to.rendering),
    eventStream: {
      heartbeatMs: env.SSE_HEARTBEAT_MS,
      maxBufferedBytes: env.SSE_MAX_BUFFERED_BYTES,
      retryMs: env.SSE_RETRY_MS,
      openTimeoutMs: env.RPC_TIMEOUT_MS,
    },
    validator,
    waiter,
    logger,
    maxWaitSeconds: env.MAX_WAIT_SECONDS,
    maxBodyBytes: env.MAX_BODY_BYTES,
    apiKeyHasher: await apiKeyHasher(env),
    fileLinks: await fileLinks(env),
    dashboard: {
      signInThrottle: {
        perAddress: env.DASHBOARD_SIGNIN_FAILURES_PER_ADDRESS,
        perAccount: env.DASHBOARD_SIGNIN_FAILURES_PER_ACCOUNT,
      },
    },
    rateLimits: {
      perCaller: { capacity: env.RATE_LIMIT_BURST, refillPerSecond: env.RATE_LIMIT_PER_SECOND },
      authFailures: {
        capacity: env.AUTH_FAILURES_PER_MINUTE,
        refillPerSecond: env.AUTH_FAILURES_PER_MINUTE / 60,
      },
    },
    readiness: async () => {
      if (drain.draining) throw new Error("draining: shutting down");
      await Promise.all([store.ping(), broker.ping(), objects.ping(), ...dependencies.map((d) => d.ready())]);
    },
  });
  const server = createHttpServer(app, {
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: Math.max(env.REQUEST_TIMEOUT_MS, env.HEADERS_TIMEOUT_MS),
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
  }).listen(env.PORT, env.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  lifecycle.add(
    "http",
    server,
    (s) =>
      new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      }),
  );
  // Added last, so stopped first.
  lifecycle.add("readiness", drain, (d) => {
    d.draining = true;
  });
  logger.info({ port: (server.address() as AddressInfo).port }, "gateway ready");
});
