import type { ConnectRouter } from "@connectrpc/connect";
import { Health, HealthCheckResponse_ServingStatus } from "@einvoice/proto";
import type { Lifecycle } from "./lifecycle.js";
import type { Logger } from "./logger.js";
import { type ReadinessCheck, startOpsServer } from "./ops-server.js";
import { startRpcServer } from "./rpc-server.js";

/**
 * The serving half of every RPC service: the Connect/gRPC port, the health port, both registered for shutdown
 * (readiness turns to draining first), and one "ready" log line.
 */
export async function serveRpcAndOps(
  lifecycle: Lifecycle,
  options: {
    service: string;
    host: string;
    rpcPort: number;
    opsPort: number;
    logger: Logger;
    routes: (router: ConnectRouter) => void;
    checks: Record<string, ReadinessCheck>;
  },
): Promise<void> {
  const { service, host, logger } = options;
  const ops = await startOpsServer({ service, host, port: options.opsPort, checks: options.checks });
  lifecycle.add("ops", ops, (o) => o.close());
  const routes = (router: ConnectRouter) => {
    options.routes(router);
    router.service(Health, {
      async check() {
        const { ready } = await ops.readiness();
        return {
          status: ready
            ? HealthCheckResponse_ServingStatus.SERVING
            : HealthCheckResponse_ServingStatus.NOT_SERVING,
        };
      },
    });
  };
  const rpc = await startRpcServer({ service, host, port: options.rpcPort, logger, routes });
  lifecycle.add("rpc", rpc, (s) => s.close());
  lifecycle.onShutdown("drain", () => ops.markDraining());
  logger.info({ rpcPort: rpc.port, opsPort: ops.port }, `${service} ready`);
}
