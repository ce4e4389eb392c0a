import { describe, expect, it } from "vitest";
import { timeInLima, todayInLima } from "./time.js";

describe("todayInLima()", () => {
  it.each([
    ["2026-01-01T04:59:59Z", "2025-12-31", "23:59:59"],
    ["2026-01-01T05:00:00Z", "2026-01-01", "00:00:00"],
    ["2026-07-15T12:00:00Z", "2026-07-15", "07:00:00"],
  ])("should map %s to %s %s", (utc, date, time) => {
    expect(todayInLima(new Date(utc))).toBe(date);
    expect(timeInLima(new Date(utc))).toBe(time);
  });
});
