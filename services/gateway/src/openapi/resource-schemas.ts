import type {
  ComputedParty,
  DocumentAmounts,
  DocumentEventType,
  DocumentResource,
  DocumentStatus,
  EventResource,
  StatusDetails,
  SunatNote,
  SunatVerdict,
} from "@einvoice/domain";
import type { Violation } from "@einvoice/platform";
import type { CompanyRecord } from "../adapters/company-repository.js";
import type { ApiError, ErrorType } from "../errors/public-errors.js";
import type { certificateResource } from "../http/certificate-resource.js";
import {
  allOf,
  constant,
  type JsonSchema,
  nullable,
  objectSchema,
  type PlainSchema,
  schemaRef,
  stringEnum,
} from "./json-schema.js";

/**
 * Schemas of what the API answers, each tied by type to the code that produces it: the Document
 * (`@einvoice/domain` DocumentResource, presented by numbering), the Event (`@einvoice/broker`
 * `schemas.event`, presented by notification), the company routes' objects and the error body
 * (`ApiError.toBody()`).
 */

/** The public certificate object (`certificateResource`). */
export type CertificateResource = ReturnType<typeof certificateResource>;

/** `GET /v1/company` (company-routes.ts). */
export type CompanyResource = Omit<CompanyRecord, "_id"> & {
  id: string;
  object: "company";
  livemode: boolean;
  certificate: CertificateResource | null;
  sol_user: string | null;
  ready: boolean;
};

/** `PUT /v1/company/sol_credentials` (credential-routes.ts); the password is never returned. */
export interface SolCredentialsResource {
  object: "sol_credentials";
  livemode: boolean;
  user: string;
}

export type { EventResource };

export interface EventListResource {
  object: "list";
  url: string;
  has_more: boolean;
  data: EventResource[];
}

export type ErrorBody = ReturnType<ApiError["toBody"]>;

export const DOCUMENT_STATUSES = allOf<DocumentStatus>()(["pending", "accepted", "observed", "rejected"]);
export const EVENT_TYPES = allOf<DocumentEventType>()([
  "document.accepted",
  "document.observed",
  "document.rejected",
]);
export const ERROR_TYPES = allOf<ErrorType>()([
  "invalid_request_error",
  "authentication_error",
  "conflict_error",
  "api_error",
]);

const decimal = (description: string): PlainSchema => ({
  type: "string",
  pattern: "^-?\\d+(\\.\\d+)?$",
  description,
});
const string = (description?: string): PlainSchema => ({
  type: "string",
  ...(description ? { description } : {}),
});
const boolean = (description: string): PlainSchema => ({ type: "boolean", description });
const timestamp = (description: string): PlainSchema => ({
  type: "string",
  format: "date-time",
  description,
});
const id = (prefix: string): PlainSchema => ({
  type: "string",
  pattern: `^${prefix}_`,
  description: `Id, prefix \`${prefix}_\`.`,
});
const livemode = boolean("True for a live-mode (`sk_live_`) resource, false for test mode.");
const fileLink = (what: string) =>
  nullable({
    type: "string",
    format: "uri-reference",
    description: `URL of the ${what} (\`GET /v1/files/{document_id}/…\`); null until the file exists.`,
  });

const documentAmounts = objectSchema<DocumentAmounts>()({
  description:
    "Amounts of the document, in its currency unless noted. Zero parts are present as `0.00`. `perception`, `total_to_collect` and `detraction` appear only when they apply.",
  properties: {
    taxed: decimal("Taxed operations (IGV), without tax."),
    exempt: decimal("Exempt operations."),
    unaffected: decimal("Unaffected operations."),
    export: decimal("Export operations."),
    free: decimal("Free (gratuitous) operations, at reference value; not in the total."),
    igv: decimal("IGV."),
    ivap: decimal("IVAP (rice-husking tax)."),
    isc: decimal("ISC (selective consumption tax)."),
    icbper: decimal("ICBPER (plastic-bag tax)."),
    discounts: decimal("Discounts that do not lower the base."),
    prepaid: decimal("Prepayments deducted."),
    total: decimal("Total payable; equals the document's `total`."),
    perception: decimal("Perception amount (PEN)."),
    total_to_collect: decimal("Total plus perception: what the buyer pays."),
    detraction: decimal("Detraction amount, always in PEN."),
  },
  optional: { perception: true, total_to_collect: true, detraction: true },
});

const party = objectSchema<ComputedParty>()({
  description: "The customer as printed on the document (defaults applied).",
  properties: {
    document_type: string("Catalog 06: `6` RUC, `1` DNI, `0` foreign without tax id, …"),
    document_number: string(),
    name: string(),
    address: string(),
    country_code: string("ISO 3166-1 alpha-2."),
  },
  optional: { address: true, country_code: true },
});

const sunatNote = objectSchema<SunatNote>()({
  properties: { code: string(), description: string() },
  optional: {},
});

const sunatVerdict = objectSchema<SunatVerdict>()({
  description: "SUNAT's verdict (from the CDR).",
  properties: {
    code: string("`0` accepted; 2000–3999 rejected; ≥ 4000 observations."),
    description: string(),
    notes: { type: "array", items: schemaRef("SunatNote"), description: "Observations (codes ≥ 4000)." },
    simulated: boolean("True when the verdict came from the bundled SUNAT simulator."),
  },
  optional: {},
});

const statusDetails = objectSchema<StatusDetails>()({
  description: "Why the document has its status when no SUNAT verdict says so.",
  properties: {
    code: constant("submission_deadline_exceeded"),
    message: string("The last error seen."),
  },
  optional: {},
});

