import {
  setCompanyCertificate,
  setGreCredentials,
  setSolCredentials,
} from "../operations/credential-operations.js";
import { createDespatchAdvice } from "../operations/despatch-operations.js";
import {
  createInvoice,
  createReceipt,
  getDocument,
  listDocuments,
} from "../operations/document-operations.js";
import { emailDocument, getEmail } from "../operations/email-operations.js";
import { getDocumentFile } from "../operations/file-operations.js";
import { deleteCompanyLogo, getCompanyLogo, setCompanyLogo } from "../operations/logo-operations.js";
import { createCreditNote, createDebitNote } from "../operations/note-operations.js";
import { operationPaths } from "../operations/operation-paths.js";
import { voidDocument } from "../operations/void-operations.js";
import { companyExample } from "./company-examples.js";
import { acceptedEvent } from "./document-examples.js";
import { authenticatedErrors, bodyErrors, errorResponse, SHAPE_CODES } from "./error-responses.js";
import { eventStreamPaths } from "./event-stream-paths.js";
import { schemaRef } from "./json-schema.js";
import { listEventsOperation } from "./list-paths.js";
import type { Header, Parameter, PathItem } from "./openapi-types.js";
import { json, ok, pathParameter, requestIdHeader } from "./operation-parts.js";
import { createExamples } from "./request-examples.js";
import { webhookPaths } from "./webhook-paths.js";

/** The path of the document itself, served before authentication. */
export const OPENAPI_PATH = "/v1/openapi.json";

/** `components.parameters`. */
export const parameters: Record<string, Parameter> = {
  Prefer: {
    name: "Prefer",
    in: "header",
    required: false,
    description:
      "RFC 7240 `wait=N`: wait up to N seconds (capped at 60, `MAX_WAIT_SECONDS`) for the document's final status, and answer `201` with it, or `202` with the pending document when N seconds pass first. Without it the call answers at once with `202` and status `pending`.",
    schema: { type: "string", pattern: "wait=\\d+", examples: ["wait=10"] },
  },
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "A key of yours, unique per request (1–255 printable ASCII characters; a UUID is a good choice), kept 24 h per company and mode. Sending the same request again with the same key (after a timeout or a lost answer) returns the first answer with `Idempotent-Replayed: true`, and never issues a second document or spends a second number. The same key with another body: 422 `idempotency_key_reused`; while the first request still runs: 409 `idempotency_key_in_use` with `Retry-After`. Without it every call issues a new document.",
    schema: {
      type: "string",
      minLength: 1,
      maxLength: 255,
      pattern: "^[\\x20-\\x7E]+$",
      examples: ["6f1c2d9e-2b1a-4c59-9a53-2f0c3e7d8a41"],
    },
  },
};

/** `components.headers`. */
export const headers: Record<string, Header> = {
  RequestId: {
    description:
      "Id of this request (`req_…`), on every response; quote it when reporting a problem. Errors are logged with it.",
    schema: { type: "string", pattern: "^req_", examples: ["req_01JZ8X3M5Q7R9T1V3W5Y7Z9B2C"] },
  },
  Location: {
    description: "`/v1/documents/{id}` of the created document.",
    required: true,
    schema: {
      type: "string",
      format: "uri-reference",
      examples: ["/v1/documents/doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B00"],
    },
  },
  IdempotentReplayed: {
    description:
      "`true` when this answer is the stored answer of an earlier request with the same `Idempotency-Key` (nothing was issued again).",
    schema: { type: "string", const: "true", examples: ["true"] },
  },
  RetryAfter: {
    description:
      "Seconds to wait before retrying with the same `Idempotency-Key`; sent with `idempotency_key_in_use` only.",
    schema: { type: "integer", minimum: 1, examples: [90] },
  },
  PreferenceApplied: {
    description: "`wait=N` with the N actually used (after the cap); present when `Prefer: wait=N` was sent.",
    schema: { type: "string", pattern: "^wait=\\d+$", examples: ["wait=10"] },
  },
};

