import {
  type ComputedParty,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  type DocumentAmounts,
  type DocumentResource,
  type DocumentVoid,
  type EventResource,
  type StatusDetails,
  SUBMISSION_PROBLEM_CODES,
  type SubmissionProgress,
  type SunatNote,
  type SunatVerdict,
} from "@einvoice/domain";
import { boolean, decimal2, livemode, prefixedId, string, timestamp } from "./field-schemas.js";
import {
  constant,
  type JsonSchema,
  nullable,
  objectSchema,
  openSet,
  type Presented,
  schemaRef,
  stringEnum,
} from "./json-schema.js";
import { noteSchemas } from "./note-schemas.js";

/**
 * The Document and Event as the gateway presents them (`presenters.ts`: the proto message's JSON with null for
 * every unset optional field), each property described for a reader: meaning, unit or format, catalog, when it
 * is null. `document-contract.test.ts` ties these schemas to the proto messages the presenter reads.
 */

export type PublicDocument = Presented<DocumentResource>;
export type PublicEvent = Omit<Presented<EventResource>, "data"> & {
  data: { object: PublicDocument | PublicEmail };
};

/** An email of a document (`presentEmail`). */
export interface PublicEmail {
  id: string;
  object: "email";
  document_id: string;
  to: string[];
  cc: string[];
  status: string;
  last_error: string | null;
  attempts: number;
  livemode: boolean;
  created_at: string;
  updated_at: string;
}

export interface PublicEventList {
  object: "list";
  url: string;
  has_more: boolean;
  data: PublicEvent[];
}

export interface PublicDocumentList {
  object: "list";
  url: string;
  has_more: boolean;
  data: PublicDocument[];
}

/** Today's document types and statuses (open sets in the proto). */
export { DOCUMENT_STATUSES, DOCUMENT_TYPES };
export const EVENT_TYPES = [
  "document.accepted",
  "document.observed",
  "document.rejected",
  "document.voided",
  "document.void_failed",
  "email.sent",
  "email.failed",
] as const;
export const STATUS_DETAIL_CODES = ["submission_deadline_exceeded"] as const;
export const VOID_FAILURE_CODES = ["void_deadline_exceeded", "void_outcome_unknown"] as const;

const inPen = (what: string, when: string) =>
  nullable(decimal2(`${what} Always in PEN, whatever the document currency. Null when ${when}.`));

const documentAmounts = objectSchema<Presented<DocumentAmounts>>()({
  description:
    "The document's amounts as SUNAT checks them, computed by the tax engine. Each is a decimal string with 2 decimals in the document `currency` unless it says otherwise; a part that does not occur is `0.00`, so the parts always reconcile without special cases. Without prepayments `total` = `taxed` + `exempt` + `unaffected` + `export` + `igv` + `ivap` + `isc` + `icbper` − `discounts` exactly.",
  properties: {
    taxed: decimal2(
      "Value without tax of the lines taxed with IGV (catalog 07 `10`) or IVAP (`17`), after document discounts that lower the base (catalog 53 `02`) and taxed prepayments (`04`): the taxable amounts of tax schemes 1000 and 1016 (catalog 05; rule 3277).",
    ),
    exempt: decimal2(
      "Value of the exempt lines (catalog 07 `20`), after exempt prepayments (catalog 53 `05`): tax scheme 9997.",
    ),
    unaffected: decimal2(
      "Value of the unaffected lines (catalog 07 `30`), after unaffected prepayments (catalog 53 `06`): tax scheme 9998.",
    ),
    export: decimal2("Value of the export lines (catalog 07 `40`): tax scheme 9995."),
    free: decimal2(
      "Reference value of the free lines (catalog 07 `11`–`16`, `21`, `31`–`37`): tax scheme 9996. Informative: not part of `total` (spec tax rule 2).",
    ),
    igv: decimal2(
      "IGV, 18 % of the IGV base (taxed lines less base-lowering discounts and prepayments), rounded once for the document (rule 3291).",
    ),
    ivap: decimal2("IVAP (rice-husking tax), 4 % of the IVAP lines' value (catalog 07 `17`, scheme 1016)."),
    isc: decimal2(
      "ISC (selective consumption tax, ad valorem): Σ of line value × `items[].isc.rate` % (scheme 2000).",
    ),
    icbper: decimal2(
      "ICBPER (plastic-bag tax, scheme 7152): bags × the per-bag amount in force on the issue date (0.50 PEN since 2023). Only in PEN documents.",
    ),
    discounts: decimal2(
      "Discounts that do not lower the taxable base (line `01` and document `03`, catalog 53), with taxes: `cbc:AllowanceTotalAmount` (OBS 4307).",
    ),
    prepaid: decimal2("Σ of the prepayments deducted, with taxes (`cbc:PrepaidAmount`)."),
    total: decimal2(
      "What the buyer pays for the document (`cbc:PayableAmount`); equal to the document's `total`.",
    ),
    perception: inPen(
      "The perception: `total` × the factor of `perception.code` (2 %, 1 % or 0.5 %; rule 2798).",
      "the document has no perception",
    ),
    total_to_collect: inPen(
      "`total` plus `perception`: what the seller collects (`cac:PaymentTerms` `Percepcion`, rule 3309).",
      "the document has no perception",
    ),
    detraction: inPen(
      "The detraction the buyer deposits into the seller's Banco de la Nación account: `total` × `detraction.percent` %, or the `detraction.amount` sent (rule 3208).",
      "the document has no detraction",
    ),
  },
});

