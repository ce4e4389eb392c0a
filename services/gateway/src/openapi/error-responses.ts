import {
  Code,
  ConnectError,
  CREDENTIAL_ERRORS,
  NOTIFICATION_ERRORS,
  notFound,
  SERVICE_ERRORS,
  SHAPE_ERRORS,
  serviceError,
  violationsError,
} from "@einvoice/platform";
import { TAX_ERRORS } from "@einvoice/tax-engine";
import { GATEWAY_ERRORS } from "../errors/gateway-errors.js";
import {
  type ApiError,
  apiError,
  publicErrorFromConnect,
  validationFailed,
} from "../errors/public-errors.js";
import { codeList } from "./error-catalog.js";
import { schemaRef } from "./json-schema.js";
import type { Reference, Response } from "./openapi-types.js";
import { requestIdHeader, retryAfterHeader } from "./operation-parts.js";
import { REFUSED_EXAMPLE } from "./request-examples.js";

/**
 * The public errors the document shows, built with the gateway's own error code: `apiError` over the error
 * tables for what the edge answers itself (middleware and routes), `validationFailed` for shape errors, and `publicErrorFromConnect`
 * (the single table in public-errors.ts) for what services throw. Status, type and code therefore come from
 * the code that answers, and each example is the exact body a caller receives.
 */
const fromService = (error: ConnectError) => publicErrorFromConnect(error);

