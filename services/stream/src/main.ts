import { connectBroker, ensureTopology } from "@einvoice/broker";
import { createLogger, runService, startOpsServer } from "@einvoice/platform";
import { loadStreamEnv } from "./env.js";

const env = loadStreamEnv();
const logger = createLogger("stream", env.LOG_LEVEL);

/**
 * The stream service will serve the live event stream from the EVENTS stream to the gateway's SSE endpoint (its
 * own issue). Today it runs as a process of the system with its configuration, health endpoints and broker
 * connection.
 */
await runService(logger, async (lifecycle) => {
  const broker = lifecycle.add("broker", await connectBroker({ url: env.NATS_URL, name: "stream" }), (b) =>
    b.close(),
  );
  await ensureTopology(broker.jsm, []);
  const ops = await startOpsServer({
    service: "stream",
    host: env.HOST,
    port: env.OPS_PORT,
    checks: { broker: () => broker.ping() },
  });
  lifecycle.add("ops", ops, (o) => o.close());
  lifecycle.onShutdown("drain", () => ops.markDraining());
  logger.info({ opsPort: ops.port }, "stream ready");
});
