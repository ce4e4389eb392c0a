import { EVENT_TYPES } from "@einvoice/domain";
import { hasIdShape, SERVICE_ERRORS, SHAPE_ERRORS } from "@einvoice/platform";
import type { Context } from "koa";
import { apiError, validationFailed } from "../errors/public-errors.js";
import { linkSignerFor, scopeOf } from "../http/context.js";
import { parseListQuery } from "../http/list-params.js";
import { presentEvent } from "../http/presenters.js";
import { writeServerSentEvents } from "../http/server-sent-events.js";
import { acceptedDocument, acceptedEvent, eventListExample } from "../openapi/document-examples.js";
import { authenticatedErrors, errorResponse } from "../openapi/error-responses.js";
import { schemaRef } from "../openapi/json-schema.js";
import { listPage } from "../openapi/list-schema.js";
import { ok, pathParameter, queryParameter, requestIdHeader } from "../openapi/operation-parts.js";
import { createExamples } from "../openapi/request-examples.js";
import { OpenEventStream } from "../usecases/open-event-stream.js";
import { defineOperation } from "./define-operation.js";
import { badQuery, pageParameters } from "./list-parameters.js";

const [firstInvoice, firstReceipt] = [createExamples("invoice")[0]!, createExamples("receipt")[0]!];

const EXAMPLE_STREAM = [
  "retry: 1000",
  "id: pos_41",
  "",
  ": heartbeat",
  "",
  "id: evt_01JZ8X3P4C6D8E0F2G4H6J8K0M",
  "event: document.accepted",
  'data: {"id":"evt_01JZ8X3P4C6D8E0F2G4H6J8K0M","object":"event","type":"document.accepted","created_at":"2026-06-01T15:04:07.412Z","livemode":false,"data":{"object":{"id":"doc_01JZ8X3P0A2B4C6D8E0F2G4H6J","object":"document","status":"accepted","…":"…"}}}',
  "",
  "",
].join("\n");

/**
 * `GET /v1/events/stream`: server-sent events. First a message with only an `id:` (the resume point), then one
 * message per event (`id:` the event id, `event:` its type, `data:` the Event JSON on one line), and a
 * `: heartbeat` comment every `heartbeatMs`. `Last-Event-ID` (or `?last_event_id=`) resumes strictly after it.
 * Listed before `getEvent`, whose `/v1/events/{id}` would take "stream" for an id.
 */
export const streamEvents = defineOperation({
  method: "get",
  path: "/v1/events/stream",
  operationId: "streamEvents",
  summary: "Stream events live (server-sent events)",
  description: [
    "The events of the key's company and mode as they happen, as `text/event-stream` (works with any EventSource client, and `curl -N`).",
    "",
    "- The stream starts **at the present**. Its first message carries only an `id:`: the position to resume from if nothing arrives before a cut.",
    "- Then one message per event: `id:` the event id, `event:` its type, `data:` the Event (as `GET /v1/events/{id}` answers it) on one line.",
    "- A `: heartbeat` comment every 15 s keeps proxies from closing an idle stream; `retry: 1000` tells clients to reconnect after 1 s.",
    "- **Resuming:** send the last `id:` you received as the `Last-Event-ID` header (EventSource does this by itself on reconnect), or as `?last_event_id=` for clients that cannot set headers. The stream continues strictly after it — events published while you were away first, then live ones — with no gap and no duplicate. An id this stream cannot resume from is an error **before** the stream opens: 404 `last_event_id_unknown`, or 410 `last_event_id_expired` past the 30 days events are kept; catch up with `GET /v1/events` then.",
    '- A client that reads too slowly (over 1 MiB unread) is sent a last `event: error` with `data: {"code":"slow_consumer",…}` and disconnected; it resumes from its last id.',
    "- When the server restarts, the connection ends; reconnecting with `Last-Event-ID` loses nothing.",
  ].join("\n"),
  tags: ["Events"],
  parameters: [
    queryParameter(
      "types",
      `Only these event types, comma-separated (${EVENT_TYPES.join(", ")}). Default: every type.`,
      { type: "string", examples: ["document.accepted,document.rejected"] },
    ),
    queryParameter("document_id", "Only the events of this document (`doc_…`).", {
      type: "string",
      pattern: "^doc_",
      examples: ["doc_01JZ8X3P0A2B4C6D8E0F2G4H6J"],
    }),
    queryParameter(
      "last_event_id",
      "Resume strictly after this id (an `evt_…` or the first message's `pos_…`), for clients that cannot send the `Last-Event-ID` header. The header wins when both are sent.",
      { type: "string", examples: ["evt_01JZ8X3P4C6D8E0F2G4H6J8K0M"] },
    ),
    {
      name: "Last-Event-ID",
      in: "header",
      required: false,
      description:
        "The last `id:` received: the stream resumes strictly after it (the standard EventSource reconnection header).",
      schema: { type: "string", examples: ["evt_01JZ8X3P4C6D8E0F2G4H6J8K0M"] },
    },
  ],
  responses: {
    "200": {
      description:
        "The stream: `Content-Type: text/event-stream`, `Cache-Control: no-cache`, `X-Accel-Buffering: no`. It stays open until the client leaves.",
      headers: { "Request-Id": requestIdHeader },
      content: {
        "text/event-stream": {
          schema: {
            type: "string",
            description:
              "Server-sent events (WHATWG HTML §9.2): `id:`, `event:` and `data:` lines, messages separated by a blank line; `data:` is one Event as JSON.",
          },
          example: EXAMPLE_STREAM,
        },
      },
    },
    "400": errorResponse("`Last-Event-ID` is not an id this stream sends.", ["last_event_id_invalid"]),
    ...authenticatedErrors(),
    "404": errorResponse("The stream cannot resume after that `Last-Event-ID` in this company and mode.", [
      "last_event_id_unknown",
    ]),
    "410": errorResponse("The `Last-Event-ID` is older than the stream keeps.", ["last_event_id_expired"]),
    "422": errorResponse("An unknown event type in `types`, or a `document_id` that is not a document id.", [
      "stream_filters_invalid",
    ]),
  },
  handler: ({ deps }) => {
    const settings = deps.eventStream;
    const open = new OpenEventStream({ stream: deps.stream, openTimeoutMs: settings.openTimeoutMs });
    return async (ctx) => {
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
      const sign = linkSignerFor(deps, ctx.state);
      await writeServerSentEvents(ctx, opened, client, {
        ...settings,
        headers: {
          "Cache-Control": "no-cache, no-transform",
          Connection: "keep-alive",
          "Request-Id": ctx.state.requestId,
        },
        present: (event) => presentEvent(event, sign),
        logger: deps.logger,
        name: "event stream",
      });
    };
  },
});

