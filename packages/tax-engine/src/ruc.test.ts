import { describe, expect, it } from "vitest";
import { isValidRuc, rucCheckDigit, rucProblem } from "./ruc.js";

describe("RUC check digit and prefix", () => {
  it("accepts RUCs published by SUNAT-registered companies", () => {
    // SUNAT's own RUC, a bank's, the dev company's, a natural person's shape (prefix 10).
    for (const ruc of ["20131312955", "20100047218", "10467793549", "20000000001", "20100070970"])
      expect(rucProblem(ruc), ruc).toBeUndefined();
  });

  it("computes the modulo-11 digit, mapping 10 to 0 and 11 to 1", () => {
    expect(rucCheckDigit("2010007097")).toBe(0); // 89 mod 11 = 1 → 10 → 0
    expect(rucCheckDigit("2000000000")).toBe(1); // 10 mod 11 = 10 → 1
    expect(rucCheckDigit("2000000010")).toBe(9); // 13 mod 11 = 2 → 9
  });

  it("refuses a typo in the last digit, a wrong prefix and a wrong length", () => {
    expect(isValidRuc("20100070971")).toBe(false);
    expect(rucProblem("20100070971")).toMatch(/check digit, which for these ten digits is 0/);
    expect(rucProblem("30100070970")).toMatch(/starts with 10, 15, 16, 17, 20/);
    expect(rucProblem("2010007097")).toBe("a RUC has 11 digits");
  });
});