export const publicErrors = {
  // middleware.ts: the JSON body.
  invalid_json: apiError(GATEWAY_ERRORS.invalid_json, "The body must be a JSON object."),
  payload_too_large: apiError(GATEWAY_ERRORS.payload_too_large, "The body exceeds 1048576 bytes."),
  unsupported_media_type: apiError(
    GATEWAY_ERRORS.unsupported_media_type,
    "Send the body as JSON with 'Content-Type: application/json'.",
  ),
  // middleware.ts: the bearer key; an unknown or revoked key reads as the table's Unauthenticated.
  api_key_missing: apiError(
    GATEWAY_ERRORS.api_key_missing,
    "No API key provided. Send 'Authorization: Bearer sk_…'.",
  ),
  api_key_invalid: fromService(new ConnectError("unknown key", Code.Unauthenticated)),
  // event-routes.ts: query parameters.
  list_query_invalid: validationFailed([
    {
      param: "limit",
      code: "parameter_invalid",
      message: "limit must be a whole number from 1 to 100; the default is 10.",
    },
    {
      param: "created[gte]",
      code: "parameter_invalid",
      message: "created[gte] must be a time: Unix seconds (1767225600) or RFC 3339 (2026-01-01T00:00:00Z).",
    },
  ]),
  // idempotency.ts: the Idempotency-Key of a POST.
  idempotency_key_invalid: apiError(
    GATEWAY_ERRORS.idempotency_key_invalid,
    "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID is a good choice).",
    "Idempotency-Key",
  ),
  idempotency_key_in_use: apiError(
    GATEWAY_ERRORS.idempotency_key_in_use,
    "A request with this Idempotency-Key is still being processed. Retry in 90 s with the same key to get its result.",
    "Idempotency-Key",
  ),
  idempotency_key_reused: apiError(
    GATEWAY_ERRORS.idempotency_key_reused,
    "This Idempotency-Key was already used for a different request (method, path or body). Send a new key for a new request.",
    "Idempotency-Key",
  ),
  // Routes and services: ids of another company or mode answer exactly like unknown ids.
  document_missing: fromService(notFound("document", "doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B2C")),
  event_missing: fromService(notFound("event", "evt_01JZ8X3M5Q7R9T1V3W5Y7Z9B2C")),
  email_missing: fromService(notFound("email", "eml_01JZ8X3M5Q7R9T1V3W5Y7Z9B2C")),
  email_invalid: fromService(
    violationsError([{ param: "to.0", code: "email_invalid", message: "to.0 is not an email address." }]),
  ),
  // numbering's VoidDocument (POST /v1/documents/{id}/void).
  document_not_voidable: fromService(
    serviceError(
      SERVICE_ERRORS.document_not_voidable,
      "Only documents SUNAT accepted can be voided; this one is pending.",
    ),
  ),
  void_in_progress: fromService(
    serviceError(
      SERVICE_ERRORS.void_in_progress,
      "A void of this document is already on its way to SUNAT; wait for document.voided or document.void_failed.",
    ),
  ),
  document_already_voided: fromService(
    serviceError(SERVICE_ERRORS.document_already_voided, "This document is already voided."),
  ),
  despatch_void_in_portal: fromService(
    serviceError(
      SERVICE_ERRORS.despatch_void_in_portal,
      "A despatch advice cannot be voided through the API: SUNAT only takes its void in SUNAT Operaciones en Línea (SOL), before the transport starts or when the recipient changes.",
    ),
  ),
  void_window_closed: fromService(
    violationsError([
      {
        param: "issue_date",
        code: "void_window_closed",
        message:
          "SUNAT only takes a void up to 7 days after the issue date (2026-06-01); the last day was 2026-06-08. Issue a credit note instead.",
      },
    ]),
  ),
  void_reason_invalid: fromService(
    violationsError([
      {
        param: "reason",
        code: "parameter_invalid",
        message: "The reason cannot contain control characters such as line breaks or tabs.",
      },
    ]),
  ),
  webhook_endpoint_missing: fromService(notFound("webhook endpoint", "we_01JZ8X3M5Q7R9T1V3W5Y7Z9B2C")),
  webhook_delivery_missing: fromService(notFound("webhook delivery", "wd_01JZ8X3M5Q7R9T1V3W5Y7Z9B2C")),
  webhook_endpoint_invalid: fromService(
    violationsError([
      {
        param: "url",
        code: "url_invalid",
        message: "url must point to a public address, not a private, loopback or reserved one.",
      },
      {
        param: "events.1",
        code: "event_type_unknown",
        message:
          'events.1 is not an event type; use "*" or one of document.accepted, document.observed, document.rejected, document.voided, document.void_failed, email.sent, email.failed.',
      },
    ]),
  ),
  // The company's logo (operations/company-operations.ts).
  logo_type_unsupported: apiError(
    GATEWAY_ERRORS.unsupported_media_type,
    "Send the logo's bytes as the body with 'Content-Type: image/png' or 'image/jpeg'.",
  ),
  logo_too_large: apiError(
    GATEWAY_ERRORS.logo_too_large,
    "The logo is 2400×800 pixels; each side may be at most 2000 pixels. Scale it down and upload it again.",
  ),
  logo_invalid: apiError(
    GATEWAY_ERRORS.logo_invalid,
    "The Content-Type says image/png but the body is a JPEG image: send it with 'Content-Type: image/jpeg'.",
  ),
  logo_missing: apiError(
    SERVICE_ERRORS.resource_missing,
    "The company has no logo in this mode: upload one with PUT /v1/company/logo.",
    null,
  ),
  // open-document-file.ts and middleware.ts: files and their signed links.
  file_kind_missing: apiError(
    SERVICE_ERRORS.resource_missing,
    "No such file kind: 'docx'. A document has the files xml, cdr and pdf.",
    "kind",
  ),
  file_not_ready: apiError(
    GATEWAY_ERRORS.file_not_ready,
    "The PDF of this document is being made; it exists seconds after the document is signed. Retry shortly.",
    "kind",
    2,
  ),
  file_format_invalid: apiError(
    SHAPE_ERRORS.parameter_invalid,
    "format must be a4 (the default) or ticket (an 80 mm roll).",
    "format",
  ),
  file_link_invalid: apiError(
    GATEWAY_ERRORS.file_link_invalid,
    "This file link's signature does not match: use the link exactly as the API gave it, or send the API key.",
  ),
  file_link_expired: apiError(
    GATEWAY_ERRORS.file_link_expired,
    "This file link expired at 2026-06-08T11:00:00.000Z. Read the document again for fresh links, or send the API key.",
  ),
  storage_unavailable: apiError(
    GATEWAY_ERRORS.service_unavailable,
    "File storage is temporarily unavailable; retry later.",
    null,
    2,
  ),
  // The stream service: where an event stream resumes.
  last_event_id_invalid: fromService(
    serviceError(
      SERVICE_ERRORS.last_event_id_invalid,
      "Last-Event-ID must be an event id (evt_…) or a position (pos_…) this stream sent.",
      "Last-Event-ID",
    ),
  ),
  last_event_id_unknown: fromService(
    serviceError(
      SERVICE_ERRORS.last_event_id_unknown,
      "No event or position 'evt_01JZ8X3M5Q7R9T1V3W5Y7Z9B2C' in this company's and mode's stream. Open the stream without Last-Event-ID, and catch up with GET /v1/events.",
      "Last-Event-ID",
    ),
  ),
  last_event_id_expired: fromService(
    serviceError(
      SERVICE_ERRORS.last_event_id_expired,
      "'evt_01JZ8X3M5Q7R9T1V3W5Y7Z9B2C' is older than the 30 days the stream keeps. Open the stream without Last-Event-ID, and catch up with GET /v1/events.",
      "Last-Event-ID",
    ),
  ),
  stream_filters_invalid: validationFailed([
    {
      param: "types",
      code: "parameter_invalid",
      message:
        "types must be a comma-separated list of event types, each one of document.accepted, document.observed, document.rejected.",
    },
  ]),
  // validate.ts, through validationFailed: shape errors name every field.
  shape_invalid: validationFailed([
    { param: "items", code: "parameter_missing", message: "items is required." },
    { param: "colour", code: "parameter_unknown", message: "colour is not a known field." },
    { param: "issue_date", code: "parameter_invalid", message: 'issue_date must match format "date".' },
  ]),
  sol_user_invalid: validationFailed([
    { param: "user", code: "parameter_invalid", message: 'user must match pattern "^[A-Za-z0-9]{1,20}$".' },
  ]),
  igv_regime_invalid: validationFailed([
    {
      param: "igv_regime",
      code: "parameter_invalid",
      message: "igv_regime must be equal to one of the allowed values: general, restaurants_hotels.",
    },
  ]),
  // Tax service: every business check, as field violations (the refused request example's real answer).
  tax_rules: fromService(violationsError(REFUSED_EXAMPLE.violations)),
  // Signing service: the uploaded credentials, naming the field to fix.
  wrong_password: fromService(
    violationsError([
      { param: "password", code: "wrong_password", message: "The password does not open the PKCS#12 file." },
    ]),
  ),
  key_certificate_mismatch: fromService(
    violationsError([
      {
        param: "private_key",
        code: "key_certificate_mismatch",
        message: "The private key does not belong to the certificate.",
      },
    ]),
  ),
  company_not_configured: fromService(
    serviceError(
      SERVICE_ERRORS.company_not_configured,
      "Live mode needs the company's digital certificate and SOL user. Missing: the SOL user (set it with PUT /v1/company/sol_credentials).",
    ),
  ),
  rate_limit_exceeded: fromService(new ConnectError("too many", Code.ResourceExhausted)),
  service_unavailable: fromService(new ConnectError("down", Code.Unavailable)),
  outcome_unknown: fromService(
    serviceError(
      SERVICE_ERRORS.outcome_unknown,
      "The document register did not answer in time, so this document may or may not have been issued. Retry the same request with the same Idempotency-Key: you get that document if it was issued, and it is issued once if it was not.",
    ),
  ),
  internal_error: fromService(new ConnectError("bug", Code.Internal)),
} satisfies Record<string, ApiError>;

