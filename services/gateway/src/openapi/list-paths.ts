import { acceptedDocument, acceptedEvent, eventListExample } from "./document-examples.js";
import { EVENT_TYPES } from "./document-schemas.js";
import { authenticatedErrors } from "./error-responses.js";
import { schemaRef } from "./json-schema.js";
import type { Operation } from "./openapi-types.js";
import { ok, queryParameter } from "./operation-parts.js";
import { createExamples } from "./request-examples.js";

const [firstInvoice] = createExamples("invoice");

import { badQuery, pageParameters } from "../operations/list-parameters.js";

export function listEventsOperation(): Operation {
  return {
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
  };
}
