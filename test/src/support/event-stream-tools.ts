/**
 * What the event-stream suite needs around the system: EventSource clients with the API key, a raw SSE reader
 * (for what EventSource hides: the first id-only message, heartbeats, error events), and a publisher of events
 * cloned from a real one, so bursts of hundreds of events need no hundreds of invoices.
 */

import { connect as connectSocket } from "node:net";
import { COMPANY_HEADER, eventSubject } from "@einvoice/broker";
import { newId } from "@einvoice/platform";
import { jetstream } from "@nats-io/jetstream";
import { connect, headers, type NatsConnection } from "@nats-io/transport-node";
import { EventSource } from "eventsource";

export interface Received {
  id: string;
  type: string;
  data: any;
}

/** An EventSource (the `eventsource` package) sending the key, and optionally a first `Last-Event-ID`. */
export function openEventSource(
  url: string,
  key: string,
  options: { lastEventId?: string; types?: string[] } = {},
): { source: EventSource; received: Received[]; errors: unknown[] } {
  const received: Received[] = [];
  const errors: unknown[] = [];
  let first = true;
  const source = new EventSource(url, {
    fetch: (input, init) => {
      const extra: Record<string, string> = { authorization: `Bearer ${key}` };
      // EventSource sends Last-Event-ID itself on reconnects; the first request carries ours.
      if (first && options.lastEventId) extra["last-event-id"] = options.lastEventId;
      first = false;
      return fetch(input, { ...init, headers: { ...init.headers, ...extra } });
    },
  });
  for (const type of options.types ?? ["document.accepted", "document.observed", "document.rejected"]) {
    source.addEventListener(type, (event) => {
      received.push({ id: event.lastEventId, type: event.type, data: JSON.parse(event.data) });
    });
  }
  source.addEventListener("error", (event) => errors.push(event));
  return { source, received, errors };
}

export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  retry?: string;
}

/** Reads raw SSE frames from a fetch response until `done(frames)` or the timeout. */
export async function readFrames(
  res: Response,
  done: (frames: SseFrame[]) => boolean,
  timeoutMs = 10_000,
): Promise<SseFrame[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const frames: SseFrame[] = [];
  let buffer = "";
  const until = Date.now() + timeoutMs;
  try {
    while (!done(frames) && Date.now() < until) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<{ done: true; value: undefined }>((r) =>
          setTimeout(() => r({ done: true, value: undefined }), Math.max(1, until - Date.now())),
        ),
      ]);
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        frames.push(parseFrame(buffer.slice(0, end)));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return frames;
}

/**
 * A client that stops reading: a raw HTTP/1.1 request on a socket paused at once, so the server's writes pile up
 * (fetch would keep reading into memory). `drain()` then reads everything that arrives until the server closes,
 * and returns the SSE frames of the (chunked) body.
 */
export function stalledStream(url: string, headers: Record<string, string>) {
  const { hostname, port, pathname, search } = new URL(url);
  const socket = connectSocket(Number(port), hostname);
  socket.pause();
  const lines = Object.entries({ host: `${hostname}:${port}`, ...headers }).map(([k, v]) => `${k}: ${v}`);
  socket.write(`GET ${pathname}${search} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
  return {
    drain(): Promise<SseFrame[]> {
      const chunks: Buffer[] = [];
      return new Promise((resolve, reject) => {
        socket.on("data", (chunk: Buffer) => chunks.push(chunk));
        socket.on("error", reject);
        socket.on("close", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const body = dechunk(raw.slice(raw.indexOf("\r\n\r\n") + 4));
          resolve(
            body
              .split("\n\n")
              .filter((f) => f.trim())
              .map(parseFrame),
          );
        });
        socket.resume();
      });
    },
  };
}

function dechunk(body: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", at);
    if (lineEnd < 0) return out;
    const size = Number.parseInt(body.slice(at, lineEnd), 16);
    if (!size) return out;
    out += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

function parseFrame(text: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of text.split("\n")) {
    if (line.startsWith(":")) frame.comment = line.slice(1).trim();
    const match = /^(id|event|data|retry): ?(.*)$/.exec(line);
    if (match) frame[match[1] as "id" | "event" | "data" | "retry"] = match[2];
  }
  return frame;
}

/**
 * Publishes copies of one real event payload (canonical JSON as the notification service published it) with
 * fresh ids, as the notification service would: on `events.<mode>.<type>`, with the company header and the
 * event id as `Nats-Msg-Id`.
 */
export class EventPublisher {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly template: { type: string } & Record<string, unknown>,
  ) {}

  /** Connects and captures the next event published on `events.test.>` while `trigger` runs. */
  static async capture(natsUrl: string, trigger: () => Promise<unknown>): Promise<EventPublisher> {
    const nc = await connect({ servers: natsUrl });
    const sub = nc.subscribe("events.test.>", { max: 1 });
    const captured = (async () => {
      for await (const message of sub) return message.json<{ type: string } & Record<string, unknown>>();
      throw new Error("no event captured");
    })();
    await trigger();
    return new EventPublisher(nc, await captured);
  }

  /** Publishes one copy; returns its id. Ids are made in time order, as the notification service makes them. */
  async publish(options: { companyId: string; livemode?: boolean; id: string }): Promise<string> {
    const livemode = options.livemode ?? false;
    const payload = { ...this.template, id: options.id, livemode };
    const h = headers();
    h.set(COMPANY_HEADER, options.companyId);
    h.set("content-type", "application/json");
    await jetstream(this.nc).publish(eventSubject(livemode, payload.type), JSON.stringify(payload), {
      msgID: options.id,
      headers: h,
    });
    return options.id;
  }

  /**
   * Publishes `count` copies without waiting for each acknowledgement in turn (one connection keeps them in
   * order); returns their ids in publish order.
   */
  async publishMany(count: number, companyId: string): Promise<string[]> {
    const ids = Array.from({ length: count }, () => newId("evt"));
    await Promise.all(ids.map((id) => this.publish({ id, companyId })));
    return ids;
  }

  /** The document every copy carries. */
  get templateDocumentId(): string {
    return (this.template.data as { document: { id: string } }).document.id;
  }

  get connection(): NatsConnection {
    return this.nc;
  }

  close(): Promise<void> {
    return this.nc.close();
  }
}
