import type { Transport } from "@connectrpc/connect";
import { createRpcClient } from "@einvoice/platform";
import { Health, HealthCheckResponse_ServingStatus } from "@einvoice/proto";

/** How long a readiness probe waits for a dependency's health answer, in milliseconds. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * A service the gateway calls, probed with the standard gRPC health check (part of the gateway's readiness) over
 * the connection its calls take.
 */
export function dependencyHealth(name: string, transport: Transport) {
  const client = createRpcClient(Health, transport);
  return {
    name,
    async ready(): Promise<void> {
      const { status } = await client.check({}, { timeoutMs: PROBE_TIMEOUT_MS }).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
      if (status !== HealthCheckResponse_ServingStatus.SERVING) throw new Error(`${name} is not serving`);
    },
  };
}
