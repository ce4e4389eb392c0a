import { sleep } from "./stats.js";

/**
 * Paced open loop: calls `send(n, scheduledAt)` for n = 0 … count - 1 at `ratePerSecond` on a fixed schedule from
 * now, whatever the answers (a slow answer never delays the next send), and resolves once every send has.
 */
export async function sendPaced(
  count: number,
  ratePerSecond: number,
  send: (n: number, scheduledAt: number) => Promise<void>,
): Promise<void> {
  const start = performance.now();
  const interval = 1000 / ratePerSecond;
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < count; n++) {
    const at = start + n * interval;
    const delay = at - performance.now();
    if (delay > 0) await sleep(delay);
    inFlight.push(send(n, at));
  }
  await Promise.all(inFlight);
}

/**
 * Closed loop: `clients` callers, each sending its next `send(n, client)` as soon as its last one answered, until
 * `count` were sent; n counts the sends across all clients.
 */
export async function sendClosedLoop(
  count: number,
  clients: number,
  send: (n: number, client: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (next < count) await send(next++, client);
    }),
  );
}
