import {
  authenticatedErrors,
  bodyErrors,
  CREDENTIAL_CODES,
  errorResponse,
  SHAPE_CODES,
} from "./error-responses.js";
import {
  documentExample,
  eventExample,
  invoiceRequestExample,
  pendingDocumentExample,
  receiptRequestExample,
} from "./examples.js";
import { type JsonSchema, schemaRef } from "./json-schema.js";
import type {
  Example,
  Header,
  Operation,
  Parameter,
  PathItem,
  Reference,
  Response,
} from "./openapi-types.js";
import { EVENT_TYPES } from "./resource-schemas.js";

/** The path of the document itself, served before authentication. */
export const OPENAPI_PATH = "/v1/openapi.json";

const requestIdHeader: Reference = { $ref: "#/components/headers/RequestId" };

const json = (schema: JsonSchema, examples?: Record<string, Example>) => ({
  "application/json": { schema, ...(examples ? { examples } : {}) },
});

const ok = (description: string, schema: JsonSchema, examples?: Record<string, Example>): Response => ({
  description,
  headers: { "Request-Id": requestIdHeader },
  content: json(schema, examples),
});

const pathParameter = (name: string, description: string, schema: JsonSchema): Parameter => ({
  name,
  in: "path",
  required: true,
  description,
  schema,
});

const queryParameter = (name: string, description: string, schema: JsonSchema): Parameter => ({
  name,
  in: "query",
  required: false,
  description,
  schema,
});

/** `components.parameters`. */
export const parameters: Record<string, Parameter> = {
  Prefer: {
    name: "Prefer",
    in: "header",
    required: false,
    description:
      "RFC 7240. `wait=N`: wait up to N seconds (capped at `MAX_WAIT_SECONDS`, 60) for the document's final state. Without it the call answers at once with `202` and status `pending`.",
    schema: { type: "string", pattern: "wait=\\d+", examples: ["wait=10"] },
  },
};

/** `components.headers`. */
export const headers: Record<string, Header> = {
  RequestId: {
    description:
      "Id of this request (`req_…`); quote it when reporting a problem. Errors are logged with it.",
    schema: { type: "string", pattern: "^req_" },
  },
  Location: {
    description: "`/v1/documents/{id}` of the created document.",
    required: true,
    schema: { type: "string", format: "uri-reference" },
  },
  PreferenceApplied: {
    description: "`wait=N` with the N actually used (after the cap); present when `Prefer: wait=N` was sent.",
    schema: { type: "string", pattern: "^wait=\\d+$" },
  },
};

const createHeaders = {
  Location: { $ref: "#/components/headers/Location" },
  "Preference-Applied": { $ref: "#/components/headers/PreferenceApplied" },
  "Request-Id": requestIdHeader,
};

const notFound = (what: string, name: "document_missing" | "event_missing") =>
  errorResponse(`No such ${what}, or one of another company or mode (nothing leaks between scopes).`, [name]);

