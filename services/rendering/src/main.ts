import {
  connectBroker,
  consumers,
  drainConsumer,
  drainedConsumers,
  ensureTopology,
  startBatchConsumer,
  startConsumer,
  warmUpBroker,
  warmUpCodecs,
} from "@einvoice/broker";
import { openObjectStore } from "@einvoice/objects";
import { loadPdfFonts, warmUpPdf } from "@einvoice/pdf";
import {
  createLogger,
  createRpcClient,
  objectStoreConfig,
  runService,
  serveRpcAndOps,
  warmUp,
  warmUpRpc,
} from "@einvoice/platform";
import { NumberingService } from "@einvoice/proto";
import { loadRenderingEnv } from "./env.js";
import { renderingRoutes } from "./rpc/rendering-routes.js";
import { IssuerLogos } from "./usecases/issuer-logos.js";
import { RenderAcceptedGuide } from "./usecases/render-accepted-guide.js";
import { RenderDocument } from "./usecases/render-document.js";
import { RenderGuide } from "./usecases/render-guide.js";
import { RenderTicket } from "./usecases/render-ticket.js";

const env = loadRenderingEnv();
const logger = createLogger("rendering", env.LOG_LEVEL);

/**
 * The rendering service prints every signed invoice and receipt on A4 with SUNAT's QR, and every guide on A4
 * (again with SUNAT's QR once SUNAT accepts it), off the verdict path: a failed render is retried and
 * dead-lettered by its consumer, never holding a document back. The 80 mm ticket is made on its first request,
 * over RPC (RenderingService.RenderTicket, called by the gateway).
 */
await runService(logger, { niceness: env.NICENESS }, async (lifecycle) => {
  const objects = await openObjectStore(objectStoreConfig(env));
  const broker = lifecycle.add("broker", await connectBroker({ url: env.NATS_URL, name: "rendering" }), (b) =>
    b.close(),
  );
  await warmUp(logger, "broker", () => warmUpBroker(broker.nc));
  await warmUp(logger, "rpc stack", () => warmUpRpc("rendering", logger));
  await ensureTopology(broker.jsm, [consumers.renderingSigned, consumers.renderingDespatchVerdict], {
    replicas: env.NATS_STREAM_REPLICAS,
  });
  const numbering = createRpcClient(NumberingService, env.NUMBERING_URL, { timeoutMs: env.RPC_TIMEOUT_MS });
  const fonts = loadPdfFonts();
  // Before taking work: the first messages and documents would otherwise pay for compiling the codecs and for
  // parsing, shaping and compiling the PDF code.
  await warmUp(logger, "codecs", () => warmUpCodecs());
  await warmUp(logger, "renderer", () => warmUpPdf(fonts));
  // One per process, shared by every render: logos are read from the object store once per key.
  const logos = new IssuerLogos(objects, env.LOGO_CACHE_BYTES);
  const guides = new RenderGuide({ numbering, objects, logos, broker, fonts });
  const renderDocument = new RenderDocument({
    numbering,
    objects,
    logos,
    broker,
    consultUrl: env.CONSULT_URL,
    fonts,
    guides,
  });
  const renderAcceptedGuide = new RenderAcceptedGuide(guides);
  lifecycle.add(
    "signed-consumer",
    await startBatchConsumer(
      broker.js,
      consumers.renderingSigned,
      (items) => renderDocument.execute(items.map((item) => item.payload)),
      { maxBatch: env.RENDER_BATCH_SIZE },
      logger,
    ),
    (c) => c.stop(),
  );
  lifecycle.add(
    "verdict-consumer",
    await startConsumer(
      broker.js,
      consumers.renderingDespatchVerdict,
      (p) => renderAcceptedGuide.execute(p),
      logger,
    ),
    (c) => c.stop(),
  );
  // Guides' verdicts published before they had a subject of their own, still on the consumer of every verdict.
  lifecycle.add(
    "retired-verdict-consumer",
    await drainConsumer(
      broker,
      drainedConsumers.renderingVerdict,
      (p) => renderAcceptedGuide.execute(p),
      logger,
    ),
    (c) => c.stop(),
  );
  const renderTicket = new RenderTicket({ numbering, objects, logos, consultUrl: env.CONSULT_URL, fonts });
  await serveRpcAndOps(lifecycle, {
    service: "rendering",
    host: env.HOST,
    rpcPort: env.RPC_PORT,
    opsPort: env.OPS_PORT,
    logger,
    routes: renderingRoutes({ renderTicket }),
    checks: { broker: () => broker.ping(), objects: () => objects.ping() },
  });
});