export type PublicErrorName = keyof typeof publicErrors;

/** Shape codes of `validate.ts` (a 422 before any service is called). */
export const SHAPE_CODES = Object.keys(SHAPE_ERRORS);

/** Codes the tax engine answers for a given check (422, naming the field). */
export const taxCodes = (checkedBy: (typeof TAX_ERRORS)[keyof typeof TAX_ERRORS]["checkedBy"]) =>
  Object.values(TAX_ERRORS)
    .filter((e) => e.checkedBy === checkedBy)
    .map((e) => e.code);

/** Codes the tax engine answers for invoices and receipts (422, naming the field). */
export const TAX_CODES = taxCodes("document");

/** Codes the signing service answers for refused credentials (422, naming the field). */
export const CREDENTIAL_CODES = Object.keys(CREDENTIAL_ERRORS);

/** Codes the notification service answers for a refused webhook endpoint (422, naming the field). */
export const WEBHOOK_CODES = Object.keys(NOTIFICATION_ERRORS);

/**
 * One error response: the Error schema, the `Request-Id` header, one example per public error (keyed by name),
 * and a description that lists every code it may carry with when it happens and how to fix it (from the error
 * catalog). All errors must share one status (the response's).
 */
export function errorResponse(
  description: string,
  names: PublicErrorName[],
  moreCodes: readonly string[] = [],
  moreHeaders: Record<string, Reference> = {},
): Response {
  const errors = names.map((name) => [name, publicErrors[name]] as const);
  const statuses = new Set(errors.map(([, error]) => error.status));
  if (statuses.size !== 1) throw new Error(`one status per response: ${names.join(", ")}`);
  const [status] = statuses;
  const codes = [...new Set([...errors.map(([, error]) => error.code), ...moreCodes])];
  return {
    description: `${description}\n\n${codeList(status!, codes)}`,
    headers: { ...moreHeaders, "Request-Id": requestIdHeader },
    content: {
      "application/json": {
        schema: schemaRef("Error"),
        examples: Object.fromEntries(
          errors.map(([name, error]) => [name, { summary: `${error.code}`, value: error.toBody() }]),
        ),
      },
    },
  };
}

