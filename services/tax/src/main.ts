import { createLogger, runService, serveRpcAndOps } from "@einvoice/platform";
import { loadTaxEnv } from "./env.js";
import { taxRoutes } from "./rpc/tax-routes.js";

const env = loadTaxEnv();
const logger = createLogger("tax", env.LOG_LEVEL);

await runService(logger, async (lifecycle) => {
  await serveRpcAndOps(lifecycle, {
    service: "tax",
    host: env.HOST,
    rpcPort: env.RPC_PORT,
    opsPort: env.OPS_PORT,
    logger,
    routes: taxRoutes(undefined, logger),
    checks: {},
  });
});
