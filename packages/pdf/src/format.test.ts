import { describe, expect, it } from "vitest";
import { formatAmount, formatDate, formatPercent, formatQuantity, formatUnitValue } from "./format.js";

describe("formatAmount", () => {
  it.each([
    ["0", "0.00"],
    ["118", "118.00"],
    ["1234.5", "1,234.50"],
    ["1234567.891", "1,234,567.89"],
    ["999.995", "1,000.00"],
    ["-20.00", "-20.00"],
    ["-1234.5", "-1,234.50"],
  ])("%s → %s", (input, printed) => expect(formatAmount(input)).toBe(printed));
});

describe("formatUnitValue", () => {
  it.each([
    ["25", "25.00"],
    ["12.3456", "12.3456"],
    ["0.6166666667", "0.6166666667"],
    ["1500.10", "1,500.10"],
    ["3.100000", "3.10"],
  ])("%s → %s", (input, printed) => expect(formatUnitValue(input)).toBe(printed));
});

describe("formatQuantity", () => {
  it.each([
    ["3", "3"],
    ["3.000", "3"],
    ["2.50", "2.5"],
    ["0.0000000001", "0.0000000001"],
    ["12000", "12,000"],
  ])("%s → %s", (input, printed) => expect(formatQuantity(input)).toBe(printed));
});

describe("formatPercent", () => {
  it("prints factors and percents", () => {
    expect(formatPercent("0.02", true)).toBe("2%");
    expect(formatPercent("0.005", true)).toBe("0.5%");
    expect(formatPercent("18.00", false)).toBe("18%");
    expect(formatPercent("12", false)).toBe("12%");
  });
});

describe("formatDate", () => {
  it("prints DD/MM/YYYY", () => expect(formatDate("2025-03-14")).toBe("14/03/2025"));
  it("refuses what is not an ISO date", () => expect(() => formatDate("14/03/2025")).toThrow(/ISO date/));
});
