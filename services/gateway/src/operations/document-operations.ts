import { DOCUMENT_STATUSES, DOCUMENT_TYPES, type SaleDocumentType } from "@einvoice/domain";
import { hasIdShape } from "@einvoice/platform";
import { linkSignerFor, scopeOf } from "../http/context.js";
import { documentCreate } from "../http/created-document.js";
import { listDocumentsRequest } from "../http/document-list-query.js";
import { presentDocument } from "../http/presenters.js";
import {
  acceptedDocument,
  deadlineRejectedDocument,
  documentListExample,
  pendingDocument,
  retryingDocument,
} from "../openapi/document-examples.js";
import { authenticatedErrors, errorResponse, SHAPE_CODES, TAX_CODES } from "../openapi/error-responses.js";
import { schemaRef } from "../openapi/json-schema.js";
import { listPage } from "../openapi/list-schema.js";
import type { Example } from "../openapi/openapi-types.js";
import {
  createdDocumentHeaders,
  documentIdParameter,
  json,
  ok,
  queryParameter,
} from "../openapi/operation-parts.js";
import {
  type CreateExample,
  createExamples,
  type DocumentKind,
  REFUSED_EXAMPLE,
} from "../openapi/request-examples.js";
import { ReadDocument } from "../usecases/read-document.js";
import { defineOperation, type OperationWiring } from "./define-operation.js";
import { documentCreateErrors, documentCreateParameters } from "./document-create-parts.js";
import { documentMissing } from "./document-missing.js";
import { badQuery, pageParameters } from "./list-parameters.js";

const byName = (examples: readonly CreateExample[], value: (e: CreateExample) => unknown) =>
  Object.fromEntries(
    examples.map((e) => [e.name, { summary: e.summary, description: e.description, value: value(e) }]),
  );

const CREATE_TEXT: Record<DocumentKind, { id: string; summary: string; intro: string }> = {
  invoice: {
    id: "createInvoice",
    summary: "Issue an invoice (factura, type 01)",
    intro:
      "Issues a factura: a sale to a RUC holder (or an export to a foreign buyer). Credit sales, detractions, perceptions and prepayments are invoice features.",
  },
  receipt: {
    id: "createReceipt",
    summary: "Issue a receipt (boleta, type 03)",
    intro:
      "Issues a boleta, usually to a final consumer: the same body as an invoice, and `customer` may be omitted up to S/ 700.00 in PEN. No credit sale and no detraction.",
  },
};

/** The description of a create of invoices or receipts: the same body, the same answers. */
function createDocumentDoc(kind: DocumentKind) {
  const text = CREATE_TEXT[kind];
  const examples = createExamples(kind);
  const refused: Record<string, Example> =
    kind === "invoice"
      ? {
          refused: {
            summary: "A request the rules refuse (422)",
            description: "Valid shape, refused business: see the 422 example `tax_rules`.",
            value: REFUSED_EXAMPLE.request,
          },
        }
      : {};
  return {
    operationId: text.id,
    summary: text.summary,
    description: [
      text.intro,
      "**What happens.** The gateway checks the JSON shape; the tax service computes taxes and totals and runs every check SUNAT would reject; only then is the next number of the series assigned, so a refused request never spends a number. The document is then signed (UBL 2.1, XML-DSig) and submitted to SUNAT asynchronously, and its `status` moves from `pending` to `accepted`, `observed` or `rejected`.",
      "**Following it.** Send `Prefer: wait=N` to wait up to N seconds for the verdict in this call, or read `GET /v1/documents/{id}` (the `Location` header), or the events (`GET /v1/events?document_id=…`).",
      "**Live mode.** A live key issues only once the company has loaded its live certificate and SOL user (409 `company_not_configured` otherwise). Test mode needs neither.",
    ].join("\n\n"),
    tags: ["Documents"],
    parameters: documentCreateParameters,
    requestBody: {
      description: "The business content of the document; the platform computes every amount.",
      required: true,
      content: json(schemaRef("InvoiceRequest"), { ...byName(examples, (e) => e.request), ...refused }),
    },
    responses: {
      "201": {
        description:
          "With `Prefer: wait=N`: the document reached its final status (`accepted`, `observed` or `rejected`) within N seconds. Each example answers the request example of the same name.",
        headers: createdDocumentHeaders,
        content: json(schemaRef("Document"), byName(examples, acceptedDocument)),
      },
      "202": {
        description:
          "The document is numbered and `pending`: no `Prefer` was sent, or N seconds passed before the verdict (`Preference-Applied` is then set). Follow it with `GET /v1/documents/{id}`.",
        headers: createdDocumentHeaders,
        content: json(schemaRef("Document"), byName(examples, pendingDocument)),
      },
      ...documentCreateErrors({
        conflict:
          "The company cannot issue in the key's mode yet (no number is spent), or a request with the same `Idempotency-Key` is still running (`Retry-After` says when to retry).",
        refused:
          "A check failed; no number is spent. `errors` lists every failed check, each with the dotted `param` of its field: first the body's shape, then (once the shape is right) the tax engine's rules. Or the `Idempotency-Key` was already used for another request.",
        refusedBy: "tax_rules",
        refusedCodes: [...SHAPE_CODES, ...TAX_CODES],
      }),
    },
  };
}

