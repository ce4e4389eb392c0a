import { EVENT_TYPES } from "./document-schemas.js";
import { authenticatedErrors, errorResponse } from "./error-responses.js";
import type { PathItem } from "./openapi-types.js";
import { queryParameter, requestIdHeader } from "./operation-parts.js";

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

/** `GET /v1/events/stream`: the live event stream as server-sent events. */
export function eventStreamPaths(): Record<string, PathItem> {
  return {
    "/v1/events/stream": {
      get: {
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
          "404": errorResponse(
            "The stream cannot resume after that `Last-Event-ID` in this company and mode.",
            ["last_event_id_unknown"],
          ),
          "410": errorResponse("The `Last-Event-ID` is older than the stream keeps.", [
            "last_event_id_expired",
          ]),
          "422": errorResponse(
            "An unknown event type in `types`, or a `document_id` that is not a document id.",
            ["stream_filters_invalid"],
          ),
        },
      },
    },
  };
}