function create(kind: "invoice" | "receipt"): Operation {
  const invoice = kind === "invoice";
  return {
    operationId: invoice ? "createInvoice" : "createReceipt",
    summary: invoice ? "Issue an invoice (type 01)" : "Issue a receipt (type 03)",
    description: [
      invoice
        ? "Issues a factura. The customer must hold a RUC, except on export."
        : "Issues a boleta: the same body as an invoice; `customer` is optional up to S/ 700.00 in PEN. No credit installments.",
      "The gateway checks the JSON shape, the tax service runs every check SUNAT would reject, and only then is the next number of the series assigned: a failed check never spends a number.",
      "The document is then signed and submitted to SUNAT asynchronously; follow it with `Prefer: wait=N`, `GET /v1/documents/{id}` or the events.",
    ].join("\n\n"),
    tags: ["Documents"],
    parameters: [{ $ref: "#/components/parameters/Prefer" }],
    requestBody: {
      required: true,
      content: json(
        schemaRef("InvoiceRequest"),
        invoice
          ? { readme: { summary: "The invoice of README.md", value: invoiceRequestExample } }
          : { anonymous: { summary: "A receipt without customer", value: receiptRequestExample } },
      ),
    },
    responses: {
      "201": {
        description:
          "With `Prefer: wait=N`: the document reached its final state (`accepted`, `observed` or `rejected`) in time.",
        headers: createHeaders,
        content: json(schemaRef("Document"), { accepted: { value: documentExample } }),
      },
      "202": {
        description:
          "The document is numbered and `pending`: no `Prefer`, or N seconds passed before the verdict. `Preference-Applied` is set when `Prefer: wait=N` was sent.",
        headers: createHeaders,
        content: json(schemaRef("Document"), { pending: { value: pendingDocumentExample } }),
      },
      ...bodyErrors(),
      ...authenticatedErrors(),
      "409": errorResponse(
        "A live key, and the company has not loaded its certificate or SOL user for live mode (no number is spent).",
        ["company_not_configured"],
      ),
      "422": errorResponse(
        "A check failed; `errors` lists every one and `param` is the dotted path. Either the body's shape (`parameter_*`) or, once the shape is right, the tax engine's business checks (`invalid_series`, `export_mixed`, …; see the README). No number is spent.",
        ["shape_invalid", "tax_rules"],
        [...SHAPE_CODES],
      ),
    },
  };
}

const documentIdParameter = (name: string) =>
  pathParameter(name, "A document id (`doc_…`).", { type: "string", examples: [documentExample.id] });