const customer = objectSchema<Presented<ComputedParty>>()({
  description:
    "The customer as printed on the document, defaults applied. A receipt issued without `customer` shows the anonymous buyer `0` / `-` / `CLIENTES VARIOS`.",
  properties: {
    document_type: string(
      "Identity document type, SUNAT catalog 06: `6` RUC, `1` DNI, `4` carné de extranjería, `7` passport, `A` cédula diplomática, `B`–`H` other foreign documents, `0` a non-resident without tax id (exports, anonymous receipts).",
    ),
    document_number: string(
      "The number of that document: 11 digits for a RUC, 8 for a DNI, `-` for an anonymous or foreign buyer without one.",
    ),
    name: string("Legal name or full name, 3–1500 characters on one line (ERR 2021/2022)."),
    address: nullable(string("The customer's address as sent. Null when none was sent.")),
    country_code: nullable(
      string("ISO 3166-1 alpha-2 country of a foreign (export) buyer, e.g. `US`. Null when none was sent."),
    ),
  },
});

const sunatNote = objectSchema<SunatNote>()({
  description: "One observation of SUNAT's CDR (`cbc:Note`): the document is valid, the note is kept.",
  properties: {
    code: string("SUNAT's observation code, 4000 or above (e.g. `4287`)."),
    description: string("SUNAT's text for it, in Spanish."),
  },
});

const sunatVerdict = objectSchema<SunatVerdict>()({
  description: "SUNAT's verdict, read from its CDR (`ApplicationResponse`).",
  properties: {
    code: string(
      "SUNAT's response code: `0` accepted; `2000`–`3999` rejected (the number is spent); `4000` and above accepted with observations. `1033` marks a receipt SUNAT had already registered.",
    ),
    description: string(
      "SUNAT's text for the code, in Spanish, e.g. `La Factura numero F001-1, ha sido aceptada`.",
    ),
    notes: {
      type: "array",
      items: schemaRef("SunatNote"),
      description: "SUNAT's observations; empty when there are none. Non-empty makes the status `observed`.",
    },
    simulated: boolean(
      "True when the verdict came from the bundled SUNAT simulator (test mode offline), not from SUNAT: such a document has no legal effect.",
    ),
  },
});

