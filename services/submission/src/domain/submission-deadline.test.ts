import { describe, expect, it } from "vitest";
import { sendingWindowDays, submissionDeadline } from "./submission-deadline.js";

describe("submissionDeadline", () => {
  it.each([
    ["2026-11-22", "2026-11-26T04:59:59.999Z"],
    ["2026-12-30", "2027-01-03T04:59:59.999Z"],
    ["2028-02-27", "2028-03-02T04:59:59.999Z"],
  ])("issue date %s → end of the third following day in Lima (%s)", (issueDate, expected) => {
    expect(submissionDeadline({ issueDate, queuedAt: new Date("2026-11-22T12:00:00Z") }).toISOString()).toBe(
      expected,
    );
  });

  it("a receipt's note (B…) waits to the end of the fifth day (ERR 1079 after it); an invoice's note to the third", () => {
    const queuedAt = new Date("2026-11-22T12:00:00Z");
    const deadline = (type: string, series: string) =>
      submissionDeadline({
        issueDate: "2026-11-22",
        queuedAt,
        windowDays: sendingWindowDays(type, series),
      }).toISOString();
    expect(deadline("07", "BC01")).toBe("2026-11-28T04:59:59.999Z");
    expect(deadline("08", "BD01")).toBe("2026-11-28T04:59:59.999Z");
    expect(deadline("07", "FC01")).toBe("2026-11-26T04:59:59.999Z");
    expect(deadline("03", "B001")).toBe("2026-11-26T04:59:59.999Z");
    expect(deadline("01", "F001")).toBe("2026-11-26T04:59:59.999Z");
  });

  it("a configured duration counts from queueing", () => {
    const queuedAt = new Date("2026-11-22T12:00:00.000Z");
    expect(submissionDeadline({ issueDate: "2026-11-22", queuedAt, overrideMs: 4_000 }).toISOString()).toBe(
      "2026-11-22T12:00:04.000Z",
    );
  });

  it("refuses a malformed issue date", () => {
    expect(() => submissionDeadline({ issueDate: "22/11/2026", queuedAt: new Date() })).toThrow(RangeError);
  });
});
