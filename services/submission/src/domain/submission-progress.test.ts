import { describe, expect, it } from "vitest";
import { progressOf } from "./submission-progress.js";

const NOW = new Date("2026-11-22T15:00:00.000Z");
const record = {
  state: "queued",
  attempts: 2,
  last_error: "SUNAT call failed: connect ECONNREFUSED 127.0.0.1:9 (ECONNREFUSED)",
  last_problem: "sunat_unreachable" as const,
  next_attempt_at: "2026-11-22T15:00:30.000Z",
  deadline_at: "2026-11-26T04:59:59.999Z",
  lease_until: "1970-01-01T00:00:00.000Z",
};

describe("the progress a pending document shows", () => {
  it("says the sends so far, the last problem in words (never the raw error), the next try and the deadline", () => {
    expect(progressOf(record, NOW)).toEqual({
      attempts: 2,
      lastProblem: { code: "sunat_unreachable", message: "SUNAT could not be reached." },
      nextAttemptAt: "2026-11-22T15:00:30.000Z",
      deadlineAt: "2026-11-26T04:59:59.999Z",
    });
  });

  it("has no next try while a replica holds the record (a try is in progress)", () => {
    const progress = progressOf({ ...record, lease_until: "2026-11-22T15:00:20.000Z" }, NOW);
    expect(progress?.nextAttemptAt).toBeUndefined();
  });

  it("has no problem before the first failure, and none at all once done", () => {
    const fresh = { ...record, attempts: 0, last_error: null, last_problem: null };
    expect(progressOf(fresh, NOW)?.lastProblem).toBeUndefined();
    expect(progressOf({ ...record, state: "done" }, NOW)).toBeUndefined();
  });

  it("reads a failure recorded before problems were classified as submission_error", () => {
    const older = { ...record, last_problem: undefined };
    expect(progressOf(older, NOW)?.lastProblem).toEqual({
      code: "submission_error",
      message: "Sending failed on our side.",
    });
  });
});
