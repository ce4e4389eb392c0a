import type { Logger } from "@einvoice/platform";
import { metrics } from "@einvoice/platform";
import type { RouterContext } from "@koa/router";
import type { OpenedEventStream } from "../usecases/open-event-stream.js";
import type { AuthedState } from "./context.js";
import type { EventStreamSettings } from "./http-settings.js";
import { presentEvent } from "./presenters.js";

/**
 * Writes an opened event stream as server-sent events: first a message with only an `id:` (the resume point), then
 * one message per event (`id:` the event id, `event:` its type, `data:` the Event JSON on one line), and a
 * `: heartbeat` comment every `heartbeatMs`, until the stream ends, the client leaves (`client` aborts) or reads
 * too slowly.
 */
export async function writeServerSentEvents(
  ctx: RouterContext<AuthedState>,
  opened: OpenedEventStream,
  client: AbortController,
  options: EventStreamSettings & { sign: (url: string) => string; logger: Logger },
): Promise<void> {
  ctx.respond = false;
  const res = ctx.res;
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    "X-Accel-Buffering": "no",
    Connection: "keep-alive",
    "Request-Id": ctx.state.requestId,
  });
  res.write(`retry: ${options.retryMs}\nid: ${opened.position}\n\n`);
  const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), options.heartbeatMs);
  metrics.sseConnections.inc();
  try {
    for (;;) {
      const next = await opened.events.next();
      if (next.done || client.signal.aborted) break;
      const event = next.value;
      res.write(
        `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(presentEvent(event, options.sign))}\n\n`,
      );
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
    if (!client.signal.aborted) options.logger.warn({ err: error }, "event stream interrupted");
  } finally {
    metrics.sseConnections.dec();
    clearInterval(heartbeat);
    client.abort();
    await opened.events.return?.(undefined).catch(() => undefined);
    res.end();
  }
}
