import { hasIdShape, metrics, SHAPE_ERRORS } from "@einvoice/platform";
import type { Router } from "@koa/router";
import type { Context } from "koa";
import { validationFailed } from "../errors/public-errors.js";
import { EVENT_TYPES } from "../openapi/document-schemas.js";
import type { OpenEventStream } from "../usecases/open-event-stream.js";
import { type AuthedState, type GatewayDeps, linkSignerFor, scopeOf } from "./context.js";
import type { EventStreamSettings } from "./http-settings.js";
import { presentEvent } from "./presenters.js";

/**
 * `GET /v1/events/stream`: server-sent events. First a message with only an `id:` (the resume point), then one
 * message per event (`id:` the event id, `event:` its type, `data:` the Event JSON on one line), and a
 * `: heartbeat` comment every `heartbeatMs`. `Last-Event-ID` (or `?last_event_id=`) resumes strictly after it.
 */
export function eventStreamRoutes(
  router: Router<AuthedState>,
  deps: GatewayDeps,
  open: OpenEventStream,
  settings: EventStreamSettings,
) {
  router.get("/v1/events/stream", async (ctx) => {
    const filters = parseFilters(ctx);
    const after = ctx.get("last-event-id") || single(ctx.query.last_event_id) || "";
    const client = new AbortController();
    ctx.req.once("close", () => client.abort());
    const opened = await open.execute({
      scope: scopeOf(ctx.state.caller),
      after,
      ...filters,
      signal: client.signal,
    });
    ctx.respond = false;
    const res = ctx.res;
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
      "Request-Id": ctx.state.requestId,
    });
    res.write(`retry: ${settings.retryMs}\nid: ${opened.position}\n\n`);
    const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), settings.heartbeatMs);
    const sign = linkSignerFor(deps, ctx.state);
    metrics.sseConnections.inc();
    try {
      for (;;) {
        const next = await opened.events.next();
        if (next.done || client.signal.aborted) break;
        const event = next.value;
        res.write(
          `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(presentEvent(event, sign))}\n\n`,
        );
        if (res.writableLength > settings.maxBufferedBytes) {
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
      if (!client.signal.aborted) deps.logger.warn({ err: error }, "event stream interrupted");
    } finally {
      metrics.sseConnections.dec();
      clearInterval(heartbeat);
      client.abort();
      await opened.events.return?.(undefined).catch(() => undefined);
      res.end();
    }
  });
}

function single(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function parseFilters(ctx: Context): { types: string[]; documentId: string } {
  const typesText = single(ctx.query.types);
  const types = typesText ? typesText.split(",").map((t) => t.trim()) : [];
  const documentId = single(ctx.query.document_id) ?? "";
  const errors = [];
  const unknown = types.filter((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (unknown.length > 0)
    errors.push({
      param: "types",
      code: SHAPE_ERRORS.parameter_invalid.code,
      message: `types must be a comma-separated list of event types, each one of ${EVENT_TYPES.join(", ")}.`,
    });
  if (documentId && !hasIdShape(documentId, "doc"))
    errors.push({
      param: "document_id",
      code: SHAPE_ERRORS.parameter_invalid.code,
      message: "document_id must be a document id (doc_…).",
    });
  if (ctx.query.types !== undefined && typeof ctx.query.types !== "string")
    errors.push({
      param: "types",
      code: SHAPE_ERRORS.parameter_invalid.code,
      message: "types must be given once, comma-separated.",
    });
  if (errors.length > 0) throw validationFailed(errors);
  return { types, documentId };
}
