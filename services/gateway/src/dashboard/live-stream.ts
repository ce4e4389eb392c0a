import type { GatewayDeps } from "../http/context.js";
import { presentEvent } from "../http/presenters.js";
import { writeServerSentEvents } from "../http/server-sent-events.js";
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
  await writeServerSentEvents(ctx, opened, client, {
    ...deps.eventStream,
    headers: { "Cache-Control": "no-store, no-transform", "X-Content-Type-Options": "nosniff" },
    // Without file links: the pages link files through the session.
    present: (event) => presentEvent(event),
    logger: deps.logger,
    name: "dashboard event stream",
  });
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
