import { describe, expect, it } from "vitest";
import { warmUpSubmission } from "./warm-up-submission.js";

describe("warmUpSubmission", () => {
  it("zips, wraps and reads back an accepting CDR for each sample, without a SUNAT", async () => {
    expect(await warmUpSubmission(3)).toBe(3);
  });
});