const statusDetails = objectSchema<StatusDetails>()({
  description: "Why the document has its status when no SUNAT verdict says so.",
  properties: {
    code: openSet(
      STATUS_DETAIL_CODES,
      "The reason: `submission_deadline_exceeded` (SUNAT gave no verdict before the end of the sending window, the 3rd day after the issue date in Lima; the document is `rejected` and `sunat` is null). More reasons may be added.",
    ),
    message: string("The last error seen, for people; may change."),
  },
});

const submissionProblem = objectSchema<NonNullable<SubmissionProgress["last_problem"]>>()({
  description: "Why the last try to send the document gave no verdict.",
  properties: {
    code: openSet(
      SUBMISSION_PROBLEM_CODES,
      "`sunat_unreachable`: SUNAT could not be reached (its name did not resolve, the connection was refused). `sunat_no_answer`: SUNAT did not answer within `SUNAT_TIMEOUT_MS` (default 90 s), or the connection dropped before its answer; the next try first asks SUNAT whether it registered the document. `sunat_unavailable`: SUNAT's server answered with an error of its own (HTTP 5xx, an unreadable answer). `sunat_busy`: SUNAT said it could not take the document now (a temporary exception such as 0109). `sunat_refused_send`: SUNAT refused the send itself with an exception that does not clear by itself (e.g. 0111, wrong SOL user); fix the credentials (`PUT /v1/company/sol_credentials`) before the deadline. `sol_credentials_missing`: live mode and no SOL credentials stored. `submission_error`: a failure on our side. More codes may be added.",
    ),
    message: string("The same in a sentence, in English, for people; may change."),
  },
});

const submissionProgress = objectSchema<Presented<SubmissionProgress>>()({
  description:
    "How sending a pending document to SUNAT is going: tries are repeated on a backoff (`SUBMISSION_RETRY_DELAYS_MS`, default 2 s, 5 s, 15 s, 30 s, 1 min, 2 min, 5 min, then every 10 min) until SUNAT gives a verdict or `deadline_at` passes.",
  properties: {
    attempts: {
      type: "integer",
      minimum: 0,
      description:
        "Sends to SUNAT so far (`sendBill` calls; a status query that recovers a lost answer is not one). 0 before the first send.",
    },
    last_problem: nullable(
      schemaRef(
        "SubmissionProblem",
        "Why the last try gave no verdict. Null when no try has failed (the first send is on its way).",
      ),
    ),
    next_attempt_at: nullable(timestamp("When the next try is due. Null while a try is in progress.")),
    deadline_at: timestamp(
      "If SUNAT has given no verdict by then, the document becomes `rejected` with `status_details.code` `submission_deadline_exceeded` and is not sent again: by default the end (Lima time) of the 3rd calendar day after `issue_date`, SUNAT's sending window (RS 000003-2023/SUNAT; ERR 2108), or the day after for despatch advices.",
    ),
  },
});

const documentVoid = objectSchema<Presented<DocumentVoid>>()({
  description:
    "The latest void of the document (`POST /v1/documents/{id}/void`). Invoices are voided in a comunicación de baja (RA), receipts as a resumen diario line with condition code 3 (RC); SUNAT answers both through a ticket, so a void takes seconds to minutes.",
  properties: {
    status: stringEnum(
      ["pending", "voided", "failed"],
      "`pending`: on its way to SUNAT or waiting for its ticket. `voided`: SUNAT accepted it; the document's `status` is `voided` (`document.voided`). `failed`: SUNAT refused it (`sunat`) or gave no answer in time (`failure`); the document keeps its status and may be voided again (`document.void_failed`).",
    ),
    reason: string("The reason given, as printed in the RA (`VoidReasonDescription`); 1–100 characters."),
    requested_at: timestamp("When the void was requested."),
    summary_id: nullable(
      string(
        "SUNAT's identifier of the summary that carried the void, `RA-YYYYMMDD-N` (invoices) or `RC-YYYYMMDD-N` (receipts), N correlative per RUC and day; voids of one company and day requested close together share one summary. Null while the void is pending: it is set with the outcome.",
      ),
    ),
    ticket: nullable(
      string(
        "SUNAT's ticket for that summary (`sendSummary`). Null while the void is pending, and when the ticket was lost with SUNAT's reply.",
      ),
    ),
    sunat: nullable(
      schemaRef(
        "SunatVerdict",
        "SUNAT's answer to the summary (`getStatus`): code `0` accepted, otherwise the rejection (e.g. `2105` not registered, `2323` already voided, `2957` past the 7-day window). Null while pending and when no answer came.",
      ),
    ),
    failure: nullable(
      schemaRef(
        "VoidFailure",
        "Why the void failed when SUNAT's answer does not say it. Null unless it failed so.",
      ),
    ),
    completed_at: nullable(timestamp("When the void reached `voided` or `failed`. Null while pending.")),
  },
});

