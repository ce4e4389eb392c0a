import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { createInvoice } from "./invoice.js";
import { progress } from "./progress.js";
import { percentile, sleep } from "./stats.js";

/** What the webhook step measured. */
export interface WebhookResult {
  mode: "backlog" | "live";
  events: number;
  delivered: number;
  /** Deliveries that failed the Standard Webhooks signature check (must be 0). */
  badSignatures: number;
  perSecond: number;
  lagP50: number;
  lagP99: number;
}

interface Receipt {
  at: number;
  eventCreatedAt: number;
}

/**
 * A local receiver that checks every delivery with the `standardwebhooks` package (the secret of the endpoint
 * the path names) and keeps the verified ones. Answers 204 at once so the receiver is not what is measured.
 */
async function startReceiver(secrets: string[]) {
  const receipts: Receipt[] = [];
  const seen = new Set<string>();
  let badSignatures = 0;
  // Endpoints are registered after the receiver listens: their secrets are read at each delivery.
  const verifiers = new Map<number, Webhook>();
  const verifier = (index: number) => {
    let found = verifiers.get(index);
    if (!found && secrets[index]) {
      found = new Webhook(secrets[index]);
      verifiers.set(index, found);
    }
    if (!found) throw new Error(`no endpoint registered for /c/${index}`);
    return found;
  };
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(204).end();
      const index = Number(/^\/c\/(\d+)$/.exec(req.url ?? "")?.[1]);
      try {
        const event = verifier(index).verify(
          Buffer.concat(chunks).toString(),
          req.headers as Record<string, string>,
        ) as { id: string; created_at: string };
        if (seen.has(event.id)) return; // a retry of a delivery already counted
        seen.add(event.id);
        receipts.push({ at: Date.now(), eventCreatedAt: Date.parse(event.created_at) });
      } catch {
        badSignatures++;
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    receipts,
    badSignatures: () => badSignatures,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

async function register(baseUrl: string, key: string, url: string): Promise<{ id: string; secret: string }> {
  const res = await fetch(`${baseUrl}/v1/webhook_endpoints`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ url, events: ["document.accepted"], description: "npm run bench" }),
  });
  const body = (await res.json()) as { id?: string; secret?: string };
  if (res.status !== 201 || !body.id || !body.secret)
    throw new Error(`POST /v1/webhook_endpoints answered ${res.status}: ${JSON.stringify(body)}`);
  return { id: body.id, secret: body.secret };
}

async function unregister(baseUrl: string, key: string, id: string) {
  await fetch(`${baseUrl}/v1/webhook_endpoints/${id}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${key}` },
  });
}

/**
 * Registers one endpoint per company (only `document.accepted`, so N documents make exactly N events to
 * deliver), then creates N invoices. With the notification service's pid (a system this process started), the
 * service is paused (SIGSTOP) while the invoices go through, so its `documents.state` messages queue in
 * JetStream; resumed, it stores the events and delivers them as fast as it can: deliveries/s is then the
 * notification service's own rate. Without the pid, deliveries are counted as they come (live): the rate is
 * then at most the pipeline's, and the lag from the event's creation to its receipt says whether dispatch
 * keeps up.
 */
export async function measureWebhooks(
  target: { baseUrl: string; keys: string[]; pids: ReadonlyMap<string, number> },
  count: number,
  clients: number,
  waitIdle: () => Promise<unknown>,
): Promise<WebhookResult> {
  const endpoints: { id: string; secret: string }[] = [];
  const receiverSecrets: string[] = [];
  const receiver = await startReceiver(receiverSecrets);
  const notification = target.pids.get("notification");
  try {
    for (const [index, key] of target.keys.entries()) {
      const endpoint = await register(target.baseUrl, key, `${receiver.url}/c/${index}`);
      endpoints.push(endpoint);
      receiverSecrets.push(endpoint.secret);
    }
    if (notification) process.kill(notification, "SIGSTOP");
    let next = 0;
    let ok = 0;
    try {
      await Promise.all(
        Array.from({ length: clients }, async (_, client) => {
          while (next < count) {
            next++;
            const outcome = await createInvoice(
              target.baseUrl,
              target.keys[client % target.keys.length]!,
              next,
              false,
            );
            if (outcome.id) ok++;
            if (next % 20 === 0) progress(`created ${next}/${count}`);
          }
        }),
      );
      // The verdicts are reached without the notification service: wait until the other processes are idle.
      if (notification) {
        progress("waiting for the verdicts (notification paused)");
        await waitIdle();
      }
    } finally {
      if (notification) process.kill(notification, "SIGCONT");
    }
    const start = Date.now();
    const deadline = performance.now() + 180_000;
    while (receiver.receipts.length + receiver.badSignatures() < ok && performance.now() < deadline) {
      await sleep(250);
      progress(
        `delivered ${receiver.receipts.length}/${ok} (${receiver.badSignatures()} refused by the signature check)`,
      );
    }
    const times = receiver.receipts.map((r) => r.at);
    const from = notification ? start : Math.min(...times);
    const seconds = (Math.max(...times) - from) / 1000;
    const lags = receiver.receipts.map((r) => r.at - r.eventCreatedAt);
    return {
      mode: notification ? "backlog" : "live",
      events: ok,
      delivered: receiver.receipts.length,
      badSignatures: receiver.badSignatures(),
      perSecond: times.length ? receiver.receipts.length / seconds : Number.NaN,
      lagP50: percentile(lags, 50),
      lagP99: percentile(lags, 99),
    };
  } finally {
    for (const [index, endpoint] of endpoints.entries())
      await unregister(target.baseUrl, target.keys[index]!, endpoint.id);
    await receiver.close();
  }
}
