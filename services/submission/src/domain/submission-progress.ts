import { problemMessage, type SubmissionProblemCode } from "./submission-problem.js";

/** How sending is going, as the Document's `submission` shows it (proto `SubmissionProgress`). */
export interface Progress {
  attempts: number;
  lastProblem?: { code: string; message: string };
  nextAttemptAt?: string;
  deadlineAt: string;
}

/**
 * The progress of a record the scheduler still works on; undefined once done. A record claimed by a replica has a
 * try in progress, so it has no next try to show. A failure recorded before problems were classified reads as
 * `submission_error`.
 */
export function progressOf(
  record: {
    state: string;
    attempts: number;
    last_error: string | null;
    last_problem?: SubmissionProblemCode | null;
    next_attempt_at: string;
    deadline_at: string;
    lease_until: string;
  },
  now: Date,
): Progress | undefined {
  if (record.state === "done") return undefined;
  const code = record.last_problem ?? (record.last_error ? "submission_error" : null);
  const inProgress = new Date(record.lease_until) > now;
  return {
    attempts: record.attempts,
    ...(code && { lastProblem: { code, message: problemMessage(code) } }),
    ...(!inProgress && { nextAttemptAt: record.next_attempt_at }),
    deadlineAt: record.deadline_at,
  };
}
