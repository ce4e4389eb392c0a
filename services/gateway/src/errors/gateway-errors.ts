import { errorTable } from "@einvoice/domain";

/**
 * The errors the gateway answers itself (the HTTP edge: body, key, file links, idempotency, routing, limits) and
 * the generic answers of its single table from Connect codes (`publicErrorFromConnect`). Sites raise them with
 * `apiError(GATEWAY_ERRORS.x, …)`; the error catalog and docs/errors.md read `when` and `fix` from here.
 */
export const GATEWAY_ERRORS = errorTable({
  invalid_json: {
    status: 400,
    type: "invalid_request_error",
    when: "The body is not valid JSON, or not a JSON object.",
    fix: "Send one JSON object.",
  },
  idempotency_key_invalid: {
    status: 400,
    type: "invalid_request_error",
    param: "Idempotency-Key",
    when: "`Idempotency-Key` is longer than 255 characters or holds characters other than printable ASCII.",
    fix: "Send 1–255 printable ASCII characters; a UUID is a good choice.",
  },
  invalid_request: {
    status: 400,
    type: "invalid_request_error",
    when: "A service refused the request without naming a field (not expected from a request the gateway accepted).",
    fix: "Report it with the `Request-Id`.",
  },
  api_key_missing: {
    status: 401,
    type: "authentication_error",
    message: "No API key provided. Send 'Authorization: Bearer sk_…'.",
    when: "No `Authorization: Bearer …` header.",
    fix: "Send `Authorization: Bearer sk_test_…` (or `sk_live_…`).",
  },
  api_key_invalid: {
    status: 401,
    type: "authentication_error",
    message: "Invalid API key provided.",
    when: "The key is unknown or revoked.",
    fix: "Use a current key; a new one comes from `npm run admin -- key create`.",
  },
  file_not_ready: {
    status: 404,
    type: "invalid_request_error",
    param: "kind",
    when: "The document exists but this file does not yet: the XML and PDF follow within seconds of issuing, the CDR comes with SUNAT's answer (a document SUNAT answered without a CDR never has one).",
    fix: "Retry after `Retry-After` seconds, or wait for `links.<kind>` to be set on the document.",
  },
  file_link_invalid: {
    status: 403,
    type: "authentication_error",
    message:
      "This file link's signature does not match: use the link exactly as the API gave it, or send the API key.",
    when: "A file link without a key whose signature does not match its path, company, mode or expiry (changed or cut).",
    fix: "Use the link exactly as the API presented it, or send the API key instead.",
  },
  file_link_expired: {
    status: 403,
    type: "authentication_error",
    when: "A signed file link past its expiry (links last `FILE_LINK_TTL_SECONDS`, 7 days by default).",
    fix: "Read the document again (`GET /v1/documents/{id}`) for fresh links, or send the API key.",
  },
  out_of_range: {
    status: 410,
    type: "invalid_request_error",
    when: "A service refused a position the data no longer reaches (not expected from a request the gateway accepted).",
    fix: "Report it with the `Request-Id`.",
  },
  route_missing: {
    status: 404,
    type: "invalid_request_error",
    when: "No such path.",
    fix: "Check the path against this reference (every path starts with `/v1/`).",
  },
  method_not_allowed: {
    status: 405,
    type: "invalid_request_error",
    message: "Method not allowed on this path.",
    when: "The path exists, with other methods.",
    fix: "Use a method the path documents.",
  },
  idempotency_key_in_use: {
    status: 409,
    type: "conflict_error",
    param: "Idempotency-Key",
    when: "A request with the same `Idempotency-Key` is still being processed.",
    fix: "Retry after `Retry-After` seconds with the same key: you get that request's answer.",
  },
  conflict: {
    status: 409,
    type: "conflict_error",
    when: "A service refused the request because of the account's state, without a more precise code.",
    fix: "Report it with the `Request-Id`.",
  },
  payload_too_large: {
    status: 413,
    type: "invalid_request_error",
    when: "The body is over 1 MiB (`MAX_BODY_BYTES`).",
    fix: "Send a smaller body (at most 999 lines per document).",
  },
  unsupported_media_type: {
    status: 415,
    type: "invalid_request_error",
    message: "Send the body as JSON with 'Content-Type: application/json'.",
    when: "A POST or PUT body that is not `application/json`; on `PUT /v1/company/logo`, a body that is not `image/png` or `image/jpeg`, or whose bytes are neither a PNG nor a JPEG.",
    fix: "Send `Content-Type: application/json` (the logo: the image's bytes with `Content-Type: image/png` or `image/jpeg`).",
  },
  logo_too_large: {
    status: 422,
    type: "invalid_request_error",
    param: "body",
    when: "`PUT /v1/company/logo`: the image is over 512 KiB, or a side is over 2000 pixels; the message says which and by how much.",
    fix: "Scale the logo down (a few hundred pixels wide is plenty for print) or save it with more compression.",
  },
  logo_invalid: {
    status: 422,
    type: "invalid_request_error",
    param: "body",
    when: "`PUT /v1/company/logo`: the PNG or JPEG is damaged, its bytes are not the type its `Content-Type` names, a side is under 16 pixels, or it is a kind a PDF cannot embed (a JPEG that is not 8-bit baseline or progressive); the message names the problem.",
    fix: "Export the logo again as a PNG or a baseline JPEG and send it with the matching `Content-Type`.",
  },
  rate_limit_exceeded: {
    status: 429,
    type: "api_error",
    message: "Too many requests; retry later.",
    when: "Too many requests for this company and mode (see `RateLimit-*` on every answer), or too many requests with a missing or invalid key from one address.",
    fix: "Wait `Retry-After` seconds, then retry with backoff; spread bursts. Check the key if it was refused before.",
  },
  internal_error: {
    status: 500,
    type: "api_error",
    message: "An internal error occurred.",
    when: "A bug on our side; it is logged with the `Request-Id`.",
    fix: "Retry once; if it persists, report the `Request-Id`.",
  },
  idempotency_key_reused: {
    status: 422,
    type: "invalid_request_error",
    message:
      "This Idempotency-Key was already used for a different request (method, path or body). Send a new key for a new request.",
    param: "Idempotency-Key",
    when: "The `Idempotency-Key` was already used (within 24 h) for a different request: another method, path or body.",
    fix: "Send a new key for a new request; repeat a request only with its own body.",
  },
  not_implemented: {
    status: 501,
    type: "invalid_request_error",
    message: "Method not implemented.",
    when: "An HTTP method the server does not implement at all.",
    fix: "Use a method the path documents.",
  },
  service_unavailable: {
    status: 503,
    type: "api_error",
    message: "A service is temporarily unavailable; retry later.",
    when: "An internal service is unreachable or did not answer in time (nothing was issued).",
    fix: "Retry after `Retry-After` seconds, with backoff. Retry a create with the same `Idempotency-Key`: if it was numbered before the failure you get that document, never a second number.",
  },
});
