import { createLogger, runService, startOpsServer, startRpcServer } from "@einvoice/platform";
import { loadTaxEnv } from "./env.js";
import { taxRoutes } from "./rpc/tax-routes.js";

const env = loadTaxEnv();
const logger = createLogger("tax", env.LOG_LEVEL);

await runService(logger, async (lifecycle) => {
  const rpc = await startRpcServer({
    service: "tax",
    host: env.HOST,
    port: env.RPC_PORT,
    logger,
    routes: taxRoutes(),
  });
  lifecycle.add("rpc", rpc, (s) => s.close());
  const ops = await startOpsServer({ service: "tax", host: env.HOST, port: env.OPS_PORT, checks: {} });
  lifecycle.add("ops", ops, (o) => o.close());
  lifecycle.onShutdown("drain", () => ops.markDraining());
  logger.info({ rpcPort: rpc.port, opsPort: ops.port }, "tax ready");
});