const documentLinks = objectSchema<DocumentResource["links"]>()({
  properties: {
    pdf: fileLink("PDF"),
    xml: fileLink("signed UBL XML"),
    cdr: fileLink("CDR (SUNAT's answer, zip)"),
  },
  optional: {},
});

const document = objectSchema<DocumentResource>()({
  description: "An invoice (`01`) or receipt (`03`).",
  properties: {
    id: id("doc"),
    object: constant("document"),
    livemode,
    type: stringEnum(["01", "03"], "`01` invoice (factura), `03` receipt (boleta)."),
    series: string("E.g. `F001` (invoice) or `B001` (receipt)."),
    number: {
      type: "integer",
      minimum: 1,
      description: "Next number of the series, assigned by the service.",
    },
    status: stringEnum(
      DOCUMENT_STATUSES,
      "`pending` until SUNAT's verdict; then `accepted`, `observed` (accepted with notes) or `rejected`. A final status never changes.",
    ),
    issue_date: { type: "string", format: "date", description: "`YYYY-MM-DD`, Lima." },
    currency: nullable({ type: "string", pattern: "^[A-Z]{3}$", description: "`PEN` or `USD`." }),
    total: nullable(decimal("Total payable.")),
    amounts: nullable(schemaRef("DocumentAmounts")),
    customer: nullable(schemaRef("Customer")),
    sunat: nullable(schemaRef("SunatVerdict")),
    status_details: nullable(schemaRef("StatusDetails")),
    hash: nullable(string("`ds:DigestValue` of the signed XML; null until signed.")),
    links: schemaRef("DocumentLinks"),
    created_at: timestamp("When the document was issued (numbered)."),
    updated_at: timestamp("Last change."),
  },
  optional: {},
});

const event = objectSchema<EventResource>()({
  description: "A change of a document, holding the document as it stood.",
  properties: {
    id: id("evt"),
    object: constant("event"),
    type: stringEnum(EVENT_TYPES),
    created_at: timestamp("ISO 8601 UTC with milliseconds."),
    livemode,
    data: objectSchema<EventResource["data"]>()({
      properties: { object: schemaRef("Document") },
      optional: {},
    }),
  },
  optional: {},
});

const eventList = objectSchema<EventListResource>()({
  description: "A page of events, newest first. Page on with `starting_after=<last id of data>`.",
  properties: {
    object: constant("list"),
    url: constant("/v1/events"),
    has_more: boolean("Whether another page exists."),
    data: { type: "array", items: schemaRef("Event") },
  },
  optional: {},
});

const certificate = objectSchema<CertificateResource>()({
  description: "The signing certificate of the key's mode: what identifies it, never its key.",
  properties: {
    object: constant("certificate"),
    livemode,
    subject: string("Subject DN."),
    issuer: string("Issuer DN."),
    serial_number: string("Hex, as X.509 prints it."),
    fingerprint_sha256: string("SHA-256 of the DER certificate, colon-separated hex pairs."),
    not_before: timestamp("Start of validity."),
    expires_at: timestamp("End of validity."),
  },
  optional: {},
});

const companyAddress = objectSchema<CompanyRecord["address"]>()({
  properties: {
    line: string(),
    ubigeo: nullable({ type: "string", pattern: "^\\d{6}$", description: "INEI district code." }),
    district: nullable(string()),
    province: nullable(string()),
    department: nullable(string()),
    establishment_code: string("SUNAT establishment code; `0000` is the registered main address."),
    country_code: string(),
  },
  optional: {},
});

const company = objectSchema<CompanyResource>()({
  description: "The caller's company, with the credentials of the key's mode.",
  properties: {
    id: id("cmp"),
    object: constant("company"),
    livemode,
    ruc: { type: "string", pattern: "^\\d{11}$" },
    legal_name: string(),
    trade_name: nullable(string()),
    address: schemaRef("CompanyAddress"),
    certificate: nullable(schemaRef("Certificate")),
    sol_user: nullable(string("The SOL user of the key's mode (the password is never returned).")),
    ready: boolean(
      "Whether the key's mode can issue: live needs a valid certificate and a SOL user; test is always ready.",
    ),
    created_at: timestamp("When the company was registered."),
  },
  optional: {},
});

const solCredentials = objectSchema<SolCredentialsResource>()({
  description: "The SOL user of the key's mode; the password is never returned.",
  properties: { object: constant("sol_credentials"), livemode, user: string() },
  optional: {},
});

const violation = objectSchema<Violation>()({
  properties: {
    param: string("Dotted path of the field, e.g. `items.0.discount.amount`."),
    code: string(),
    message: string(),
  },
  optional: {},
});

const errorObject = objectSchema<ErrorBody["error"]>()({
  properties: {
    type: stringEnum(ERROR_TYPES),
    code: string("Machine-readable code; see the response descriptions."),
    message: string("For people; may change."),
    param: nullable(string("The field at fault (dotted path), when there is one.")),
    errors: {
      type: "array",
      items: schemaRef("Violation"),
      description: "422 only: every failed check; `code`, `message` and `param` repeat the first.",
    },
  },
  optional: { errors: true },
});

const errorBody = objectSchema<ErrorBody>()({
  description: "Every error has this shape.",
  properties: { error: errorObject },
  optional: {},
});

/** `components.schemas` entries of the responses. */
export const resourceSchemas: Record<string, JsonSchema> = {
  Document: document,
  DocumentAmounts: documentAmounts,
  DocumentLinks: documentLinks,
  Customer: party,
  SunatVerdict: sunatVerdict,
  SunatNote: sunatNote,
  StatusDetails: statusDetails,
  Event: event,
  EventList: eventList,
  Company: company,
  CompanyAddress: companyAddress,
  Certificate: certificate,
  SolCredentials: solCredentials,
  Error: errorBody,
  Violation: violation,
};
