import { describe, expect, it } from "vitest";
import { verdictTransition } from "./document-state.js";

describe("verdictTransition()", () => {
  it.each([
    ["pending", "accepted", { kind: "apply", to: "accepted", event: "document.accepted" }],
    ["pending", "observed", { kind: "apply", to: "observed", event: "document.observed" }],
    ["pending", "rejected", { kind: "apply", to: "rejected", event: "document.rejected" }],
    ["accepted", "accepted", { kind: "already-applied" }],
    ["rejected", "rejected", { kind: "already-applied" }],
  ] as const)("should move %s with %s", (from, outcome, expected) => {
    expect(verdictTransition(from, outcome)).toEqual(expected);
  });

  it.each([
    ["accepted", "rejected"],
    ["rejected", "accepted"],
    ["observed", "accepted"],
  ] as const)("should refuse to move a final %s document to %s", (from, outcome) => {
    expect(verdictTransition(from, outcome).kind).toBe("refused");
  });
});

describe("verdictTransition with an unknown outcome", () => {
  it("should refuse it and keep the document as it is", () => {
    expect(verdictTransition("pending", "voided").kind).toBe("refused");
  });
});
