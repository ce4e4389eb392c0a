import { certificateUploadSchema } from "../schemas/certificate-upload.schema.js";
import { invoiceRequestSchema } from "../schemas/invoice-request.schema.js";
import { solCredentialsSchema } from "../schemas/sol-credentials.schema.js";
import { sharedErrorResponses } from "./error-responses.js";
import type { OpenApiDocument } from "./openapi-types.js";
import { headers, parameters, paths } from "./paths.js";
import { resourceSchemas } from "./resource-schemas.js";

export { OPENAPI_PATH } from "./paths.js";

/**
 * The request schemas, by component name: the very objects `RequestValidator` compiles with ajv, so the
 * document cannot drift from what the gateway accepts.
 */
export const requestSchemas = {
  InvoiceRequest: invoiceRequestSchema,
  CertificateUploadRequest: certificateUploadSchema,
  SolCredentialsRequest: solCredentialsSchema,
} as const;

const description = `Issues Peru's SUNAT electronic invoices (\`01\`) and receipts (\`03\`). You send the business content; the platform computes taxes and totals, runs every check SUNAT would reject before it assigns a number, numbers, signs the UBL 2.1 XML, submits it to SUNAT and records the verdict as an event.

**Authentication.** \`Authorization: Bearer sk_test_…\` or \`sk_live_…\`. The key prefix selects the mode, and every resource carries \`livemode\`. An id of another company or mode answers 404 exactly like an unknown id.

**Bodies** are JSON (\`Content-Type: application/json\`, at most 1 MB). Money amounts are decimal strings.

**Errors** share one shape (\`Error\`). Besides the responses listed per operation, an unknown path answers 404 \`route_missing\` and a known path with another method 405 \`method_not_allowed\`. Every response carries \`Request-Id\`.`;

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
      { name: "Documents", description: "Invoices and receipts." },
      { name: "Files", description: "The XML, CDR and PDF of a document." },
      { name: "Events", description: "Changes of documents, newest first." },
      { name: "Company", description: "The caller's company and its credentials per mode." },
      { name: "Meta", description: "This document." },
    ],
    paths: paths(),
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
      },
    },
  };
}
