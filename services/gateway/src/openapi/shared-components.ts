import type { Header, Parameter } from "./openapi-types.js";

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
