import {
  connectBroker,
  consumers,
  ensureTopology,
  startConsumer,
  warmUpBroker,
  warmUpCodecs,
} from "@einvoice/broker";
import { isDespatchAdviceType } from "@einvoice/domain";
import { openObjectStore } from "@einvoice/objects";
import {
  createLogger,
  createRpcClient,
  objectStoreConfig,
  resolveMasterKeys,
  runService,
  serveRpcAndOps,
  storeConfig,
  warmUp,
} from "@einvoice/platform";
import { SigningService } from "@einvoice/proto";
import { openStore } from "@einvoice/store";
import { HttpBillServiceClient } from "./adapters/bill-service-client.js";
import { GreCredentialStore, greCredentialsCollection } from "./adapters/gre-credential-repository.js";
import { HeldSlots } from "./adapters/held-slots.js";
import { rucSlotsCollection } from "./adapters/ruc-slots.js";
import { SolCredentialStore, solCredentialsCollection } from "./adapters/sol-credential-repository.js";
import { submissionsCollection } from "./adapters/submission-repository.js";
import { SunatEndpoints } from "./adapters/sunat-endpoints.js";
import { loadSubmissionEnv } from "./env.js";
import { AttemptGreSubmission } from "./gre/attempt-gre-submission.js";
import { HttpGreClient } from "./gre/gre-client.js";
import { GreEndpoints } from "./gre/gre-endpoints.js";
import { GreTokenCache, greTokensCollection } from "./gre/gre-token-cache.js";
import { submissionRoutes } from "./rpc/submission-routes.js";
import { SubmissionScheduler } from "./scheduler/submission-scheduler.js";
import { submissionSecrets } from "./sealed-secrets.js";
import { QueueVoid } from "./summaries/queue-void.js";
import { SummaryBatcher } from "./summaries/summary-batcher.js";
import { summariesCollection, voidItemsCollection } from "./summaries/summary-records.js";
import { SummaryScheduler } from "./summaries/summary-scheduler.js";
import { HttpSummaryServiceClient } from "./summaries/summary-service-client.js";
import { SummaryWorker } from "./summaries/summary-worker.js";
import { AttemptSubmission } from "./usecases/attempt-submission.js";
import { GetSubmission } from "./usecases/get-submission.js";
import { SetGreCredentials } from "./usecases/gre-credentials.js";
import { PublishVerdict } from "./usecases/publish-verdict.js";
import { QueueSubmission } from "./usecases/queue-submission.js";
import { GetSubmissionSetup, SetSolCredentials } from "./usecases/sol-credentials.js";
import { warmUpSubmission } from "./warm-up-submission.js";

const env = loadSubmissionEnv();
const logger = createLogger("submission", env.LOG_LEVEL);