const voidFailure = objectSchema<StatusDetails>()({
  description: "Why a void failed without SUNAT saying so.",
  properties: {
    code: openSet(
      VOID_FAILURE_CODES,
      "`void_deadline_exceeded`: SUNAT's ticket stayed in process (98) or was unknown (0127) past the void deadline (`VOID_DEADLINE_MS`, 1 h). `void_outcome_unknown`: SUNAT registered the summary but its answer was lost and cannot be read back. More codes may be added.",
    ),
    message: string("The last error seen, for people; may change."),
  },
});

const fileLink = (what: string, when: string) =>
  nullable({
    type: "string",
    format: "uri-reference",
    description: `Signed URL of the ${what} (\`GET /v1/files/{document_id}/…?company=…&mode=…&expires=…&signature=…\`): it opens without an API key until \`expires\`, at least \`FILE_LINK_TTL_SECONDS\` (default 7 days) after the document was read, so it can go to a customer; read the document again for a fresh one. The bare path answers the owner's bearer key. Null until ${when}.`,
  });

/** When the signature (the XML link and the hash) reaches the document: with its PDF or its verdict. */
const UNTIL_SIGNATURE_RECORDED =
  "the PDF is made or SUNAT's verdict arrives, whichever is first (normally a second or two after the document is numbered)";

const documentLinks = objectSchema<DocumentResource["links"]>()({
  description: "Where to download the document's files.",
  properties: {
    pdf: fileLink(
      "PDF (the A4 printed representation, with SUNAT's QR code)",
      "it is rendered, shortly after the document is signed",
    ),
    xml: fileLink("signed UBL 2.1 XML", UNTIL_SIGNATURE_RECORDED),
    cdr: fileLink("CDR (SUNAT's answer, a zip)", "SUNAT answers"),
  },
});

