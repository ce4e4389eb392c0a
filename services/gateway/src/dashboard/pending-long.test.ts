import { describe, expect, it } from "vitest";
import { isPendingLong, PENDING_LONG_MINUTES } from "./pending-long.js";

const NOW = new Date("2026-06-01T15:30:00.000Z");
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();

describe("a document pending for long", () => {
  it("is a pending one numbered more than 10 minutes ago", () => {
    expect(PENDING_LONG_MINUTES).toBe(10);
    expect(isPendingLong({ status: "pending", created_at: minutesAgo(10.5) }, NOW)).toBe(true);
    expect(isPendingLong({ status: "pending", created_at: minutesAgo(9) }, NOW)).toBe(false);
  });

  it("is never a document with a verdict, however old", () => {
    for (const status of ["accepted", "observed", "rejected", "voided"])
      expect(isPendingLong({ status, created_at: minutesAgo(600) }, NOW)).toBe(false);
  });
});
