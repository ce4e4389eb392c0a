import { describe, expect, it } from "vitest";
import { decideVoid, lastVoidDay, reasonProblem, type VoidCandidate } from "./void-eligibility.js";

const doc = (over: Partial<VoidCandidate> = {}): VoidCandidate => ({
  type: "01",
  series: "F001",
  status: "accepted",
  issue_date: "2026-11-20",
  void: null,
  ...over,
});

describe("decideVoid", () => {
  it.each([
    ["accepted invoice → RA", doc(), "RA"],
    ["observed invoice → RA", doc({ status: "observed" }), "RA"],
    ["accepted receipt → RC", doc({ type: "03", series: "B001" }), "RC"],
    ["credit note of an invoice → RA", doc({ type: "07", series: "F001" }), "RA"],
    ["credit note of a receipt → RC", doc({ type: "07", series: "BC01" }), "RC"],
    ["debit note of a receipt → RC", doc({ type: "08", series: "BD01" }), "RC"],
    ["failed void may be retried", doc({ void: { status: "failed" } }), "RA"],
    ["last day of the window (issue + 7)", doc({ issue_date: "2026-11-18" }), "RA"],
  ] as const)("%s", (_name, candidate, channel) => {
    expect(decideVoid(candidate, "2026-11-25")).toEqual({ ok: true, channel });
  });

  it.each([
    ["guide 09", doc({ type: "09", series: "T001" }), "despatch_void_in_portal"],
    ["guide 31", doc({ type: "31", series: "V001" }), "despatch_void_in_portal"],
    ["pending", doc({ status: "pending" }), "document_not_voidable"],
    ["rejected", doc({ status: "rejected" }), "document_not_voidable"],
    ["voided", doc({ status: "voided", void: { status: "voided" } }), "document_already_voided"],
    ["void in progress", doc({ void: { status: "pending" } }), "void_in_progress"],
  ] as const)("%s → 409 %s", (_name, candidate, reason) => {
    expect(decideVoid(candidate, "2026-11-25")).toMatchObject({
      ok: false,
      kind: "conflict",
      error: { code: reason, status: 409 },
    });
  });

  it("a receipt's note past the window → invalid issue_date, as its receipt", () => {
    const decision = decideVoid(doc({ type: "07", series: "BC01", issue_date: "2026-11-17" }), "2026-11-25");
    expect(decision).toMatchObject({
      ok: false,
      kind: "invalid",
      param: "issue_date",
      error: { code: "void_window_closed", status: 422 },
    });
  });

  it("past the window → invalid issue_date naming the last day", () => {
    const decision = decideVoid(doc({ issue_date: "2026-11-17" }), "2026-11-25");
    expect(decision).toMatchObject({
      ok: false,
      kind: "invalid",
      param: "issue_date",
      error: { code: "void_window_closed", status: 422 },
    });
    expect(decision.ok === false && decision.message).toContain("2026-11-24");
  });

  it("lastVoidDay crosses months and years", () => {
    expect(lastVoidDay("2026-12-28")).toBe("2027-01-04");
    expect(lastVoidDay("2028-02-25")).toBe("2028-03-03");
  });
});

describe("reasonProblem", () => {
  it.each([
    ["Error en el RUC", undefined],
    ["x".repeat(100), undefined],
    ["Ñandú – devolución 😀", undefined],
  ])("%s is fine", (reason, problem) => {
    expect(reasonProblem(reason)).toBe(problem);
  });
  it.each([
    [""],
    ["   "],
    ["x".repeat(101)],
    ["line\nbreak"],
    ["tab\there"],
    ["nul\u0000"],
    ["c1\u0085"],
    ["\ud800"],
  ])("%j is refused", (reason) => {
    expect(reasonProblem(reason)).toBeTypeOf("string");
  });
});