const document = objectSchema<PublicDocument>()({
  description:
    "An issued electronic document: an invoice (`01`, factura) or a receipt (`03`, boleta). Its number is assigned once every check has passed; it is then signed and sent to SUNAT, and its `status` moves from `pending` to a final status that never changes. Every field is always present: null means not known (yet) or not applicable.",
  properties: {
    id: prefixedId("doc", "document"),
    object: constant("document", "Always `document`."),
    livemode,
    type: openSet(
      DOCUMENT_TYPES,
      "SUNAT catalog 01 document type: `01` invoice (factura, `POST /v1/invoices`), `03` receipt (boleta, `POST /v1/receipts`), `07` credit note (`POST /v1/credit_notes`), `08` debit note (`POST /v1/debit_notes`), `09` sender guide and `31` carrier guide (despatch advices, `POST /v1/despatch_advices`). More types may be added: tolerate unknown values.",
    ),
    series: string(
      "The series sent: invoices `F` + 3 letters or digits, receipts `B` + 3 (e.g. `F001`, `B001`).",
    ),
    number: {
      type: "integer",
      minimum: 1,
      maximum: 99999999,
      description:
        "The number within the series, assigned by the platform: the next one, with no gaps, per company, mode, type and series (ERR 1001: up to 8 digits). The printed id is `series-number`, e.g. `F001-1`.",
    },
    status: openSet(
      DOCUMENT_STATUSES,
      "`pending`: numbered, no verdict yet. `accepted`: SUNAT accepted it (`sunat.code` `0`). `observed`: accepted with observations (`sunat.notes`). `rejected`: SUNAT refused it (`sunat.code` 2000–3999), or no verdict came before the sending deadline (`status_details`); the number is spent either way. `voided`: SUNAT accepted its void (see `void`). Only `accepted` and `observed` change again, to `voided`; a refused void leaves them as they are (`void.status` `failed`).",
    ),
    issue_date: {
      type: "string",
      format: "date",
      description:
        "Issue date, `YYYY-MM-DD` in Lima time (America/Lima): the one sent, or the day of the call.",
    },
    currency: nullable({
      type: "string",
      pattern: "^[A-Z]{3}$",
      description:
        "ISO 4217 currency of the amounts: `PEN` or `USD`. Null for a document without amounts (despatch advices).",
    }),
    total: nullable(
      decimal2(
        "What the buyer pays, in `currency` (equals `amounts.total`). Null for a document without amounts (despatch advices).",
      ),
    ),
    amounts: nullable(
      schemaRef(
        "DocumentAmounts",
        "The breakdown of `total`. Null for a document without amounts (despatch advices).",
      ),
    ),
    customer: nullable(
      schemaRef(
        "Customer",
        "The buyer as printed. Never null on invoices and receipts (an anonymous receipt shows `0` / `-` / `CLIENTES VARIOS`); null only for a document kind without a buyer.",
      ),
    ),
    sunat: nullable(
      schemaRef(
        "SunatVerdict",
        "SUNAT's verdict. Null while `pending`, and on a document rejected because the sending deadline passed.",
      ),
    ),
    status_details: nullable(
      schemaRef(
        "StatusDetails",
        "Why the document has its status when `sunat` does not say it. Null unless the status needs a reason.",
      ),
    ),
    hash: nullable(
      string(
        `\`ds:DigestValue\` of the signed XML (base64), printed on the PDF and in its QR code. Null until ${UNTIL_SIGNATURE_RECORDED}.`,
      ),
    ),
    links: schemaRef("DocumentLinks", "URLs of the document's files; each null until that file exists."),
    void: nullable(
      schemaRef("DocumentVoid", "The latest void requested for the document; null when none was."),
    ),
    submission: nullable(
      schemaRef(
        "SubmissionProgress",
        "While the document is `pending`: attempts so far, the last problem, the next try and the deadline. Shown by `GET /v1/documents/{id}` only; null there once a verdict came or before the signed document reached submission (the first second), and always null in lists, events and webhooks.",
      ),
    ),
    despatch: nullable(
      schemaRef(
        "DespatchAdvice",
        "Despatch advices (`09`, `31`) only: the transport data as checked, with the derived fields. Null on invoices and receipts.",
      ),
    ),
    reference: nullable(
      schemaRef(
        "NoteReference",
        "Credit and debit notes (`07`, `08`) only: the invoice or receipt the note modifies. Null on other documents.",
      ),
    ),
    reason: nullable(
      schemaRef(
        "NoteReason",
        "Credit and debit notes (`07`, `08`) only: why the note was issued (catalog 09 or 10 code and the words sent). Null on other documents.",
      ),
    ),
    notes: {
      type: "array",
      items: schemaRef("DocumentNote"),
      description:
        "Invoices and receipts: the credit notes (`07`) and debit notes (`08`) issued on this document, oldest first, so a reader sees what is left to collect (`total` + Σ debit notes − Σ credit notes, rejected and voided notes aside). Empty on other documents and on a document without notes.",
    },
    created_at: timestamp("When the document was numbered."),
    updated_at: timestamp("When the document last changed (files, verdict)."),
  },
});

