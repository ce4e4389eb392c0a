import { describe, expect, it } from "vitest";
import { Decimal } from "./amounts.js";
import { checkSummaryLines, type SummaryLine, voidWindowIssue } from "./summary-line-rules.js";
import type { VoidTarget } from "./voided-rules.js";

const line = (over: Partial<SummaryLine> = {}): SummaryLine => ({
  type: "03",
  series: "B001",
  number: "7",
  condition: "3",
  total: new Decimal("118.00"),
  parts: new Decimal("118.00"),
  ...over,
});
const keyOf = (l: SummaryLine) => `${l.series}-${l.number}`;
const codes = (lines: SummaryLine[], targets: Record<string, VoidTarget>, ref = "2026-11-20") =>
  checkSummaryLines(lines, keyOf, new Map(Object.entries(targets)), ref, "2026-11-25").map((i) => i.code);

describe("checkSummaryLines (RC)", () => {
  it.each([
    ["an accepted boleta voided in time", line(), { "B001-7": { outcome: "accepted", voided: false } }, []],
    ["not registered", line(), {}, ["2105"]],
    ["rejected", line(), { "B001-7": { outcome: "rejected", voided: false } }, ["2987"]],
    ["already voided", line(), { "B001-7": { outcome: "accepted", voided: true } }, ["2987"]],
    [
      "TotalAmount off by more than 5",
      line({ parts: new Decimal("100.00") }),
      { "B001-7": { outcome: "accepted", voided: false } },
      ["4027"],
    ],
    ["a condition 1 line is not a void", line({ condition: "1" }), {}, []],
  ] as const)("%s", (_name, l, targets, expected) => {
    expect(codes([l], targets as Record<string, VoidTarget>)).toEqual(expected);
  });

  it("refuses a void past 7 days (2957)", () => {
    expect(codes([line()], { "B001-7": { outcome: "accepted", voided: false } }, "2026-11-17")).toEqual([
      "2957",
    ]);
  });
});

describe("voidWindowIssue", () => {
  it.each([
    ["2026-11-18", "F001", undefined],
    ["2026-11-17", "F001", "2957"],
    ["2026-11-01", "0001", undefined],
  ])("%s %s", (ref, series, code) => {
    expect(voidWindowIssue(ref, "2026-11-25", series)?.code).toBe(code);
  });
});