/** Error responses shared by several operations (`components.responses`). */
export const sharedErrorResponses = {
  Unauthorized: errorResponse("The bearer key is missing, unknown or revoked.", [
    "api_key_missing",
    "api_key_invalid",
  ]),
  InvalidJson: errorResponse("The body could not be read as one JSON object.", ["invalid_json"]),
  PayloadTooLarge: errorResponse("The body is too large.", ["payload_too_large"]),
  UnsupportedMediaType: errorResponse("The body is not JSON.", ["unsupported_media_type"]),
  TooManyRequests: errorResponse("Too many requests.", ["rate_limit_exceeded"]),
  InternalError: errorResponse("A bug on our side.", ["internal_error"]),
  ServiceUnavailable: errorResponse(
    "An internal service is unavailable or did not answer in time; `Retry-After` says when to retry.",
    ["service_unavailable", "outcome_unknown"],
    [],
    retryAfterHeader,
  ),
} satisfies Record<string, Response>;

const shared = (name: keyof typeof sharedErrorResponses): Reference => ({
  $ref: `#/components/responses/${name}`,
});

/** Errors any authenticated operation may answer. */
export const authenticatedErrors = (): Record<string, Reference> => ({
  "401": shared("Unauthorized"),
  "429": shared("TooManyRequests"),
  "500": shared("InternalError"),
  "503": shared("ServiceUnavailable"),
});

/** Errors of reading a JSON body (POST and PUT). */
export const bodyErrors = (): Record<string, Reference> => ({
  "400": shared("InvalidJson"),
  "413": shared("PayloadTooLarge"),
  "415": shared("UnsupportedMediaType"),
});
