import { connectBroker, ensureTopology } from "@einvoice/broker";
import { createLogger, runService, serveRpcAndOps } from "@einvoice/platform";
import { loadStreamEnv } from "./env.js";
import { streamRoutes } from "./rpc/stream-routes.js";
import { SubscribeEvents } from "./usecases/subscribe-events.js";

const env = loadStreamEnv();
const logger = createLogger("stream", env.LOG_LEVEL);

/**
 * The stream service serves the live event stream (`StreamService.Subscribe`) from the EVENTS stream in
 * JetStream; the gateway speaks it as server-sent events. Each subscription is an ephemeral ordered consumer, so
 * replicas share nothing and a restart only cuts the clients, who resume with their last event id.
 */
await runService(logger, async (lifecycle) => {
  const broker = lifecycle.add("broker", await connectBroker({ url: env.NATS_URL, name: "stream" }), (b) =>
    b.close(),
  );
  await ensureTopology(broker.jsm, [], { replicas: env.NATS_STREAM_REPLICAS });
  const subscribe = new SubscribeEvents({
    js: broker.js,
    jsm: broker.jsm,
    scanMarginMs: env.STREAM_RESUME_SCAN_MARGIN_MS,
    batch: env.STREAM_BATCH,
  });
  await serveRpcAndOps(lifecycle, {
    service: "stream",
    host: env.HOST,
    rpcPort: env.RPC_PORT,
    opsPort: env.OPS_PORT,
    logger,
    routes: streamRoutes(subscribe),
    checks: { broker: () => broker.ping() },
  });
});
