import { Health, HealthCheckResponse_ServingStatus } from "@einvoice/proto";
import type { Logger } from "./logger.js";
import { createRpcClient, createRpcTransport } from "./rpc-client.js";
import { startRpcServer } from "./rpc-server.js";

/** Calls at boot: enough for V8 to optimise the HTTP/2 and Connect code every call runs, on both ends. */
const ROUNDS = 800;
/** Deadline of each call, in ms. */
const TIMEOUT_MS = 5000;

/**
 * What a cold service's first calls pay and later ones do not: node's HTTP/2 sessions and streams, Connect's
 * framing, headers and interceptors, and the tracing around them run interpreted until V8 optimises them. Paid at
 * boot instead: health checks through a throwaway server of the same make as the service's own (`startRpcServer`,
 * on an ephemeral loopback port) and a client of the same make as its callers' (`createRpcTransport`), both in this
 * process, so a server warms its serving half and a caller its calling half. Touches no store, broker or other
 * service. Call once, before taking work. Returns the calls made.
 */
export async function warmUpRpc(service: string, logger: Logger, rounds = ROUNDS): Promise<number> {
  const server = await startRpcServer({
    service,
    host: "127.0.0.1",
    port: 0,
    logger,
    routes: (router) =>
      router.service(Health, {
        check: async () => ({ status: HealthCheckResponse_ServingStatus.SERVING }),
      }),
  });
  try {
    const client = createRpcClient(
      Health,
      createRpcTransport(`http://127.0.0.1:${server.port}`, { timeoutMs: TIMEOUT_MS }),
    );
    for (let call = 0; call < rounds; call++) {
      const { status } = await client.check({ service });
      if (status !== HealthCheckResponse_ServingStatus.SERVING)
        throw new Error("the warm-up health check did not answer SERVING");
    }
  } finally {
    await server.close();
  }
  return rounds;
}