const notFound = (what: string, name: "document_missing" | "event_missing") =>
  errorResponse(`No such ${what}, or one of another company or mode (nothing leaks between scopes).`, [name]);

const [firstInvoice, firstReceipt] = [createExamples("invoice")[0]!, createExamples("receipt")[0]!];

export function paths(): Record<string, PathItem> {
  return {
    ...operationPaths([createInvoice, createReceipt, listDocuments, getDocument]),
    ...operationPaths([createCreditNote, createDebitNote]),
    ...operationPaths([getDocumentFile]),
    ...eventStreamPaths(),
    ...webhookPaths(),
    ...operationPaths([emailDocument, getEmail]),
    ...operationPaths([setCompanyLogo, getCompanyLogo, deleteCompanyLogo]),
    ...operationPaths([createDespatchAdvice, setGreCredentials]),
    ...operationPaths([voidDocument]),
    "/v1/events": { get: listEventsOperation() },
    "/v1/events/{id}": {
      get: {
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
          "404": notFound("event", "event_missing"),
        },
      },
    },
    "/v1/company": {
      get: {
        operationId: "getCompany",
        summary: "Retrieve the caller's company",
        description:
          "The company of the key (the issuer printed on its documents), with the key's mode's `certificate`, `sol_user` and `ready`: check `ready` before issuing with a live key.",
        tags: ["Company"],
        responses: {
          "200": ok("The company.", schemaRef("Company"), {
            test: { summary: "Test mode", value: companyExample },
          }),
          ...authenticatedErrors(),
        },
      },
    },
    ...operationPaths([setCompanyCertificate, setSolCredentials]),
    "/v1/company/igv_regime": {
      put: {
        operationId: "setIgvRegime",
        summary: "Set the IGV regime of the key's mode",
        description:
          "Whether the company's invoices and receipts of the key's mode carry the general IGV (18 %, the default) or the special rate for micro and small restaurants, hotels and tourist lodgings (Ley 31556 and its extensions; the company must be in SUNAT's register, or SUNAT observes each document with 4439). With `restaurants_hotels`, every IGV line carries the special rate in force on the issue date (10 % until 2025-12-31, 10.5 % in 2026; one rate per document, SUNAT rule 3462), in the amounts, the XML (`cbc:Percent`) and the PDF (`IGV 10.5%`). An invoice of S/ 100.00 + IGV issued in 2026 totals S/ 110.50. Documents already issued keep their rate. Answers the company.",
        tags: ["Company"],
        requestBody: {
          description: "The regime.",
          required: true,
          content: json(schemaRef("IgvRegimeRequest"), {
            restaurant: {
              summary: "A restaurant in the register",
              value: { igv_regime: "restaurants_hotels" },
            },
            general: { summary: "Back to 18 %", value: { igv_regime: "general" } },
          }),
        },
        responses: {
          "200": ok("The company, with its `igv_regime`.", schemaRef("Company"), {
            restaurant: {
              summary: "A restaurant",
              value: { ...companyExample, igv_regime: "restaurants_hotels" },
            },
          }),
          ...bodyErrors(),
          ...authenticatedErrors(),
          "422": errorResponse(
            "The body's shape: `igv_regime` is `general` or `restaurants_hotels`.",
            ["igv_regime_invalid"],
            [...SHAPE_CODES],
          ),
        },
      },
    },
    [OPENAPI_PATH]: {
      get: {
        operationId: "getOpenApiDocument",
        summary: "This OpenAPI 3.1 document",
        description:
          "The machine-readable reference of this API, built from the schemas the gateway validates with. Needs no key. The same document is rendered for people at `GET /docs`.",
        tags: ["Meta"],
        security: [],
        responses: {
          "200": {
            description: "The OpenAPI document of this API.",
            headers: { "Request-Id": requestIdHeader },
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  description: "An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0).",
                },
              },
            },
          },
        },
      },
    },
  };
}
