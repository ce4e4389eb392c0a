import type { ErrorType } from "../errors/public-errors.js";
import { DESPATCH_ENTRIES } from "./error-catalog-despatch.js";
import { NOTE_ENTRIES } from "./error-catalog-notes.js";
import { CREDENTIAL_ENTRIES, SHAPE_ENTRIES, WEBHOOK_ENTRIES } from "./error-catalog-rules.js";
import { TAX_ENTRIES } from "./error-catalog-tax.js";
import { VOID_ENTRIES } from "./error-catalog-voids.js";

/**
 * Every `code` the API can answer, with its status, when it happens and how to fix it: the source of
 * docs/errors.md, of the error section of the reference and of each operation's error descriptions.
 * `error-catalog.test.ts` ties it both ways to the code that answers: the gateway's own `ApiError`s, the single
 * table `publicErrorFromConnect`, the reasons services throw, and the 422 codes of the request schemas, the tax
 * engine and the signing service.
 */
export interface CatalogEntry {
  code: string;
  status: number;
  type: ErrorType;
  /**
   * Who decides it: `gateway` (the HTTP edge itself), `table` (`publicErrorFromConnect`, from a service's Connect
   * code or reason), `shape` (the request schemas), `tax` (the tax engine), `signing` (the uploaded certificate).
   */
  source: "gateway" | "table" | "shape" | "tax" | "signing" | "notification" | "numbering";
  when: string;
  fix: string;
}

const entry = (
  status: number,
  type: ErrorType,
  source: CatalogEntry["source"],
  code: string,
  when: string,
  fix: string,
): CatalogEntry => ({ code, status, type, source, when, fix });