const event = objectSchema<PublicEvent>()({
  description:
    "Something that happened to a document, with the document as it stood then. Events are kept per company and mode, newest first.",
  properties: {
    id: prefixedId("evt", "event"),
    object: constant("event", "Always `event`."),
    type: openSet(
      EVENT_TYPES,
      "What happened: `document.accepted`, `document.observed` or `document.rejected` (the document reached that status; `data.object` is the Document), `document.voided` (SUNAT accepted the document's void) or `document.void_failed` (SUNAT refused it or gave no answer in time; `data.object.void` says why), `email.sent` or `email.failed` (an email of a document was accepted by the mail server, or gave up; `data.object` is the Email). More types may be added: ignore types you do not handle.",
    ),
    created_at: timestamp("When it happened."),
    livemode,
    data: objectSchema<PublicEvent["data"]>()({
      description: "The resource the event is about.",
      properties: {
        object: {
          description:
            "The resource as it stood when the event happened: a Document for `document.*` events, an Email for `email.*` (tell them apart by `object`).",
          oneOf: [schemaRef("Document"), schemaRef("Email")],
        },
      },
    }),
  },
});

const eventList = objectSchema<PublicEventList>()({
  description:
    "A page of events, newest first. Next (older) page: `starting_after` = the `id` of the last event of `data`; previous (newer) page: `ending_before` = the `id` of the first.",
  properties: {
    object: constant("list", "Always `list`."),
    url: constant("/v1/events", "The path of this list."),
    has_more: boolean(
      "True when more events exist beyond this page in the direction it was read (older with `starting_after` or no cursor, newer with `ending_before`).",
    ),
    data: { type: "array", items: schemaRef("Event"), description: "The events of this page, newest first." },
  },
});

const documentList = objectSchema<PublicDocumentList>()({
  description:
    "A page of documents, newest first. Next (older) page: `starting_after` = the `id` of the last document of `data`; previous (newer) page: `ending_before` = the `id` of the first.",
  properties: {
    object: constant("list", "Always `list`."),
    url: constant("/v1/documents", "The path of this list."),
    has_more: boolean(
      "True when more documents exist beyond this page in the direction it was read (older with `starting_after` or no cursor, newer with `ending_before`).",
    ),
    data: {
      type: "array",
      items: schemaRef("Document"),
      description: "The documents of this page, newest first.",
    },
  },
});

/** `components.schemas` entries of the Document and Event. */
export const documentSchemas: Record<string, JsonSchema> = {
  Document: document,
  DocumentAmounts: documentAmounts,
  DocumentLinks: documentLinks,
  Customer: customer,
  SunatVerdict: sunatVerdict,
  SunatNote: sunatNote,
  StatusDetails: statusDetails,
  SubmissionProgress: submissionProgress,
  SubmissionProblem: submissionProblem,
  DocumentVoid: documentVoid,
  ...noteSchemas,
  VoidFailure: voidFailure,
  Event: event,
  EventList: eventList,
  DocumentList: documentList,
  Email: objectSchema<PublicEmail>()({
    description:
      "An email that carries a document to its customer: the PDF and the signed XML attached (and SUNAT's CDR when there is one), a Spanish subject and body naming the issuer, the document and its total.",
    properties: {
      id: prefixedId("eml", "email"),
      object: constant("email", "Always `email`."),
      document_id: prefixedId("doc", "document it carries"),
      to: {
        type: "array",
        items: { type: "string", format: "email" },
        description: "The recipients (1–10).",
      },
      cc: { type: "array", items: { type: "string", format: "email" }, description: "Copies (0–10)." },
      status: stringEnum(
        ["queued", "sent", "failed"],
        "`queued` (waiting for its next attempt, or for the document's PDF), `sent` (the mail server accepted it; `email.sent`), `failed` (every attempt failed; `email.failed`, see `last_error`). Attempts follow 10 s, 1 min, 5 min, 30 min after each failure (5 in all).",
      ),
      last_error: nullable(string("Why the last attempt failed; null when none failed or it was sent.")),
      attempts: { type: "integer", minimum: 0, description: "Attempts made so far." },
      livemode,
      created_at: timestamp("When it was queued."),
      updated_at: timestamp("When its status last changed."),
    },
  }),
};
