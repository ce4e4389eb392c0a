import { creditNoteRequestSchema, debitNoteRequestSchema, invoiceRequestSchema } from "@einvoice/domain";
import { operationPaths } from "../operations/operation-paths.js";
import { OPERATIONS } from "../operations/operations.js";
import { certificateUploadSchema } from "../schemas/certificate-upload.schema.js";
import { despatchAdviceSchema } from "../schemas/despatch-advice.schema.js";
import { documentEmailSchema } from "../schemas/document-email.schema.js";
import { documentVoidSchema } from "../schemas/document-void.schema.js";
import { greCredentialsSchema } from "../schemas/gre-credentials.schema.js";
import { igvRegimeSchema } from "../schemas/igv-regime.schema.js";
import { solCredentialsSchema } from "../schemas/sol-credentials.schema.js";
import {
  webhookEndpointCreateSchema,
  webhookEndpointUpdateSchema,
} from "../schemas/webhook-endpoint.schema.js";
import { catalogMarkdown, ERROR_SHAPE_MARKDOWN } from "./error-catalog.js";
import { sharedErrorResponses } from "./error-responses.js";
import type { OpenApiDocument } from "./openapi-types.js";
import { resourceSchemas } from "./resource-schemas.js";
import { headers, parameters } from "./shared-components.js";

export { OPENAPI_PATH } from "./openapi-path.js";

/**
 * The request schemas, by component name: the very objects `RequestValidator` compiles with ajv, so the
 * document cannot drift from what the gateway accepts.
 */
export const requestSchemas = {
  InvoiceRequest: invoiceRequestSchema,
  CertificateUploadRequest: certificateUploadSchema,
  SolCredentialsRequest: solCredentialsSchema,
  WebhookEndpointCreate: webhookEndpointCreateSchema,
  WebhookEndpointUpdate: webhookEndpointUpdateSchema,
  DocumentEmailRequest: documentEmailSchema,
  DocumentVoidRequest: documentVoidSchema,
  DespatchAdviceRequest: despatchAdviceSchema,
  GreCredentialsRequest: greCredentialsSchema,
  CreditNoteRequest: creditNoteRequestSchema,
  DebitNoteRequest: debitNoteRequestSchema,

  IgvRegimeRequest: igvRegimeSchema,
} as const;

const description = `Issues Peru's SUNAT electronic invoices (facturas, \`01\`) and receipts (boletas, \`03\`). You send the business content; the platform computes taxes and totals, runs every check SUNAT would reject before it assigns a number, numbers the document, signs its UBL 2.1 XML, submits it to SUNAT and records the verdict as an event.

## Conventions

- **Authentication.** \`Authorization: Bearer sk_test_…\` or \`sk_live_…\`. The key prefix selects the mode (test documents go to the SUNAT simulator or beta, live ones to SUNAT), and every resource carries \`livemode\`. An id of another company or mode answers 404 exactly like an unknown id.
- **Bodies** are JSON (\`Content-Type: application/json\`, at most 1 MiB). Unknown fields are refused (422 \`parameter_unknown\`).
- **Money** is a decimal string, never a JSON number: amounts the API answers have exactly 2 decimals (\`"118.00"\`); amounts you send have at most 2, quantities and unit prices up to 10.
- **Percents and fractions.** Every rate you send is a **percent**: \`items[].isc.rate\`, \`discount.percent\` and \`detraction.percent\` of \`10\` mean 10 % (not 0.10). Perception regimes are chosen by code (\`51\` 2 %, \`52\` 1 %, \`53\` 0.5 %); SUNAT's XML carries their factor as a fraction (0.02).
- **Dates** are \`YYYY-MM-DD\` in Lima time (America/Lima); timestamps are RFC 3339 in UTC with milliseconds.
- **Nulls.** Every field of a resource is always present; \`null\` means not known yet or not applicable (each field says when).
- **Catalogs** are SUNAT's (catalog 01 document types, 06 identity documents, 07 IGV affectation, 51 operation types, 52 legends, 53 charges and discounts, 54 detraction goods and services, 59 payment means); each field names its catalog and the values accepted.
- **Request ids.** Every response carries \`Request-Id\`; quote it when you report a problem.

Besides the responses listed per operation, an unknown path answers 404 \`route_missing\` and a known path with another method 405 \`method_not_allowed\`.

## Errors

${ERROR_SHAPE_MARKDOWN}

${catalogMarkdown(3, "list")}`;

/** The OpenAPI 3.1 document of the public API. Pure: no I/O, no state; the request schemas are shared, not copied. */
export function buildOpenApiDocument(): OpenApiDocument {
  return {
    openapi: "3.1.0",
    info: {
      title: "einvoice API",
      version: "v1",
      summary: "Electronic invoices and receipts for Peru's SUNAT.",
      description,
    },
    servers: [{ url: "/", description: "The host that serves this document." }],
    security: [{ bearerAuth: [] }],
    tags: [
      {
        name: "Documents",
        description:
          "Invoices (facturas, `01`) and receipts (boletas, `03`): issue them, then follow their status to SUNAT's verdict.",
      },
      { name: "Files", description: "The signed XML, SUNAT's CDR and the PDF of a document." },
      {
        name: "Webhooks",
        description:
          "HTTPS endpoints that receive events as signed POSTs (Standard Webhooks), with their delivery logs.",
      },
      {
        name: "Events",
        description:
          "What happened to documents (accepted, observed, rejected), newest first, with the document as it stood.",
      },
      {
        name: "Company",
        description: "The caller's company, and its signing certificate and SOL credentials per mode.",
      },
      { name: "Meta", description: "This reference." },
    ],
    paths: operationPaths(OPERATIONS),
    components: {
      schemas: { ...requestSchemas, ...resourceSchemas },
      responses: sharedErrorResponses,
      parameters,
      headers,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "sk_test_… | sk_live_…",
          description:
            "An API key: `sk_test_…` selects test mode, `sk_live_…` live mode. Keys are shown once, when created.",
        },
        fileLinkSignature: {
          type: "apiKey",
          in: "query",
          name: "signature",
          description:
            "File links only: the document's `links` carry `company`, `mode`, `expires` and this `signature`, so they open without a key until they expire (7 days by default).",
        },
      },
    },
  };
}
