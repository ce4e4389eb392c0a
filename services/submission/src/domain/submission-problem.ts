import type { SubmissionProblemCode } from "@einvoice/domain";

/**
 * Why a try gave no verdict, as a caller can act on it (the Document's `submission.last_problem`). The raw error
 * stays in the record's `last_error` and the logs for operators: it may name hosts and sockets.
 */
export type { SubmissionProblemCode };

const MESSAGES: Record<SubmissionProblemCode, string> = {
  sunat_unreachable: "SUNAT could not be reached.",
  sunat_no_answer: "SUNAT did not answer.",
  sunat_unavailable: "SUNAT answered with an error of its own.",
  sunat_busy: "SUNAT could not take the document right now.",
  sunat_refused_send: "SUNAT refused the send; check the SOL credentials and the company's RUC.",
  sol_credentials_missing: "No SOL credentials are stored for live mode.",
  submission_error: "Sending failed on our side.",
};

export function problemMessage(code: SubmissionProblemCode): string {
  return MESSAGES[code];
}

/** How a failed call's outage reads: what the HTTP client saw (see `SunatUnavailableError`). */
export function outageProblem(outage: {
  timedOut: boolean;
  /** False only when the request surely never left (connection refused, name not resolved). */
  maybeProcessed: boolean;
  /** SUNAT's HTTP server answered (5xx, an empty or unreadable body). */
  answered: boolean;
}): SubmissionProblemCode {
  if (outage.answered) return "sunat_unavailable";
  if (outage.timedOut || outage.maybeProcessed) return "sunat_no_answer";
  return "sunat_unreachable";
}

/** An exception answer (a SOAP fault, or a status code) that SUNAT says to retry. */
export function exceptionProblem(transient: boolean): SubmissionProblemCode {
  return transient ? "sunat_busy" : "sunat_refused_send";
}