export function paths(): Record<string, PathItem> {
  return {
    "/v1/invoices": { post: create("invoice") },
    "/v1/receipts": { post: create("receipt") },
    "/v1/documents/{id}": {
      get: {
        operationId: "getDocument",
        summary: "Retrieve a document",
        tags: ["Documents"],
        parameters: [documentIdParameter("id")],
        responses: {
          "200": ok("The document.", schemaRef("Document"), { accepted: { value: documentExample } }),
          ...authenticatedErrors(),
          "404": notFound("document", "document_missing"),
        },
      },
    },
    "/v1/files/{document_id}/{kind}": {
      get: {
        operationId: "getDocumentFile",
        summary: "Download a document's file",
        description:
          "The bytes of the signed UBL XML, SUNAT's CDR (a zip) or the PDF, with `Content-Disposition: attachment`. Needs the same bearer key as the document; 404 until the file exists.",
        tags: ["Files"],
        parameters: [
          documentIdParameter("document_id"),
          pathParameter("kind", "Which file.", { type: "string", enum: ["xml", "cdr", "pdf"] }),
        ],
        responses: {
          "200": {
            description: "The file.",
            headers: {
              "Content-Disposition": {
                description: '`attachment; filename="<SUNAT file name>"`.',
                schema: { type: "string" },
              },
              "Request-Id": requestIdHeader,
            },
            content: { "application/xml": {}, "application/zip": {}, "application/pdf": {} },
          },
          ...authenticatedErrors(),
          "404": errorResponse(
            "No such document (or one of another company or mode), an unknown kind, or a file that does not exist yet.",
            ["document_missing", "file_missing"],
          ),
        },
      },
    },
    "/v1/events": {
      get: {
        operationId: "listEvents",
        summary: "List events",
        description: "Events of the key's company and mode, newest first.",
        tags: ["Events"],
        parameters: [
          queryParameter("type", "Only events of this type.", { type: "string", enum: [...EVENT_TYPES] }),
          queryParameter("document_id", "Only events of this document.", { type: "string" }),
          queryParameter("limit", "Page size.", { type: "integer", minimum: 1, maximum: 100, default: 10 }),
          queryParameter(
            "starting_after",
            "An event id: the page starts after it (pass the last id of `data`).",
            {
              type: "string",
            },
          ),
        ],
        responses: {
          "200": ok("A page of events.", schemaRef("EventList"), {
            page: { value: { object: "list", url: "/v1/events", has_more: false, data: [eventExample] } },
          }),
          ...authenticatedErrors(),
          "400": errorResponse("A query parameter is repeated, empty or out of range.", ["limit_invalid"]),
        },
      },
    },
    "/v1/events/{id}": {
      get: {
        operationId: "getEvent",
        summary: "Retrieve an event",
        tags: ["Events"],
        parameters: [
          pathParameter("id", "An event id (`evt_…`).", { type: "string", examples: [eventExample.id] }),
        ],
        responses: {
          "200": ok("The event.", schemaRef("Event"), { accepted: { value: eventExample } }),
          ...authenticatedErrors(),
          "404": notFound("event", "event_missing"),
        },
      },
    },
    "/v1/company": {
      get: {
        operationId: "getCompany",
        summary: "Retrieve the caller's company",
        description: "The company of the key, plus the key's mode's `certificate`, `sol_user` and `ready`.",
        tags: ["Company"],
        responses: { "200": ok("The company.", schemaRef("Company")), ...authenticatedErrors() },
      },
    },
    "/v1/company/certificate": {
      put: {
        operationId: "setCompanyCertificate",
        summary: "Upload the signing certificate of the key's mode",
        description:
          "Either `pfx` (base64 of the .pfx/.p12) with its `password`, or a PEM `certificate` with its PEM `private_key`; not both. The key must be RSA and match the certificate, and the certificate must be valid today. Replaces the mode's previous certificate; the private key is stored encrypted by the signing service.",
        tags: ["Company"],
        requestBody: {
          required: true,
          content: json(schemaRef("CertificateUploadRequest"), {
            pkcs12: {
              summary: "A PKCS#12 file",
              value: {
                pfx: "MIIKAgEDMIIJ+AYJKoZIhvcNAQcBoIIJ6QSCCeUwggnhMIIFBgYJKoZIhvcNAQcB",
                password: "clave",
              },
            },
            pem: {
              summary: "PEM certificate and key",
              value: {
                certificate: "-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----\n",
                private_key: "-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----\n",
              },
            },
          }),
        },
        responses: {
          "200": ok("The certificate now in use for the mode.", schemaRef("Certificate")),
          ...bodyErrors(),
          ...authenticatedErrors(),
          "422": errorResponse(
            "The body's shape, or the credentials themselves, naming `pfx`, `password`, `certificate` or `private_key`.",
            ["wrong_password", "key_certificate_mismatch"],
            [...SHAPE_CODES, ...CREDENTIAL_CODES],
          ),
        },
      },
    },
    "/v1/company/sol_credentials": {
      put: {
        operationId: "setSolCredentials",
        summary: "Set the SOL user and password of the key's mode",
        description: "Stored encrypted by the submission service; the password is never returned.",
        tags: ["Company"],
        requestBody: {
          required: true,
          content: json(schemaRef("SolCredentialsRequest"), {
            beta: { summary: "SUNAT beta's public pair", value: { user: "MODDATOS", password: "moddatos" } },
          }),
        },
        responses: {
          "200": ok("The SOL user now in use for the mode.", schemaRef("SolCredentials")),
          ...bodyErrors(),
          ...authenticatedErrors(),
          "422": errorResponse("The body's shape.", ["sol_user_invalid"], [...SHAPE_CODES]),
        },
      },
    },
    [OPENAPI_PATH]: {
      get: {
        operationId: "getOpenApiDocument",
        summary: "This OpenAPI 3.1 document",
        description: "Needs no key.",
        tags: ["Meta"],
        security: [],
        responses: {
          "200": {
            description: "The OpenAPI document of this API.",
            headers: { "Request-Id": requestIdHeader },
            content: { "application/json": { schema: { type: "object" } } },
          },
        },
      },
    },
  };
}
