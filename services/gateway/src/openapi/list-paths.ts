import {
  acceptedDocument,
  acceptedEvent,
  documentListExample,
  eventListExample,
} from "./document-examples.js";
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, EVENT_TYPES } from "./document-schemas.js";
import { authenticatedErrors, errorResponse } from "./error-responses.js";
import { schemaRef } from "./json-schema.js";
import type { Operation, Parameter } from "./openapi-types.js";
import { ok, queryParameter } from "./operation-parts.js";
import { createExamples } from "./request-examples.js";

const [firstInvoice] = createExamples("invoice");

/** `limit`, `starting_after`, `ending_before`: the page of any list. */
function pageParameters(what: string, exampleId: string): Parameter[] {
  return [
    queryParameter(
      "limit",
      `How many ${what} per page: 1–100; default 10. Over 100 is refused (422), not capped.`,
      {
        type: "integer",
        minimum: 1,
        maximum: 100,
        default: 10,
        examples: [10],
      },
    ),
    queryParameter(
      "starting_after",
      `Cursor for the next (older) page: the \`id\` of the last item of the page you have. The list is read by id, so ${what} created meanwhile never shift it.`,
      { type: "string", examples: [exampleId] },
    ),
    queryParameter(
      "ending_before",
      "Cursor for the previous (newer) page: the `id` of the first item of the page you have. Not with `starting_after`.",
      { type: "string", examples: [exampleId] },
    ),
  ];
}

const badQuery = (filters: string) =>
  errorResponse(
    `A query parameter is repeated, empty or out of range, or a filter has no valid value (${filters}). \`errors\` names each.`,
    ["list_query_invalid"],
  );

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

export function listDocumentsOperation(): Operation {
  return {
    operationId: "listDocuments",
    summary: "List documents",
    description:
      "The documents of the key's company and mode, newest first, with filters. Documents are kept for good (SUNAT requires them for years).",
    tags: ["Documents"],
    parameters: [
      queryParameter("type", "Only this type (SUNAT catalog 01): `01` invoice, `03` receipt.", {
        type: "string",
        enum: [...DOCUMENT_TYPES],
        examples: ["01"],
      }),
      queryParameter("series", "Only this series, e.g. `F001`.", { type: "string", examples: ["F001"] }),
      queryParameter("status", `Only this status: ${DOCUMENT_STATUSES.map((s) => `\`${s}\``).join(", ")}.`, {
        type: "string",
        enum: [...DOCUMENT_STATUSES],
        examples: ["rejected"],
      }),
      queryParameter("issue_date[gte]", "Only documents issued on or after this date (`YYYY-MM-DD`, Lima).", {
        type: "string",
        format: "date",
        examples: ["2026-06-01"],
      }),
      queryParameter(
        "issue_date[lte]",
        "Only documents issued on or before this date (`YYYY-MM-DD`, Lima).",
        {
          type: "string",
          format: "date",
          examples: ["2026-06-30"],
        },
      ),
      queryParameter(
        "customer.document_number",
        "Only documents for this customer: their document number (RUC, DNI… as sent in `customer.document_number`).",
        { type: "string", examples: ["20100070970"] },
      ),
      queryParameter(
        "reference.document_id",
        "Only the credit and debit notes of this invoice or receipt (its `doc_…` id, as in the notes' `reference.document_id`).",
        { type: "string", examples: ["doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B00"] },
      ),
      ...pageParameters("documents", acceptedDocument(firstInvoice!).id),
    ],
    responses: {
      "200": ok("A page of documents.", schemaRef("DocumentList"), {
        page: { summary: "A receipt and an invoice", value: documentListExample() },
      }),
      ...authenticatedErrors(),
      "422": badQuery("`type`, `status`, `issue_date[gte|lte]`"),
    },
  };
}
