import { createLogger, runService, serveRpcAndOps, warmUp, warmUpRpc } from "@einvoice/platform";
import { loadTaxEnv } from "./env.js";
import { taxRoutes } from "./rpc/tax-routes.js";
import { warmUpTax } from "./rpc/warm-up-tax.js";

const env = loadTaxEnv();
const logger = createLogger("tax", env.LOG_LEVEL);

await runService(logger, async (lifecycle) => {
  const routes = taxRoutes(undefined, logger);
  // Before answering ready: the first documents would otherwise pay for compiling the engine and its codecs.
  await warmUp(logger, "tax engine", () => warmUpTax(routes));
  await warmUp(logger, "rpc stack", () => warmUpRpc("tax", logger));
  await serveRpcAndOps(lifecycle, {
    service: "tax",
    host: env.HOST,
    rpcPort: env.RPC_PORT,
    opsPort: env.OPS_PORT,
    logger,
    routes,
    checks: {},
  });
});
