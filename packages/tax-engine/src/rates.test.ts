import { describe, expect, it } from "vitest";
import { ICBPER_RATES, icbperPerBag, igvRate, ivapRate, rateOn } from "./rates.js";

describe("dated rates", () => {
  it.each([
    ["2019-07-31", undefined],
    ["2019-08-01", "0.1"],
    ["2020-01-01", "0.2"],
    ["2021-12-31", "0.3"],
    ["2022-01-01", "0.4"],
    ["2023-01-01", "0.5"],
    ["2030-06-30", "0.5"],
  ])("ICBPER per bag on %s is %s", (date, value) => {
    expect(icbperPerBag(date)?.toString()).toBe(value);
  });

  it("IGV 18 %, IVAP 4 %", () => {
    expect(igvRate("2024-01-01").toString()).toBe("0.18");
    expect(ivapRate("2024-01-01").toString()).toBe("0.04");
  });

  it("the table is sorted by date (rateOn takes the last entry in force)", () => {
    const dates = ICBPER_RATES.map((r) => r.from);
    expect([...dates].sort()).toEqual(dates);
    expect(rateOn([], "2024-01-01")).toBeUndefined();
  });
});
