import { freePort } from "@einvoice/testkit";

/** Every port the system listens on (all on 127.0.0.1). */
export interface Ports {
  gateway: number;
  nats: number;
  simulator: number;
  numberingRpc: number;
  numberingOps: number;
  taxRpc: number;
  taxOps: number;
  signingRpc: number;
  signingOps: number;
  submissionRpc: number;
  submissionOps: number;
  notificationRpc: number;
  notificationOps: number;
  renderingRpc: number;
  renderingOps: number;
  streamRpc: number;
  streamOps: number;
}

export const DEFAULT_PORTS: Ports = {
  gateway: 8080,
  nats: 4222,
  simulator: 7090,
  numberingRpc: 7010,
  numberingOps: 7011,
  taxRpc: 7020,
  taxOps: 7021,
  signingRpc: 7030,
  signingOps: 7031,
  submissionRpc: 7040,
  submissionOps: 7041,
  notificationRpc: 7050,
  notificationOps: 7051,
  renderingRpc: 7060,
  renderingOps: 7061,
  streamRpc: 7070,
  streamOps: 7071,
};

/** A fresh set of free ports, for tests that run beside other processes. */
export async function freePorts(): Promise<Ports> {
  const entries = await Promise.all(
    Object.keys(DEFAULT_PORTS).map(async (k) => [k, await freePort()] as const),
  );
  return Object.fromEntries(entries) as unknown as Ports;
}
