import type { ErrorEntry } from "@einvoice/domain";
import { CREDENTIAL_ERRORS, NOTIFICATION_ERRORS, SERVICE_ERRORS, SHAPE_ERRORS } from "@einvoice/platform";
import { TAX_ERRORS } from "@einvoice/tax-engine";
import { GATEWAY_ERRORS } from "../errors/gateway-errors.js";

/**
 * Every `code` the API can answer, with its status, when it happens and how to fix it, read from the error tables
 * of the code that answers (the gateway's own, the services', the tax engine's): the source of docs/errors.md
 * (`npm run generate`), of the error section of the reference and of each operation's error descriptions.
 * `error-catalog.test.ts` checks that every table entry is here once.
 */
export interface CatalogEntry extends ErrorEntry {
  /** The docs section: the HTTP edge and services' answers, then the 422s by who checks them. */
  readonly section: "edge" | "shape" | "tax" | "signing" | "notification" | "numbering";
}

/** Every table the catalog reads, by owner. */
export const ERROR_TABLES: Record<string, Readonly<Record<string, ErrorEntry>>> = {
  gateway: GATEWAY_ERRORS,
  service: SERVICE_ERRORS,
  shape: SHAPE_ERRORS,
  tax: TAX_ERRORS,
  credential: CREDENTIAL_ERRORS,
  notification: NOTIFICATION_ERRORS,
};

/** The request, authentication and service answers in reading order (the 422s follow by who checks them). */
const EDGE: readonly ErrorEntry[] = [
  GATEWAY_ERRORS.invalid_json,
  GATEWAY_ERRORS.idempotency_key_invalid,
  GATEWAY_ERRORS.invalid_request,
  GATEWAY_ERRORS.api_key_missing,
  GATEWAY_ERRORS.api_key_invalid,
  SERVICE_ERRORS.resource_missing,
  GATEWAY_ERRORS.file_not_ready,
  GATEWAY_ERRORS.file_link_invalid,
  GATEWAY_ERRORS.file_link_expired,
  SERVICE_ERRORS.last_event_id_invalid,
  SERVICE_ERRORS.last_event_id_unknown,
  SERVICE_ERRORS.last_event_id_expired,
  GATEWAY_ERRORS.out_of_range,
  GATEWAY_ERRORS.route_missing,
  GATEWAY_ERRORS.method_not_allowed,
  SERVICE_ERRORS.company_not_configured,
  GATEWAY_ERRORS.idempotency_key_in_use,
  GATEWAY_ERRORS.conflict,
  GATEWAY_ERRORS.payload_too_large,
  GATEWAY_ERRORS.unsupported_media_type,
  GATEWAY_ERRORS.logo_too_large,
  GATEWAY_ERRORS.logo_invalid,
  GATEWAY_ERRORS.rate_limit_exceeded,
  GATEWAY_ERRORS.internal_error,
  GATEWAY_ERRORS.idempotency_key_reused,
  GATEWAY_ERRORS.not_implemented,
  GATEWAY_ERRORS.service_unavailable,
  SERVICE_ERRORS.outcome_unknown,
  SERVICE_ERRORS.document_not_voidable,
  SERVICE_ERRORS.void_in_progress,
  SERVICE_ERRORS.document_already_voided,
  SERVICE_ERRORS.despatch_void_in_portal,
  SERVICE_ERRORS.document_not_modifiable,
];

const inSection = (section: CatalogEntry["section"], entries: readonly ErrorEntry[]): CatalogEntry[] =>
  entries.map((entry) => ({ ...entry, section }));

export const ERROR_CATALOG: readonly CatalogEntry[] = [
  ...inSection("edge", EDGE),
  ...inSection("shape", Object.values(SHAPE_ERRORS)),
  ...inSection("tax", Object.values(TAX_ERRORS)),
  ...inSection("signing", Object.values(CREDENTIAL_ERRORS)),
  ...inSection("notification", Object.values(NOTIFICATION_ERRORS)),
  // The register's field checks travel as violations; its other reasons are answers of the edge section.
  ...inSection(
    "numbering",
    Object.values(SERVICE_ERRORS).filter((entry) => entry.status === 422),
  ),
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
    pick: (e) => e.section === "edge",
  },
  {
    title: "422: the body's shape",
    intro:
      "The gateway checks the JSON shape before anything else. Every problem is listed in `errors[]`, each with the dotted `param` of its field.",
    pick: (e) => e.section === "shape",
  },
  {
    title: "422: invoice and receipt rules",
    intro:
      "Once the shape is right, the tax engine runs every check SUNAT would reject, before a number is assigned: a refused document spends no number. All failures are listed at once in `errors[]`, each with the dotted `param` (e.g. `items.0.discount.amount`).",
    pick: (e) => e.section === "tax",
  },
  {
    title: "422: the uploaded certificate",
    intro:
      "`PUT /v1/company/certificate`: the signing service opens and checks the credentials; `param` names the field to fix.",
    pick: (e) => e.section === "signing",
  },
  {
    title: "422: webhook endpoints",
    intro:
      "`POST /v1/webhook_endpoints` and its updates: the notification service checks the URL and the event types; `param` names the field.",
    pick: (e) => e.section === "notification",
  },
  {
    title: "422: voids",
    intro:
      "`POST /v1/documents/{id}/void`: the document register checks SUNAT's window; the reason's shape is checked like any body (`param` `reason`).",
    pick: (e) => e.section === "numbering",
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
    "<!-- Generated by `npm run generate` from the error tables (services/gateway/src/openapi/error-catalog.ts lists them): edit those, not this file. -->",
    "",
    "Every `code` the einvoice API can answer. The same catalog is part of the API reference (`GET /docs`, section Errors) and of each operation's error responses in `GET /v1/openapi.json`.",
    "",
    ERROR_SHAPE_MARKDOWN,
    "",
    catalogMarkdown(2, "table"),
    "",
  ].join("\n");
}
