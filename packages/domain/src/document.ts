import { DESPATCH_ADVICE_TYPE_VALUES } from "./generated/despatch-advice.js";
import {
  DOCUMENT_STATUS_VALUES,
  DOCUMENT_TYPE_VALUES,
  SUBMISSION_PROBLEM_CODE_VALUES,
} from "./generated/document.js";
import { DOCUMENT_VERDICT_OUTCOME_VALUES } from "./generated/documents.js";

/**
 * Status of a document. `pending`: number assigned, no verdict yet. `accepted`: SUNAT accepted it (code 0).
 * `observed`: accepted with observations (codes ≥ 4000; valid, notes kept). `rejected`: SUNAT refused it
 * (2000–3999) or its sending deadline passed without an answer; the number is spent.
 */
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Every status a document may have, in its life's order (`Document.status` in proto). */
export const DOCUMENT_STATUSES = DOCUMENT_STATUS_VALUES;

/** A credit or debit note modifies only a document SUNAT took: accepted or observed. */
export const NOTE_MODIFIABLE_STATUSES: ReadonlySet<string> = new Set<DocumentStatus>([
  "accepted",
  "observed",
]);

/**
 * SUNAT catalog 01, the document types this platform issues: invoice, receipt, credit and debit notes, sender
 * and carrier guides (`Document.type` in proto).
 */
export const DOCUMENT_TYPES = DOCUMENT_TYPE_VALUES;

/** What a verdict (SUNAT's, or the sending deadline's) makes of a pending document. */
export type VerdictOutcome = (typeof VERDICT_OUTCOMES)[number];

/** `DocumentVerdict.outcome` in proto (the `documents.verdict` subject). */
export const VERDICT_OUTCOMES = DOCUMENT_VERDICT_OUTCOME_VALUES;

export function isVerdictOutcome(value: string): value is VerdictOutcome {
  return VERDICT_OUTCOMES.some((outcome) => outcome === value);
}

/** True for a despatch advice's type (catalog 01: 09 remitente, 31 transportista), which travels its own paths. */
export function isDespatchAdviceType(type: string): boolean {
  return DESPATCH_ADVICE_TYPE_VALUES.some((despatch) => despatch === type);
}

/** The statuses a document never leaves: a verdict's outcomes. */
export const FINAL_STATUSES: readonly DocumentStatus[] = [...VERDICT_OUTCOMES];

/** True when a document with this status will not change again (an unknown status is not final). */
export function isFinalStatus(status: string): boolean {
  return FINAL_STATUSES.some((final) => final === status);
}

/** Why a try gave no verdict (`submission.last_problem.code`): submission sets it, the API and dashboard show it. */
export const SUBMISSION_PROBLEM_CODES = SUBMISSION_PROBLEM_CODE_VALUES;
export type SubmissionProblemCode = (typeof SUBMISSION_PROBLEM_CODES)[number];
