import type { CatalogEntry } from "./error-catalog.js";

/** The answers of `POST /v1/documents/{id}/void` beyond the shared ones (numbering's VoidDocument decides them). */
export const VOID_ENTRIES: CatalogEntry[] = [
  {
    code: "document_not_voidable",
    status: 409,
    type: "conflict_error",
    source: "table",
    when: "The document is not accepted or observed by SUNAT (still `pending`, or `rejected`: a rejected number has no legal effect and needs no void), or its kind cannot be voided through the API.",
    fix: "Wait for `document.accepted`/`document.observed` before voiding; a rejected document needs nothing.",
  },
  {
    code: "void_in_progress",
    status: 409,
    type: "conflict_error",
    source: "table",
    when: "A void of this document is already on its way to SUNAT (`void.status` `pending`), or two voids were requested at the same moment.",
    fix: "Wait for `document.voided` or `document.void_failed`; after a failure you may void again.",
  },
  {
    code: "document_already_voided",
    status: 409,
    type: "conflict_error",
    source: "table",
    when: "SUNAT already accepted a void of this document (`status` `voided`).",
    fix: "Nothing to do: the document is voided.",
  },
  {
    code: "despatch_void_in_portal",
    status: 409,
    type: "conflict_error",
    source: "table",
    when: "The document is a despatch advice (guía de remisión, `09`/`31`): SUNAT takes its void only in SUNAT Operaciones en Línea (SOL), before the transport starts or when the recipient changes.",
    fix: "Void the guide in SUNAT's portal (SOL) with the company's SOL user.",
  },
  {
    code: "void_window_closed",
    status: 422,
    type: "invalid_request_error",
    source: "numbering",
    when: "The document was issued more than 7 calendar days ago (Lima): SUNAT rejects a void (RA line, or RC line with condition code 3) past that window (ERR 2957). `param` is `issue_date`.",
    fix: "Issue a credit note (nota de crédito, type 01 anulación de la operación) instead.",
  },
];