const EDGE_AND_TABLE: CatalogEntry[] = [
  entry(
    400,
    "invalid_request_error",
    "gateway",
    "invalid_json",
    "The body is not valid JSON, or not a JSON object.",
    "Send one JSON object.",
  ),
  entry(
    400,
    "invalid_request_error",
    "gateway",
    "idempotency_key_invalid",
    "`Idempotency-Key` is longer than 255 characters or holds characters other than printable ASCII.",
    "Send 1–255 printable ASCII characters; a UUID is a good choice.",
  ),
  entry(
    400,
    "invalid_request_error",
    "table",
    "invalid_request",
    "A service refused the request without naming a field (not expected from a request the gateway accepted).",
    "Report it with the `Request-Id`.",
  ),
  entry(
    401,
    "authentication_error",
    "gateway",
    "api_key_missing",
    "No `Authorization: Bearer …` header.",
    "Send `Authorization: Bearer sk_test_…` (or `sk_live_…`).",
  ),
  entry(
    401,
    "authentication_error",
    "gateway",
    "api_key_invalid",
    "The key is unknown or revoked.",
    "Use a current key; a new one comes from `npm run admin -- key create`.",
  ),
  entry(
    404,
    "invalid_request_error",
    "gateway",
    "resource_missing",
    "No such document, event or file kind, a file that does not exist yet, an id of another company or mode (answered exactly like an unknown id), or no logo in the key's mode (`GET`/`DELETE /v1/company/logo`).",
    "Check the id and the key's mode; for a file, wait for `links.<kind>` to be set.",
  ),
  entry(
    404,
    "invalid_request_error",
    "gateway",
    "file_not_ready",
    "The document exists but this file does not yet: the XML and PDF follow within seconds of issuing, the CDR comes with SUNAT's answer (a document SUNAT answered without a CDR never has one).",
    "Retry after `Retry-After` seconds, or wait for `links.<kind>` to be set on the document.",
  ),
  entry(
    403,
    "authentication_error",
    "gateway",
    "file_link_invalid",
    "A file link without a key whose signature does not match its path, company, mode or expiry (changed or cut).",
    "Use the link exactly as the API presented it, or send the API key instead.",
  ),
  entry(
    403,
    "authentication_error",
    "gateway",
    "file_link_expired",
    "A signed file link past its expiry (links last `FILE_LINK_TTL_SECONDS`, 7 days by default).",
    "Read the document again (`GET /v1/documents/{id}`) for fresh links, or send the API key.",
  ),
  entry(
    400,
    "invalid_request_error",
    "table",
    "last_event_id_invalid",
    "`Last-Event-ID` (or `last_event_id`) on the event stream is neither an event id (`evt_…`) nor a position (`pos_…`).",
    "Send back exactly the last `id:` the stream gave you, or open it without one.",
  ),
  entry(
    404,
    "invalid_request_error",
    "table",
    "last_event_id_unknown",
    "The event stream cannot resume after that `Last-Event-ID`: no such event or position in the key's company and mode.",
    "Open the stream without `Last-Event-ID` and catch up on what you missed with `GET /v1/events`.",
  ),
  entry(
    410,
    "invalid_request_error",
    "table",
    "last_event_id_expired",
    "The `Last-Event-ID` is older than the 30 days the event stream keeps: resuming would skip events silently.",
    "Open the stream without `Last-Event-ID` and catch up with `GET /v1/events`.",
  ),
  entry(
    410,
    "invalid_request_error",
    "table",
    "out_of_range",
    "A service refused a position the data no longer reaches (not expected from a request the gateway accepted).",
    "Report it with the `Request-Id`.",
  ),
  entry(
    404,
    "invalid_request_error",
    "gateway",
    "route_missing",
    "No such path.",
    "Check the path against this reference (every path starts with `/v1/`).",
  ),
  entry(
    405,
    "invalid_request_error",
    "gateway",
    "method_not_allowed",
    "The path exists, with other methods.",
    "Use a method the path documents.",
  ),
  entry(
    409,
    "conflict_error",
    "table",
    "company_not_configured",
    "A live key, and the company has not loaded its live certificate or SOL user (the message names what is missing); no number is spent.",
    "`PUT /v1/company/certificate` and `PUT /v1/company/sol_credentials` with the live key; `GET /v1/company` shows `ready`.",
  ),
  entry(
    409,
    "conflict_error",
    "gateway",
    "idempotency_key_in_use",
    "A request with the same `Idempotency-Key` is still being processed.",
    "Retry after `Retry-After` seconds with the same key: you get that request's answer.",
  ),
  entry(
    409,
    "conflict_error",
    "table",
    "conflict",
    "A service refused the request because of the account's state, without a more precise code.",
    "Report it with the `Request-Id`.",
  ),
  entry(
    413,
    "invalid_request_error",
    "gateway",
    "payload_too_large",
    "The body is over 1 MiB (`MAX_BODY_BYTES`).",
    "Send a smaller body (at most 999 lines per document).",
  ),
  entry(
    415,
    "invalid_request_error",
    "gateway",
    "unsupported_media_type",
    "A POST or PUT body that is not `application/json`; on `PUT /v1/company/logo`, a body that is not `image/png` or `image/jpeg`, or whose bytes are neither a PNG nor a JPEG.",
    "Send `Content-Type: application/json` (the logo: the image's bytes with `Content-Type: image/png` or `image/jpeg`).",
  ),
  entry(
    422,
    "invalid_request_error",
    "gateway",
    "logo_too_large",
    "`PUT /v1/company/logo`: the image is over 512 KiB, or a side is over 2000 pixels; the message says which and by how much.",
    "Scale the logo down (a few hundred pixels wide is plenty for print) or save it with more compression.",
  ),
  entry(
    422,
    "invalid_request_error",
    "gateway",
    "logo_invalid",
    "`PUT /v1/company/logo`: the PNG or JPEG is damaged, its bytes are not the type its `Content-Type` names, a side is under 16 pixels, or it is a kind a PDF cannot embed (a JPEG that is not 8-bit baseline or progressive); the message names the problem.",
    "Export the logo again as a PNG or a baseline JPEG and send it with the matching `Content-Type`.",
  ),
  entry(
    429,
    "api_error",
    "gateway",
    "rate_limit_exceeded",
    "Too many requests for this company and mode (see `RateLimit-*` on every answer), or too many requests with a missing or invalid key from one address.",
    "Wait `Retry-After` seconds, then retry with backoff; spread bursts. Check the key if it was refused before.",
  ),
  entry(
    500,
    "api_error",
    "gateway",
    "internal_error",
    "A bug on our side; it is logged with the `Request-Id`.",
    "Retry once; if it persists, report the `Request-Id`.",
  ),
  entry(
    422,
    "invalid_request_error",
    "gateway",
    "idempotency_key_reused",
    "The `Idempotency-Key` was already used (within 24 h) for a different request: another method, path or body.",
    "Send a new key for a new request; repeat a request only with its own body.",
  ),
  entry(
    501,
    "invalid_request_error",
    "gateway",
    "not_implemented",
    "An HTTP method the server does not implement at all.",
    "Use a method the path documents.",
  ),
  entry(
    503,
    "api_error",
    "table",
    "service_unavailable",
    "An internal service is unreachable or did not answer in time (nothing was issued).",
    "Retry after `Retry-After` seconds, with backoff. Retry a create with the same `Idempotency-Key`: if it was numbered before the failure you get that document, never a second number.",
  ),
  entry(
    503,
    "api_error",
    "table",
    "outcome_unknown",
    "The document register stopped answering while it was assigning the number: the document may or may not exist.",
    "Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: you get the document if it was issued, and it is issued once if it was not. Without a key, list your documents before retrying.",
  ),
];

export const ERROR_CATALOG: readonly CatalogEntry[] = [
  ...EDGE_AND_TABLE,
  ...SHAPE_ENTRIES,
  ...TAX_ENTRIES,
  ...DESPATCH_ENTRIES,
  ...CREDENTIAL_ENTRIES,
  ...WEBHOOK_ENTRIES,
  ...VOID_ENTRIES,
  ...NOTE_ENTRIES,
];

