import {
  connectBroker,
  consumers,
  ensureTopology,
  startBatchConsumer,
  startConsumer,
  warmUpBroker,
  warmUpCodecs,
} from "@einvoice/broker";
import { createLogger, runService, serveRpcAndOps, storeConfig, warmUp, warmUpRpc } from "@einvoice/platform";
import { openStore } from "@einvoice/store";
import { documentsCollection } from "./adapters/document-repository.js";
import { type OutboxEntry, OutboxRelay, outboxCollection } from "./adapters/outbox.js";
import { loadNumberingEnv } from "./env.js";
import { numberingRoutes } from "./rpc/numbering-routes.js";
import { ApplyVerdict } from "./usecases/apply-verdict.js";
import { ApplyVoidOutcome } from "./usecases/apply-void-outcome.js";
import { GetDocument, GetDocuments, ListDocuments } from "./usecases/get-document.js";
import { IssueDespatchAdvice } from "./usecases/issue-despatch-advice.js";
import { IssueDocument } from "./usecases/issue-document.js";
import { IssueQueue } from "./usecases/issue-queue.js";
import { RecordRendering } from "./usecases/record-rendering.js";
import { VoidDocument } from "./usecases/void-document.js";

const env = loadNumberingEnv();
const logger = createLogger("numbering", env.LOG_LEVEL);

await runService(logger, async (lifecycle) => {
  // Before taking work: the first messages would otherwise pay for compiling the codecs every message goes through.
  await warmUp(logger, "codecs", () => warmUpCodecs());
  const store = lifecycle.add("store", await openStore(storeConfig(env, "numbering"), logger), (s) =>
    s.close(),
  );
  await store.ensure([documentsCollection, outboxCollection]);
  const broker = lifecycle.add("broker", await connectBroker({ url: env.NATS_URL, name: "numbering" }), (b) =>
    b.close(),
  );
  await warmUp(logger, "broker", () => warmUpBroker(broker.nc));
  await warmUp(logger, "rpc stack", () => warmUpRpc("numbering", logger));
  await ensureTopology(
    broker.jsm,
    [
      consumers.numberingRendered,
      consumers.numberingVerdict,
      consumers.numberingDespatchVerdict,
      consumers.numberingVoidOutcome,
    ],
    { replicas: env.NATS_STREAM_REPLICAS },
  );

  const relay = lifecycle.add(
    "outbox-relay",
    new OutboxRelay(store, broker, logger, env.OUTBOX_POLL_MS),
    (r) => r.stop(),
  );
  relay.start();
  const handOver = (entries: readonly OutboxEntry[]) => relay.committed(entries);

  const recordRendering = new RecordRendering(store);
  const applyVerdict = new ApplyVerdict(store, env.FILES_BASE_URL, logger, handOver);
  lifecycle.add(
    "rendered-consumer",
    await startBatchConsumer(
      broker.js,
      consumers.numberingRendered,
      (items) => recordRendering.execute(items.map((item) => item.payload)),
      { maxBatch: env.RENDERED_BATCH_SIZE },
      logger,
    ),
    (c) => c.stop(),
  );
  lifecycle.add(
    "verdict-consumer",
    await startBatchConsumer(
      broker.js,
      consumers.numberingVerdict,
      (items) => applyVerdict.executeBatch(items),
      { maxBatch: env.VERDICT_BATCH_SIZE },
      logger,
    ),
    (c) => c.stop(),
  );
  lifecycle.add(
    "despatch-verdict-consumer",
    await startBatchConsumer(
      broker.js,
      consumers.numberingDespatchVerdict,
      (items) => applyVerdict.executeBatch(items),
      { maxBatch: env.VERDICT_BATCH_SIZE },
      logger,
    ),
    (c) => c.stop(),
  );

  const applyVoidOutcome = new ApplyVoidOutcome(store, env.FILES_BASE_URL, logger, handOver);
  lifecycle.add(
    "void-outcome-consumer",
    await startConsumer(
      broker.js,
      consumers.numberingVoidOutcome,
      (p) => applyVoidOutcome.execute(p),
      logger,
    ),
    (c) => c.stop(),
  );

  // One group commit for invoices, receipts and guides: calls arriving during a commit share the next one.
  const issues = new IssueQueue(store, handOver);
  await serveRpcAndOps(lifecycle, {
    service: "numbering",
    host: env.HOST,
    rpcPort: env.RPC_PORT,
    opsPort: env.OPS_PORT,
    logger,
    routes: numberingRoutes(
      {
        issueDocument: new IssueDocument(issues, env.FILES_BASE_URL),
        issueDespatchAdvice: new IssueDespatchAdvice(issues, env.FILES_BASE_URL),
        getDocument: new GetDocument(store, env.FILES_BASE_URL),
        getDocuments: new GetDocuments(store, env.FILES_BASE_URL),
        listDocuments: new ListDocuments(store, env.FILES_BASE_URL),
        voidDocument: new VoidDocument(store, env.FILES_BASE_URL, handOver),
      },
      logger,
    ),
    checks: { store: () => store.ping(), broker: () => broker.ping() },
  });
});
