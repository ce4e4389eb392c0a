import { connectBroker, ensureTopology } from "@einvoice/broker";
import { createLogger, runService, startOpsServer } from "@einvoice/platform";
import { loadRenderingEnv } from "./env.js";

const env = loadRenderingEnv();
const logger = createLogger("rendering", env.LOG_LEVEL);

/**
 * The rendering service will turn document states into PDFs with SUNAT's QR (its own issue). Today it runs as a
 * process of the system with its configuration, health endpoints and broker connection, and declares no
 * consumer, so no work waits on it.
 */
await runService(logger, async (lifecycle) => {
  const broker = lifecycle.add("broker", await connectBroker({ url: env.NATS_URL, name: "rendering" }), (b) =>
    b.close(),
  );
  await ensureTopology(broker.jsm, []);
  const ops = await startOpsServer({
    service: "rendering",
    host: env.HOST,
    port: env.OPS_PORT,
    checks: { broker: () => broker.ping() },
  });
  lifecycle.add("ops", ops, (o) => o.close());
  lifecycle.onShutdown("drain", () => ops.markDraining());
  logger.info({ opsPort: ops.port }, "rendering ready");
});
