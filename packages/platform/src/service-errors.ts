import { Code, type ConnectError } from "@connectrpc/connect";
import { type ErrorEntry, type ErrorSpec, errorTable } from "@einvoice/domain";
import { reasonError } from "./rpc-errors.js";

interface ServiceErrorSpec extends ErrorSpec {
  /** The Connect code the service throws it with; the gateway's single table maps it to `status`. */
  readonly connect: Code;
}

/**
 * The reasons services throw past the gateway's generic answers: the document register's (numbering: live-mode
 * readiness, voids, notes, series), the event stream's resume point, and a missing resource. `connect` is the
 * Connect code a service throws; the gateway's single table (`publicErrorFromConnect`) turns it into `status`, and
 * its catalog and docs/errors.md read `when` and `fix` from here. The 422s travel as field violations.
 */
export const SERVICE_ERRORS = errorTable({
  resource_missing: {
    status: 404,
    type: "invalid_request_error",
    connect: Code.NotFound,
    param: "id",
    when: "No such document, event or file kind, a file that does not exist yet, an id of another company or mode (answered exactly like an unknown id), or no logo in the key's mode (`GET`/`DELETE /v1/company/logo`).",
    fix: "Check the id and the key's mode; for a file, wait for `links.<kind>` to be set.",
  },
  last_event_id_invalid: {
    status: 400,
    type: "invalid_request_error",
    connect: Code.InvalidArgument,
    param: "Last-Event-ID",
    when: "`Last-Event-ID` (or `last_event_id`) on the event stream is neither an event id (`evt_…`) nor a position (`pos_…`).",
    fix: "Send back exactly the last `id:` the stream gave you, or open it without one.",
  },
  last_event_id_unknown: {
    status: 404,
    type: "invalid_request_error",
    connect: Code.NotFound,
    param: "Last-Event-ID",
    when: "The event stream cannot resume after that `Last-Event-ID`: no such event or position in the key's company and mode.",
    fix: "Open the stream without `Last-Event-ID` and catch up on what you missed with `GET /v1/events`.",
  },
  last_event_id_expired: {
    status: 410,
    type: "invalid_request_error",
    connect: Code.OutOfRange,
    param: "Last-Event-ID",
    when: "The `Last-Event-ID` is older than the 30 days the event stream keeps: resuming would skip events silently.",
    fix: "Open the stream without `Last-Event-ID` and catch up with `GET /v1/events`.",
  },
  company_not_configured: {
    status: 409,
    type: "conflict_error",
    connect: Code.FailedPrecondition,
    when: "A live key, and the company has not loaded its live certificate or SOL user (the message names what is missing); no number is spent.",
    fix: "`PUT /v1/company/certificate` and `PUT /v1/company/sol_credentials` with the live key; `GET /v1/company` shows `ready`.",
  },
  outcome_unknown: {
    status: 503,
    type: "api_error",
    connect: Code.Unavailable,
    when: "The document register stopped answering while it was assigning the number: the document may or may not exist.",
    fix: "Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: you get the document if it was issued, and it is issued once if it was not. Without a key, list your documents before retrying.",
  },
  document_not_voidable: {
    status: 409,
    type: "conflict_error",
    connect: Code.FailedPrecondition,
    when: "The document is not accepted or observed by SUNAT (still `pending`, or `rejected`: a rejected number has no legal effect and needs no void), or its kind cannot be voided through the API.",
    fix: "Wait for `document.accepted`/`document.observed` before voiding; a rejected document needs nothing.",
  },
  void_in_progress: {
    status: 409,
    type: "conflict_error",
    connect: Code.FailedPrecondition,
    when: "A void of this document is already on its way to SUNAT (`void.status` `pending`), or two voids were requested at the same moment.",
    fix: "Wait for `document.voided` or `document.void_failed`; after a failure you may void again.",
  },
  document_already_voided: {
    status: 409,
    type: "conflict_error",
    connect: Code.FailedPrecondition,
    when: "SUNAT already accepted a void of this document (`status` `voided`).",
    fix: "Nothing to do: the document is voided.",
  },
  despatch_void_in_portal: {
    status: 409,
    type: "conflict_error",
    connect: Code.FailedPrecondition,
    when: "The document is a despatch advice (guía de remisión, `09`/`31`): SUNAT takes its void only in SUNAT Operaciones en Línea (SOL), before the transport starts or when the recipient changes.",
    fix: "Void the guide in SUNAT's portal (SOL) with the company's SOL user.",
  },
  void_window_closed: {
    status: 422,
    type: "invalid_request_error",
    connect: Code.InvalidArgument,
    param: "issue_date",
    when: "The document was issued more than 7 calendar days ago (Lima): SUNAT rejects a void (RA line, or RC line with condition code 3) past that window (ERR 2957). `param` is `issue_date`.",
    fix: "Issue a credit note (nota de crédito, type 01 anulación de la operación) instead.",
  },
  credit_exceeds_document: {
    status: 422,
    type: "invalid_request_error",
    connect: Code.InvalidArgument,
    when: "The credit note's total is more than what is left to credit on the document: its total plus its debit notes minus its credit notes, rejected and voided notes aside (ERR 3286 made cumulative). Of two notes racing for the last sol, one gets this. `param` is `document`.",
    fix: "Credit at most the amount the message names.",
  },
  series_used_by_another_type: {
    status: 422,
    type: "invalid_request_error",
    connect: Code.InvalidArgument,
    when: "The series already numbers another document type in this mode (e.g. `F001` of invoices for a credit note): numbers run per type and series, and a series belongs to one type.",
    fix: "Use a series of its own for each type, e.g. `FC01` for credit notes and `FD01` for debit notes.",
  },
  document_not_invoice_or_receipt: {
    status: 422,
    type: "invalid_request_error",
    connect: Code.InvalidArgument,
    when: "`document` names a document that is not an invoice or receipt (a despatch advice or a note).",
    fix: "Send the id of the invoice or receipt the note modifies.",
  },
  document_not_modifiable: {
    status: 409,
    type: "conflict_error",
    connect: Code.FailedPrecondition,
    param: "document",
    when: "The modified document is not accepted or observed by SUNAT (still `pending`, `rejected`, or `voided`): a note modifies a valid document only (ERR 2119–2121). `param` is `document`.",
    fix: "Wait for `document.accepted`/`document.observed`; a rejected or voided document needs no note.",
  },
} satisfies Record<string, ServiceErrorSpec>);

export type ServiceError = ErrorEntry & { readonly connect: Code };

/** The Connect error a service throws for an entry: the reason carries its code, `param` defaults to its own. */
export function serviceError(error: ServiceError, message: string, param = error.param ?? ""): ConnectError {
  return reasonError(error.connect, error.code, message, param);
}

/** A resource absent from the caller's company and mode (answered exactly like an unknown id). */
export function notFound(kind: string, id: string): ConnectError {
  return serviceError(SERVICE_ERRORS.resource_missing, `No such ${kind}: '${id}'`);
}
