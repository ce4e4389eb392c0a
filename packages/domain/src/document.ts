import type { ComputedParty, DocumentAmounts } from "./computed-document.js";
import type { DespatchAdvice } from "./despatch-advice.js";
import type { Decimal, IsoDate } from "./money.js";
import type { DocumentNote, NoteReason, NoteReference } from "./note.js";

/**
 * Status of a document. `pending`: number assigned, no verdict yet. `accepted`: SUNAT accepted it (code 0).
 * `observed`: accepted with observations (codes ≥ 4000; valid, notes kept). `rejected`: SUNAT refused it
 * (2000–3999) or its sending deadline passed without an answer; the number is spent.
 */
export type DocumentStatus = "pending" | "accepted" | "observed" | "rejected" | "voided";

/** Every status a document may have, in its life's order. */
export const DOCUMENT_STATUSES = [
  "pending",
  "accepted",
  "observed",
  "rejected",
  "voided",
] as const satisfies readonly DocumentStatus[];

/** A credit or debit note modifies only a document SUNAT took: accepted or observed. */
export const NOTE_MODIFIABLE_STATUSES: ReadonlySet<string> = new Set<DocumentStatus>([
  "accepted",
  "observed",
]);

/**
 * SUNAT catalog 01, the document types this platform issues: invoice, receipt, credit and debit notes, sender
 * and carrier guides.
 */
export const DOCUMENT_TYPES = ["01", "03", "07", "08", "09", "31"] as const;

/** What a verdict (SUNAT's, or the sending deadline's) makes of a pending document. */
export type VerdictOutcome = "accepted" | "observed" | "rejected";

export const VERDICT_OUTCOMES: readonly VerdictOutcome[] = ["accepted", "observed", "rejected"];

export function isVerdictOutcome(value: string): value is VerdictOutcome {
  return VERDICT_OUTCOMES.some((outcome) => outcome === value);
}

/** The statuses a document never leaves: a verdict's outcomes. */
export const FINAL_STATUSES: readonly DocumentStatus[] = [...VERDICT_OUTCOMES];

/** True when a document with this status will not change again (an unknown status is not final). */
export function isFinalStatus(status: string): boolean {
  return FINAL_STATUSES.some((final) => final === status);
}

export interface SunatNote {
  code: string;
  description: string;
}

/** SUNAT's verdict as stored on the document. */
export interface SunatVerdict {
  code: string;
  description: string;
  notes: SunatNote[];
  /** True when the verdict came from our SUNAT simulator (test mode offline), not from SUNAT. */
  simulated: boolean;
}

/**
 * Why a document has its status when no SUNAT verdict says so: `submission_deadline_exceeded` (rejected because
 * SUNAT gave no verdict before the sending deadline; `message` carries the last error seen).
 */
export interface StatusDetails {
  /** Open set: more reasons may come (see the proto `StatusDetails`). */
  code: string;
  message: string;
}

/** Why a try gave no verdict (`submission.last_problem.code`): submission sets it, the API and dashboard show it. */
export const SUBMISSION_PROBLEM_CODES = [
  "sunat_unreachable",
  "sunat_no_answer",
  "sunat_unavailable",
  "sunat_busy",
  "sunat_refused_send",
  "sol_credentials_missing",
  "submission_error",
] as const;
export type SubmissionProblemCode = (typeof SUBMISSION_PROBLEM_CODES)[number];

/**
 * How sending a pending document to SUNAT is going (`submission` on one document's read). `last_problem.code` is
 * one of {@link SUBMISSION_PROBLEM_CODES} (an open set, see the proto `SubmissionProblem`).
 */
export interface SubmissionProgress {
  /** sendBill calls made so far. */
  attempts: number;
  last_problem: { code: string; message: string } | null;
  /** ISO 8601 UTC of the next try; null while a try is in progress. */
  next_attempt_at: string | null;
  /** ISO 8601 UTC after which a document with no verdict is rejected (`submission_deadline_exceeded`). */
  deadline_at: string;
}

export type DocumentEventType =
  | "document.accepted"
  | "document.observed"
  | "document.rejected"
  | "document.voided"
  | "document.void_failed";

/**
 * The void of an accepted or observed document (POST /v1/documents/{id}/void). `pending`: requested, travelling
 * in a comunicación de baja (RA, invoices) or a resumen diario line with condition code 3 (RC, receipts);
 * `voided`: SUNAT accepted it (the document's status is then `voided`); `failed`: SUNAT refused it or gave no
 * answer before the deadline (the document keeps its status and may be voided again).
 */
export interface DocumentVoid {
  status: "pending" | "voided" | "failed";
  reason: string;
  /** ISO 8601 UTC. */
  requested_at: string;
  /** `RA-YYYYMMDD-N` / `RC-YYYYMMDD-N` of the summary that carried the void; set with the outcome, null before. */
  summary_id: string | null;
  /** SUNAT's ticket of that summary; set with the outcome (null when the ticket was lost with SUNAT's reply). */
  ticket: string | null;
  /** SUNAT's answer to the summary (getStatus); null until it arrives. */
  sunat: SunatVerdict | null;
  /** Why the void failed when SUNAT's answer does not say it (e.g. `void_deadline_exceeded`); null otherwise. */
  failure: StatusDetails | null;
  /** ISO 8601 UTC when the void reached `voided` or `failed`; null while pending. */
  completed_at: string | null;
}

/** The public Document resource (`object: "document"`). */
export interface DocumentResource {
  id: string;
  object: "document";
  livemode: boolean;
  type: string;
  series: string;
  number: number;
  status: DocumentStatus;
  issue_date: IsoDate;
  currency: string | null;
  total: Decimal | null;
  amounts: DocumentAmounts | null;
  customer: ComputedParty | null;
  sunat: SunatVerdict | null;
  /** Set when the status has a reason beyond `sunat` (see StatusDetails); null otherwise. */
  status_details: StatusDetails | null;
  /** `ds:DigestValue` of the signed XML (printed on the PDF and in the QR); null until signed. */
  hash: string | null;
  links: { pdf: string | null; xml: string | null; cdr: string | null };
  /** The latest void requested for this document; null when none was. */
  void: DocumentVoid | null;
  /**
   * While pending, on a read of one document: how sending it to SUNAT is going; null otherwise. The gateway adds
   * it from the submission service; lists, events and webhooks show null.
   */
  submission?: SubmissionProgress | null;
  /** Despatch advices (09, 31) only: the transport data as checked, derived fields included; absent otherwise. */
  despatch?: DespatchAdvice;
  /** Notes (07, 08) only: the modified document; absent otherwise. */
  reference?: NoteReference;
  /** Notes (07, 08) only: why the note was issued; absent otherwise. */
  reason?: NoteReason;
  /** Invoices and receipts: the credit and debit notes issued on them, oldest first; empty otherwise. */
  notes: DocumentNote[];
  created_at: string;
  updated_at: string;
}

/** The public Event resource (`object: "event"`): a change of a resource, with the resource as it stood. */
export interface EventResource {
  id: string;
  object: "event";
  type: string;
  /** ISO 8601 UTC with milliseconds. */
  created_at: string;
  livemode: boolean;
  data: { object: DocumentResource };
}
