import { describe, expect, it } from "vitest";
import { nextAttemptAt, retryDelayMs } from "./retry-schedule.js";

const delaysMs = [1_000, 5_000, 30_000, 120_000, 600_000];

describe("retryDelayMs", () => {
  it.each([
    [1, true, 1_000],
    [2, true, 5_000],
    [5, true, 600_000],
    [40, true, 600_000],
    [1, false, 120_000],
    [2, false, 600_000],
  ])("failure %i (transient %s) waits %i ms", (failures, transient, expected) => {
    expect(retryDelayMs({ failures, transient, delaysMs })).toBe(expected);
  });

  it("refuses an empty schedule", () => {
    expect(() => retryDelayMs({ failures: 1, transient: true, delaysMs: [] })).toThrow(RangeError);
  });
});

describe("nextAttemptAt", () => {
  const now = new Date("2026-11-22T12:00:00.000Z");
  it("adds the delay", () => {
    expect(nextAttemptAt(now, 5_000, new Date("2026-11-23T00:00:00Z")).toISOString()).toBe(
      "2026-11-22T12:00:05.000Z",
    );
  });
  it("never passes the deadline", () => {
    const deadline = new Date("2026-11-22T12:00:02.000Z");
    expect(nextAttemptAt(now, 5_000, deadline)).toEqual(deadline);
  });
});
