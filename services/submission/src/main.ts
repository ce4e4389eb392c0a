import { connectBroker, consumers, ensureTopology, startConsumer } from "@einvoice/broker";
import { openObjectStore } from "@einvoice/objects";
import { createLogger, objectStoreConfig, runService, serveRpcAndOps, storeConfig } from "@einvoice/platform";
import { openStore } from "@einvoice/store";
import { HttpBillServiceClient } from "./adapters/bill-service-client.js";
import { submissionsCollection } from "./adapters/submission-repository.js";
import { loadSubmissionEnv } from "./env.js";
import { submissionRoutes } from "./rpc/submission-routes.js";
import { type EndpointResolver, SubmitDocument } from "./usecases/submit-document.js";

const env = loadSubmissionEnv();
const logger = createLogger("submission", env.LOG_LEVEL);

await runService(logger, async (lifecycle) => {
  const store = lifecycle.add("store", await openStore(storeConfig(env, "submission")), (s) => s.close());
  await store.ensure([submissionsCollection]);
  const objects = await openObjectStore(objectStoreConfig(env));
  const broker = lifecycle.add(
    "broker",
    await connectBroker({ url: env.NATS_URL, name: "submission" }),
    (b) => b.close(),
  );
  await ensureTopology(broker.jsm, [consumers.submissionSigned]);

  const endpointFor: EndpointResolver = (signed) => {
    if (!signed.livemode) {
      return {
        billUrl: env.SUNAT_TEST_BILL_URL,
        username: env.SUNAT_TEST_SOL_USER,
        password: env.SUNAT_TEST_SOL_PASSWORD,
        simulated: env.SUNAT_TEST_SIMULATED,
      };
    }
    // Live SOL credentials per company arrive with the live-mode work; until then live documents wait here.
    throw new Error("live submission needs the company's SOL credentials, which are not configured");
  };
  const submit = new SubmitDocument(
    store,
    objects,
    broker,
    new HttpBillServiceClient(env.SUNAT_TIMEOUT_MS),
    endpointFor,
  );
  lifecycle.add(
    "signed-consumer",
    await startConsumer(broker.js, consumers.submissionSigned, (p, ctx) => submit.execute(p, ctx), logger),
    (c) => c.stop(),
  );

  await serveRpcAndOps(lifecycle, {
    service: "submission",
    host: env.HOST,
    rpcPort: env.RPC_PORT,
    opsPort: env.OPS_PORT,
    logger,
    routes: submissionRoutes(store),
    checks: { store: () => store.ping(), broker: () => broker.ping(), objects: () => objects.ping() },
  });
});
