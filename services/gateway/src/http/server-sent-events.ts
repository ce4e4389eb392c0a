import type { ServerResponse } from "node:http";
import type { Logger } from "@einvoice/platform";
import { metrics } from "@einvoice/platform";
import type { Event } from "@einvoice/proto";
import type { OpenedEventStream } from "../usecases/open-event-stream.js";
import type { EventStreamSettings } from "./http-settings.js";

export interface ServerSentEventsOptions extends EventStreamSettings {
  /** The response's headers besides `Content-Type` and `X-Accel-Buffering` (caching, request id…). */
  headers: Record<string, string>;
  /** The JSON an event is sent as: the public Event, its file links signed or not. */
  present: (event: Event) => unknown;
  logger: Pick<Logger, "warn">;
  /** Which stream this is, in the log line when the stream service goes away. */
  name: string;
}

/**
 * Writes an opened event stream as server-sent events, bypassing Koa's response: first a message with only an `id:`
 * (the resume point), then one message per event (`id:` the event id, `event:` its type, `data:` the presented
 * JSON on one line), and a `: heartbeat` comment every `heartbeatMs`, until the stream ends, the client leaves
 * (`client` aborts) or reads too slowly. The API's stream and the dashboard's both write through it.
 */
export async function writeServerSentEvents(
  ctx: { respond?: boolean; res: ServerResponse },
  opened: OpenedEventStream,
  client: AbortController,
  options: ServerSentEventsOptions,
): Promise<void> {
  ctx.respond = false;
  const res = ctx.res;
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "X-Accel-Buffering": "no",
    ...options.headers,
  });
  res.write(`retry: ${options.retryMs}\nid: ${opened.position}\n\n`);
  const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), options.heartbeatMs);
  metrics.sseConnections.inc();
  try {
    for (;;) {
      const next = await opened.events.next();
      if (next.done || client.signal.aborted) break;
      const event = next.value;
      res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(options.present(event))}\n\n`);
      if (res.writableLength > options.maxBufferedBytes) {
        // A client that cannot keep up is cut instead of growing this process's memory; it resumes from the
        // last id it read.
        res.write(
          `event: error\ndata: ${JSON.stringify({ code: "slow_consumer", message: "This client read too slowly and was disconnected. Reconnect with the last event id you received." })}\n\n`,
        );
        break;
      }
    }
  } catch (error) {
    // The stream service went away: the client is cut and resumes with Last-Event-ID.
    if (!client.signal.aborted)
      options.logger.warn({ err: error, stream: options.name }, `${options.name} interrupted`);
  } finally {
    metrics.sseConnections.dec();
    clearInterval(heartbeat);
    client.abort();
    await opened.events.return?.(undefined).catch(() => undefined);
    res.end();
  }
}
