import { describe, expect, it } from "vitest";
import { pollDelay, readyBatches, summaryLineOf, summaryOutcome } from "./summary-plan.js";
import type { VoidItemRecord } from "./summary-records.js";

const item = (id: string, receivedAt: string, over: Partial<VoidItemRecord> = {}): VoidItemRecord => ({
  _id: id,
  document_id: id,
  attempt: 1,
  company_id: "cmp_1",
  livemode: false,
  ruc: "20000000001",
  legal_name: "EMPRESA",
  kind: "RA",
  reference_date: "2026-11-25",
  line: summaryLineOf({ type: "01", series: "F001", number: 1 }, "x"),
  state: "waiting",
  summary_id: null,
  received_at: receivedAt,
  ...over,
});

describe("readyBatches", () => {
  const now = new Date("2026-11-25T12:00:10.000Z");
  it("groups by company, mode, RUC, kind and reference date once the oldest waited the window", () => {
    const batches = readyBatches(
      [
        item("a", "2026-11-25T12:00:07.000Z"),
        item("b", "2026-11-25T12:00:09.500Z"),
        item("c", "2026-11-25T12:00:07.000Z", { kind: "RC" }),
        item("d", "2026-11-25T12:00:09.000Z", { reference_date: "2026-11-24" }),
        item("e", "2026-11-25T12:00:07.000Z", { livemode: true }),
      ],
      now,
      2_000,
      100,
    );
    expect(batches.map((b) => b.map((i) => i._id)).sort()).toEqual([["a", "b"], ["c"], ["e"]]);
  });
  it("cuts a group into summaries of at most maxLines, oldest first", () => {
    const batches = readyBatches(
      [
        item("b", "2026-11-25T12:00:01.000Z"),
        item("a", "2026-11-25T12:00:00.000Z"),
        item("c", "2026-11-25T12:00:02.000Z"),
      ],
      now,
      0,
      2,
    );
    expect(batches.map((b) => b.map((i) => i._id))).toEqual([["a", "b"], ["c"]]);
  });
});

describe("summaryLineOf (RC amounts)", () => {
  it("lists payments above zero and IGV always, other taxes above zero", () => {
    const line = summaryLineOf(
      {
        type: "03",
        series: "B001",
        number: 9,
        currency: "PEN",
        total: "118.50",
        customer: { documentType: "1", documentNumber: "12345678" },
        amounts: {
          taxed: "100.00",
          exempt: "0.00",
          unaffected: "0.00",
          export: "0.00",
          free: "0.00",
          igv: "18.00",
          ivap: "0.00",
          isc: "0.00",
          icbper: "0.50",
        },
      },
      "x",
    );
    expect(line.payments).toEqual([{ code: "01", amount: "100.00" }]);
    expect(line.taxes).toEqual([
      { code: "1000", amount: "18.00" },
      { code: "7152", amount: "0.50" },
    ]);
    expect(line.total).toBe("118.50");
  });

  it("the IGV entry carries the rate of the receipt's lines (cbc:Percent of the RC line)", () => {
    const amounts = {
      taxed: "100.00",
      exempt: "0.00",
      unaffected: "0.00",
      export: "0.00",
      free: "0.00",
      igv: "10.50",
      ivap: "0.00",
      isc: "0.00",
      icbper: "0.00",
    };
    const line = summaryLineOf({ type: "03", series: "B001", number: 9, amounts, igvPercent: "10.50" }, "x");
    expect(line.taxes).toEqual([{ code: "1000", amount: "10.50", percent: "10.50" }]);
    const ivap = summaryLineOf(
      {
        type: "03",
        series: "B001",
        number: 9,
        amounts: { ...amounts, igv: "0.00", ivap: "4.00" },
        igvPercent: "4.00",
      },
      "x",
    );
    expect(ivap.taxes).toEqual([
      { code: "1000", amount: "0.00" },
      { code: "1016", amount: "4.00", percent: "4.00" },
    ]);
  });
});

describe("pollDelay and summaryOutcome", () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [3, 8000],
    [10, 60000],
  ])("poll %d waits %d ms", (n, ms) => {
    expect(pollDelay(n, 1000, 60000)).toBe(ms);
  });
  it.each([
    ["0", "voided"],
    ["4000", "voided"],
    ["2105", "failed"],
    ["2324", "failed"],
  ] as const)("code %s → %s", (code, outcome) => {
    expect(summaryOutcome({ code })).toBe(outcome);
  });
});
