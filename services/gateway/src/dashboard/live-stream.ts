import { metrics } from "@einvoice/platform";
import type { GatewayDeps } from "../http/context.js";
import { presentEvent } from "../http/presenters.js";
import { OpenEventStream } from "../usecases/open-event-stream.js";
import type { PageRequest } from "./request.js";

/**
 * `GET /dashboard/{mode}/stream`: the session's own event stream (an EventSource cannot send a bearer key), the
 * same events of the same company and mode as `GET /v1/events/stream`, without file links (the pages link files
 * through the session).
 */
export async function liveStream(req: PageRequest, deps: GatewayDeps): Promise<void> {
  const { ctx } = req;
  const client = new AbortController();
  ctx.req.once("close", () => client.abort());
  // Where to resume: EventSource's Last-Event-ID on a reconnect, else the newest event the page was rendered with.
  const asked = ctx.get("last-event-id") || (typeof ctx.query.after === "string" ? ctx.query.after : "");
  const after = /^(evt|pos)_[0-9A-Za-z]{1,40}$/.test(asked) ? asked : "";
  const opened = await new OpenEventStream({
    stream: deps.stream,
    openTimeoutMs: deps.eventStream.openTimeoutMs,
  }).execute({ scope: req.scope, after, types: [], documentId: "", signal: client.signal });
  ctx.respond = false;
  const res = ctx.res;
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store, no-transform",
    "X-Accel-Buffering": "no",
    "X-Content-Type-Options": "nosniff",
  });
  res.write(`retry: ${deps.eventStream.retryMs}\nid: ${opened.position}\n\n`);
  const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), deps.eventStream.heartbeatMs);
  metrics.sseConnections.inc();
  try {
    for (;;) {
      const next = await opened.events.next();
      if (next.done || client.signal.aborted) break;
      const event = next.value;
      res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(presentEvent(event))}\n\n`);
      if (res.writableLength > deps.eventStream.maxBufferedBytes) break;
    }
  } catch (error) {
    if (!client.signal.aborted) deps.logger.warn({ err: error }, "dashboard event stream interrupted");
  } finally {
    metrics.sseConnections.dec();
    clearInterval(heartbeat);
    client.abort();
    await opened.events.return?.(undefined).catch(() => undefined);
    res.end();
  }
}

/**
 * The stream URL a page gives its script: resuming after the newest event when the page was rendered, so an event
 * between rendering and connecting is not missed.
 */
export async function streamUrl(req: PageRequest, deps: GatewayDeps): Promise<string> {
  const newest = await deps.notification
    .listEvents({
      scope: req.scope,
      limit: 1,
      type: "",
      documentId: "",
      startingAfter: "",
      endingBefore: "",
      createdGte: "",
      createdLte: "",
    })
    .then((res) => res.events[0]?.id ?? "")
    .catch(() => "");
  return `/dashboard/${req.mode}/stream${newest ? `?after=${newest}` : ""}`;
}
