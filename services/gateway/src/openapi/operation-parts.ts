/** Pieces every operation of the reference is made of: parameters, JSON bodies, the `Request-Id` header. */
import { acceptedDocument } from "./document-examples.js";
import type { JsonSchema } from "./json-schema.js";
import type { Example, Parameter, Reference, Response } from "./openapi-types.js";
import { createExamples } from "./request-examples.js";

export const requestIdHeader: Reference = { $ref: "#/components/headers/RequestId" };
/** The `Retry-After` header of an answer that may be retried later. */
export const retryAfterHeader = { "Retry-After": { $ref: "#/components/headers/RetryAfter" } };

/** The headers of a create's 201 and 202: the document's Location, the replay mark, the wait applied. */
export const createdDocumentHeaders = {
  Location: { $ref: "#/components/headers/Location" },
  "Idempotent-Replayed": { $ref: "#/components/headers/IdempotentReplayed" },
  "Preference-Applied": { $ref: "#/components/headers/PreferenceApplied" },
  "Request-Id": requestIdHeader,
};

export const json = (schema: JsonSchema, examples?: Record<string, Example>) => ({
  "application/json": { schema, ...(examples ? { examples } : {}) },
});

export const ok = (description: string, schema: JsonSchema, examples: Record<string, Example>): Response => ({
  description,
  headers: { "Request-Id": requestIdHeader },
  content: json(schema, examples),
});

export const pathParameter = (name: string, description: string, schema: JsonSchema): Parameter => ({
  name,
  in: "path",
  required: true,
  description,
  schema,
});

export const queryParameter = (name: string, description: string, schema: JsonSchema): Parameter => ({
  name,
  in: "query",
  required: false,
  description,
  schema,
});

export const documentIdParameter = (name: string) =>
  pathParameter(name, "A document id (`doc_…`), as returned by the create call.", {
    type: "string",
    pattern: "^doc_",
    examples: [acceptedDocument(createExamples("invoice")[0]!).id],
  });