await runService(logger, { niceness: env.NICENESS }, async (lifecycle) => {
  // Before taking work: the first messages would otherwise pay for compiling the codecs every message goes through.
  await warmUp(logger, "codecs", () => warmUpCodecs());
  await warmUp(logger, "SUNAT exchange", () => warmUpSubmission());
  const store = lifecycle.add("store", await openStore(storeConfig(env, "submission"), logger), (s) =>
    s.close(),
  );
  await store.ensure([
    submissionsCollection,
    solCredentialsCollection,
    rucSlotsCollection,
    greCredentialsCollection,
    greTokensCollection,
    voidItemsCollection,
    summariesCollection,
  ]);
  const masterKey = await resolveMasterKeys(
    env.SUBMISSION_MASTER_KEY,
    env.SUBMISSION_MASTER_KEYS_PREVIOUS,
    env.DATA_DIR,
    submissionSecrets.key,
  );
  const solCredentials = new SolCredentialStore(store, masterKey);
  const greCredentials = new GreCredentialStore(store, masterKey);
  const objects = await openObjectStore(objectStoreConfig(env));
  const broker = lifecycle.add(
    "broker",
    await connectBroker({ url: env.NATS_URL, name: "submission" }),
    (b) => b.close(),
  );
  await warmUp(logger, "broker", () => warmUpBroker(broker.nc));
  await ensureTopology(broker.jsm, [consumers.submissionSigned, consumers.submissionVoidRequested], {
    replicas: env.NATS_STREAM_REPLICAS,
  });

  const endpoints = new SunatEndpoints(
    {
      test: {
        billUrl: env.SUNAT_TEST_BILL_URL,
        consultUrl: env.SUNAT_TEST_CONSULT_URL || null,
        simulated: env.SUNAT_TEST_SIMULATED,
      },
      live: {
        billUrl: env.SUNAT_LIVE_BILL_URL,
        consultUrl: env.SUNAT_LIVE_CONSULT_URL || null,
        simulated: env.SUNAT_LIVE_SIMULATED,
      },
    },
    { user: env.SUNAT_TEST_SOL_USER, password: env.SUNAT_TEST_SOL_PASSWORD },
    solCredentials,
  );
  const publishVerdict = new PublishVerdict(store, broker);
  const heldSlots = new HeldSlots();
  const attempt = new AttemptSubmission(
    store,
    objects,
    new HttpBillServiceClient(env.SUNAT_TIMEOUT_MS),
    (record) => endpoints.resolve(record),
    publishVerdict,
    { retryDelaysMs: env.SUBMISSION_RETRY_DELAYS_MS, heldSlots },
    logger,
  );
  const greEndpoints = new GreEndpoints(
    {
      test: {
        securityUrl: env.SUNAT_TEST_GRE_SECURITY_URL,
        cpeUrl: env.SUNAT_TEST_GRE_CPE_URL,
        simulated: env.SUNAT_TEST_SIMULATED,
      },
      live: {
        securityUrl: env.SUNAT_LIVE_GRE_SECURITY_URL,
        cpeUrl: env.SUNAT_LIVE_GRE_CPE_URL,
        simulated: env.SUNAT_LIVE_SIMULATED,
      },
    },
    { clientId: env.SUNAT_TEST_GRE_CLIENT_ID, clientSecret: env.SUNAT_TEST_GRE_CLIENT_SECRET },
    greCredentials,
    endpoints,
  );
  const greAttempt = new AttemptGreSubmission(
    store,
    objects,
    new HttpGreClient(env.SUNAT_TIMEOUT_MS),
    (record) => greEndpoints.resolve(record),
    new GreTokenCache(store, masterKey),
    publishVerdict,
    {
      retryDelaysMs: env.SUBMISSION_RETRY_DELAYS_MS,
      pollFirstMs: env.GRE_TICKET_POLL_FIRST_MS,
      pollMaxMs: env.GRE_TICKET_POLL_MAX_MS,
      heldSlots,
    },
    logger,
  );
  // Guides go over the GRE REST API; everything else over billService.
  const attemptByType = {
    execute: (record: Parameters<typeof attempt.execute>[0]) =>
      isDespatchAdviceType(record.type) ? greAttempt.execute(record) : attempt.execute(record),
  };
  const scheduler = lifecycle.add(
    "scheduler",
    new SubmissionScheduler(
      store,
      attemptByType,
      publishVerdict,
      {
        pollMs: env.SUBMISSION_POLL_MS,
        leaseMs: env.SUBMISSION_LEASE_MS,
        maxInFlight: env.SUBMISSION_MAX_IN_FLIGHT,
        maxPerRuc: env.SUBMISSION_MAX_PER_RUC,
        drainMs: 5_000,
      },
      logger,
      heldSlots,
    ),
    (s) => s.stop(),
  );
  const queue = new QueueSubmission(
    store,
    { deadlineMs: env.SUBMISSION_DEADLINE_MS },
    () => scheduler.wake(),
    undefined,
    (record) => scheduler.admit(record),
  );
  lifecycle.add(
    "signed-consumer",
    await startConsumer(broker.js, consumers.submissionSigned, (p) => queue.execute(p), logger),
    (c) => c.stop(),
  );
  scheduler.start();

  // Voids: documents.void_requested → void items → summaries (RA/RC) → sendSummary, ticket, getStatus.
  const summaryScheduler = lifecycle.add(
    "summary-scheduler",
    new SummaryScheduler(
      store,
      new SummaryBatcher(store, {
        windowMs: env.VOID_BATCH_WINDOW_MS,
        maxLines: env.VOID_BATCH_MAX_LINES,
        deadlineMs: env.VOID_DEADLINE_MS,
      }),
      new SummaryWorker(
        {
          store,
          objects,
          broker,
          client: new HttpSummaryServiceClient(env.SUNAT_TIMEOUT_MS),
          endpoint: (target) => endpoints.resolve(target),
          signing: createRpcClient(SigningService, env.SIGNING_URL, { timeoutMs: 30_000 }),
          logger,
        },
        {
          retryDelaysMs: env.SUBMISSION_RETRY_DELAYS_MS,
          pollFirstMs: env.SUMMARY_POLL_FIRST_MS,
          pollMaxMs: env.SUMMARY_POLL_MAX_MS,
        },
      ),
      { pollMs: env.SUBMISSION_POLL_MS, leaseMs: env.SUBMISSION_LEASE_MS, maxInFlight: 4 },
      logger,
    ),
    (s) => s.stop(),
  );
  const queueVoid = new QueueVoid(store, () => summaryScheduler.wake());
  lifecycle.add(
    "void-requested-consumer",
    await startConsumer(broker.js, consumers.submissionVoidRequested, (p) => queueVoid.execute(p), logger),
    (c) => c.stop(),
  );
  summaryScheduler.start();

  await serveRpcAndOps(lifecycle, {
    service: "submission",
    host: env.HOST,
    rpcPort: env.RPC_PORT,
    opsPort: env.OPS_PORT,
    logger,
    routes: submissionRoutes({
      getSubmission: new GetSubmission(store),
      setSolCredentials: new SetSolCredentials(solCredentials),
      getSubmissionSetup: new GetSubmissionSetup(solCredentials),
      setGreCredentials: new SetGreCredentials(greCredentials),
      greClientId: (scope) => greCredentials.findClientId(scope.companyId, scope.livemode),
    }),
    checks: { store: () => store.ping(), broker: () => broker.ping(), objects: () => objects.ping() },
  });
});
