import { createHmac, randomBytes } from "node:crypto";
import { readSse } from "./sse-reader.js";

export interface ListenOptions {
  baseUrl: string;
  apiKey: string;
  forwardTo: string;
  /** Event types to forward; empty for all. */
  events: string[];
  /** Where each line goes (stdout by default). */
  print?: (line: string) => void;
  signal?: AbortSignal;
}

/**
 * Follows the key's event stream and POSTs each event to a local URL exactly like a real webhook delivery (the
 * same body and Standard Webhooks headers, signed with a secret made for this session). After a cut it reconnects
 * with the last event id, so no event of the session is lost or sent twice.
 */
export async function listen(options: ListenOptions): Promise<void> {
  const print = options.print ?? ((line: string) => console.log(line));
  const secret = `whsec_${randomBytes(24).toString("base64")}`;
  print(`Ready! Forwarding events to ${options.forwardTo}. Your webhook signing secret is ${secret}`);
  let lastId = "";
  let backoffMs = 500;
  while (!options.signal?.aborted) {
    try {
      const query = options.events.length > 0 ? `?types=${options.events.join(",")}` : "";
      const res = await fetch(`${options.baseUrl}/v1/events/stream${query}`, {
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          ...(lastId ? { "last-event-id": lastId } : {}),
        },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (!res.ok || !res.body) {
        const text = await res.text();
        if (res.status >= 400 && res.status < 500 && res.status !== 429)
          throw new Error(`the event stream answered ${res.status}: ${text}`);
        throw new Retry(`the event stream answered ${res.status}`);
      }
      backoffMs = 500;
      for await (const message of readSse(res.body)) {
        if (message.id) lastId = message.id;
        if (!message.event || message.data === undefined || message.event === "error") continue;
        await forward(options, secret, message.id ?? "", message.event, message.data, print);
      }
    } catch (error) {
      if (options.signal?.aborted) return;
      if (!(error instanceof Retry) && !(error instanceof TypeError)) throw error;
      print(`${new Date().toISOString()}  connection lost (${(error as Error).message}); reconnecting`);
      await new Promise((r) => setTimeout(r, backoffMs));
      backoffMs = Math.min(backoffMs * 2, 10_000);
    }
  }
}

class Retry extends Error {}

async function forward(
  options: ListenOptions,
  secret: string,
  id: string,
  type: string,
  body: string,
  print: (line: string) => void,
) {
  const timestamp = Math.floor(Date.now() / 1000);
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  const started = performance.now();
  let outcome: string;
  try {
    const res = await fetch(options.forwardTo, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": `v1,${signature}`,
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    outcome = String(res.status);
  } catch (error) {
    outcome = `failed (${(error as Error).message})`;
  }
  print(
    `${new Date().toISOString()}  ${type.padEnd(22)} ${id}  → ${outcome}  ${Math.round(performance.now() - started)} ms`,
  );
}
