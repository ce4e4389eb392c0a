import { describe, expect, it } from "vitest";
import { D, fmt2, round2 } from "./money.js";

describe("fmt2", () => {
  it("should round half away from zero to two decimals, as SUNAT does", () => {
    expect(fmt2(new D("2.345"))).toBe("2.35");
    expect(fmt2(new D("2.355"))).toBe("2.36");
    expect(fmt2(new D("0.005"))).toBe("0.01");
    expect(fmt2(new D("2.3449999999"))).toBe("2.34");
    expect(fmt2(new D("118"))).toBe("118.00");
    expect(fmt2(new D("0"))).toBe("0.00");
  });

  it("should write what round2 rounds, for products of rates and amounts", () => {
    for (let i = 0; i < 2_000; i++) {
      const x = new D(i).dividedBy(7).times("1.18");
      expect(fmt2(x)).toBe(round2(x).toFixed(2));
    }
  });
});