export const listEvents = defineOperation({
  method: "get",
  path: "/v1/events",
  operationId: "listEvents",
  summary: "List events",
  description:
    "What happened to the documents of the key's company and mode, newest first: each event holds the document as it stood. Poll it (or filter by `document_id`) to learn verdicts without reading every document. Events are kept **30 days** (`EVENT_RETENTION_DAYS`); older ones are neither listed nor found.",
  tags: ["Events"],
  parameters: [
    queryParameter("type", `Only events of this type: ${EVENT_TYPES.map((t) => `\`${t}\``).join(", ")}.`, {
      type: "string",
      enum: [...EVENT_TYPES],
      examples: ["document.accepted"],
    }),
    queryParameter("document_id", "Only the events of this document (`doc_…`).", {
      type: "string",
      examples: [acceptedDocument(firstInvoice!).id],
    }),
    queryParameter(
      "created[gte]",
      "Only events created at or after this time: Unix seconds, or RFC 3339 (`2026-06-01T00:00:00Z`).",
      { type: "string", examples: ["2026-06-01T00:00:00Z"] },
    ),
    queryParameter("created[lte]", "Only events created at or before this time (same forms).", {
      type: "string",
      examples: ["1780358400"],
    }),
    ...pageParameters("events", acceptedEvent(firstInvoice!).id),
  ],
  responses: {
    "200": ok("A page of events.", schemaRef("EventList"), {
      page: { summary: "A receipt and an invoice accepted", value: eventListExample() },
    }),
    ...authenticatedErrors(),
    "422": badQuery("`type`, `document_id`, `created[gte|lte]`"),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const query = parseListQuery(ctx.query, "evt", (reader) => ({
        type: reader.oneOf("type", EVENT_TYPES),
        documentId: reader.id("document_id", "doc"),
        created: reader.timeRange("created"),
      }));
      const res = await deps.notification.listEvents({
        scope: scopeOf(ctx.state.caller),
        limit: query.limit,
        type: query.type,
        documentId: query.documentId,
        startingAfter: query.startingAfter,
        endingBefore: query.endingBefore,
        createdGte: query.created.gte,
        createdLte: query.created.lte,
      });
      const sign = linkSignerFor(deps, ctx.state);
      ctx.body = listPage(
        "/v1/events",
        res.hasMore,
        res.events.map((event) => presentEvent(event, sign)),
      );
    },
});

export const getEvent = defineOperation({
  method: "get",
  path: "/v1/events/{id}",
  operationId: "getEvent",
  summary: "Retrieve an event",
  description: "One event, with the document as it stood when it happened.",
  tags: ["Events"],
  parameters: [
    pathParameter("id", "An event id (`evt_…`).", {
      type: "string",
      pattern: "^evt_",
      examples: [acceptedEvent(firstInvoice).id],
    }),
  ],
  responses: {
    "200": ok("The event.", schemaRef("Event"), {
      invoice: { summary: "An invoice accepted", value: acceptedEvent(firstInvoice) },
      receipt: { summary: "A receipt accepted", value: acceptedEvent(firstReceipt) },
    }),
    ...authenticatedErrors(),
    "404": errorResponse("No such event, or one of another company or mode (nothing leaks between scopes).", [
      "event_missing",
    ]),
  },
  handler:
    ({ deps }) =>
    async (ctx) => {
      const id = ctx.params.id!;
      if (!hasIdShape(id, "evt")) throw apiError(SERVICE_ERRORS.resource_missing, `No such event: '${id}'`);
      const res = await deps.notification.getEvent({ scope: scopeOf(ctx.state.caller), id });
      ctx.body = presentEvent(res.event, linkSignerFor(deps, ctx.state));
    },
});

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