/** The create contract of a sale document of this type (see `documentCreate`). */
const createHandler =
  (type: SaleDocumentType) =>
  ({ deps, issuing }: OperationWiring) =>
    documentCreate(
      deps,
      (body) => deps.validator.invoiceRequest(body),
      (command) => issuing.createDocument.execute({ ...command, type }),
    );

const [firstInvoice, firstReceipt] = [createExamples("invoice")[0]!, createExamples("receipt")[0]!];

export const createInvoice = defineOperation({
  method: "post",
  path: "/v1/invoices",
  ...createDocumentDoc("invoice"),
  handler: createHandler("01"),
});

export const createReceipt = defineOperation({
  method: "post",
  path: "/v1/receipts",
  ...createDocumentDoc("receipt"),
  handler: createHandler("03"),
});

export const listDocuments = defineOperation({
  method: "get",
  path: "/v1/documents",
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
    queryParameter("issue_date[lte]", "Only documents issued on or before this date (`YYYY-MM-DD`, Lima).", {
      type: "string",
      format: "date",
      examples: ["2026-06-30"],
    }),
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
  handler:
    ({ deps }) =>
    async (ctx) => {
      const res = await deps.numbering.listDocuments(
        listDocumentsRequest(ctx.query, scopeOf(ctx.state.caller)),
      );
      const sign = linkSignerFor(deps, ctx.state);
      ctx.body = listPage(
        "/v1/documents",
        res.hasMore,
        res.documents.map((document) => presentDocument(document, sign)),
      );
    },
});

export const getDocument = defineOperation({
  method: "get",
  path: "/v1/documents/{id}",
  operationId: "getDocument",
  summary: "Retrieve a document",
  description:
    "The document as it stands now: poll it after a `202` until `status` is final, or read it when an event names it. A document of another company or mode answers 404, like an unknown id.",
  tags: ["Documents"],
  parameters: [documentIdParameter("id")],
  responses: {
    "200": ok("The document.", schemaRef("Document"), {
      invoice: { summary: "An accepted invoice", value: acceptedDocument(firstInvoice) },
      receipt: { summary: "An accepted receipt", value: acceptedDocument(firstReceipt) },
      pending: { summary: "Waiting for SUNAT", value: pendingDocument(firstInvoice) },
      retrying: {
        summary: "Pending: SUNAT could not be reached, tried again on a backoff",
        value: retryingDocument(firstInvoice),
      },
      deadline: {
        summary: "Rejected: no verdict before the deadline",
        value: deadlineRejectedDocument(firstInvoice),
      },
    }),
    ...authenticatedErrors(),
    "404": errorResponse(
      "No such document, or one of another company or mode (nothing leaks between scopes).",
      ["document_missing"],
    ),
  },
  handler: ({ deps }) => {
    const readDocument = new ReadDocument(deps);
    return async (ctx) => {
      const id = ctx.params.id!;
      if (!hasIdShape(id, "doc")) throw documentMissing(id);
      const { document } = await readDocument.execute(scopeOf(ctx.state.caller), id);
      ctx.body = presentDocument(document, linkSignerFor(deps, ctx.state));
    };
  },
});