const key = (status: number, code: string) => `${status} ${code}`;
const BY_KEY = new Map(ERROR_CATALOG.map((e) => [key(e.status, e.code), e]));

/** The catalog entry of a status and code; throws for one the catalog lacks (a document build error). */
export function catalogEntry(status: number, code: string): CatalogEntry {
  const found = BY_KEY.get(key(status, code));
  if (!found) throw new Error(`error catalog: no entry for ${status} ${code}`);
  return found;
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** A Markdown list of codes for an error response: each with when it happens and what to do. */
export function codeList(status: number, codes: readonly string[]): string {
  return codes
    .map((code) => {
      const { when, fix } = catalogEntry(status, code);
      return `- \`${code}\`: ${when} **Fix:** ${fix}`;
    })
    .join("\n");
}

const SECTIONS: { title: string; intro: string; pick: (e: CatalogEntry) => boolean }[] = [
  {
    title: "Request, authentication and service errors",
    intro: "Answered with the status shown; `param` names the field or parameter when there is one.",
    pick: (e) => e.source === "gateway" || e.source === "table",
  },
  {
    title: "422: the body's shape",
    intro:
      "The gateway checks the JSON shape before anything else. Every problem is listed in `errors[]`, each with the dotted `param` of its field.",
    pick: (e) => e.source === "shape",
  },
  {
    title: "422: invoice and receipt rules",
    intro:
      "Once the shape is right, the tax engine runs every check SUNAT would reject, before a number is assigned: a refused document spends no number. All failures are listed at once in `errors[]`, each with the dotted `param` (e.g. `items.0.discount.amount`).",
    pick: (e) => e.source === "tax",
  },
  {
    title: "422: the uploaded certificate",
    intro:
      "`PUT /v1/company/certificate`: the signing service opens and checks the credentials; `param` names the field to fix.",
    pick: (e) => e.source === "signing",
  },
  {
    title: "422: webhook endpoints",
    intro:
      "`POST /v1/webhook_endpoints` and its updates: the notification service checks the URL and the event types; `param` names the field.",
    pick: (e) => e.source === "notification",
  },
  {
    title: "422: voids",
    intro:
      "`POST /v1/documents/{id}/void`: the document register checks SUNAT's window; the reason's shape is checked like any body (`param` `reason`).",
    pick: (e) => e.source === "numbering",
  },
];

/**
 * The catalog as Markdown sections: tables for docs/errors.md, lists for the reference page, whose middle column
 * is too narrow for a five-column table.
 */
export function catalogMarkdown(headingLevel: number, style: "table" | "list"): string {
  const hashes = "#".repeat(headingLevel);
  return SECTIONS.map(({ title, intro, pick }) => {
    const entries = ERROR_CATALOG.filter(pick);
    const body =
      style === "table"
        ? [
            "| Status | `code` | `type` | When | How to fix |",
            "| --- | --- | --- | --- | --- |",
            ...entries.map(
              (e) => `| ${e.status} | \`${e.code}\` | \`${e.type}\` | ${cell(e.when)} | ${cell(e.fix)} |`,
            ),
          ]
        : entries.map((e) => `- **\`${e.code}\`** (${e.status}, \`${e.type}\`): ${e.when} **Fix:** ${e.fix}`);
    return [`${hashes} ${title}`, "", intro, "", ...body].join("\n");
  }).join("\n\n");
}

export const ERROR_SHAPE_MARKDOWN = `Every error has one shape, whatever its status:

\`\`\`json
{
  "error": {
    "type": "invalid_request_error",
    "code": "discount_exceeds_amount",
    "message": "an affects_base line discount must be less than the line value",
    "param": "items.0.discount.amount",
    "errors": [
      {
        "param": "items.0.discount.amount",
        "code": "discount_exceeds_amount",
        "message": "an affects_base line discount must be less than the line value"
      }
    ]
  }
}
\`\`\`

\`type\` is the family (\`invalid_request_error\`: fix the request; \`authentication_error\`: fix the key; \`conflict_error\`: fix the account's state; \`api_error\`: ours, retry or report). \`code\` is stable and machine-readable; \`message\` is for people and may change. A 422 lists every failed check in \`errors\`; \`param\`, \`code\` and \`message\` repeat the first. Every response carries a \`Request-Id\` header: quote it when you report a problem.`;

/** docs/errors.md. */
export function errorsDocument(): string {
  return [
    "# Error catalog",
    "",
    "<!-- Generated from services/gateway/src/openapi/error-catalog*.ts: edit those, then run `npx vitest run services/gateway/src/openapi/error-catalog.test.ts -u`. -->",
    "",
    "Every `code` the einvoice API can answer. The same catalog is part of the API reference (`GET /docs`, section Errors) and of each operation's error responses in `GET /v1/openapi.json`.",
    "",
    ERROR_SHAPE_MARKDOWN,
    "",
    catalogMarkdown(2, "table"),
    "",
  ].join("\n");
}
