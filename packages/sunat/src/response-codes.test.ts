import { describe, expect, it } from "vitest";
import { classifyResponseCode, isTransientException, messageFor } from "./response-codes.js";

describe("classifyResponseCode", () => {
  it.each([
    ["0", "accepted"],
    ["0100", "exception"],
    ["0111", "exception"],
    ["1033", "exception"],
    ["1999", "exception"],
    ["2000", "rejected"],
    ["2335", "rejected"],
    ["3999", "rejected"],
    ["4000", "observed"],
    ["4252", "observed"],
  ] as const)("%s → %s", (code, expected) => {
    expect(classifyResponseCode(code)).toBe(expected);
  });

  it("refuses non-numeric input", () => {
    expect(() => classifyResponseCode("Client")).toThrow(RangeError);
  });
});

describe("isTransientException", () => {
  it("retries SUNAT outages only", () => {
    for (const code of ["0100", "0109", "0130", "0134", "0138", "0200"])
      expect(isTransientException(code)).toBe(true);
    for (const code of ["0111", "0127", "0139", "0151", "0154", "0306", "1033", "3277", "0"]) {
      expect(isTransientException(code)).toBe(false);
    }
  });
});

describe("messageFor", () => {
  it("knows the codes we emit and falls back for others", () => {
    expect(messageFor("0154")).toMatch(/RUC del archivo/);
    expect(messageFor("9999")).toBe("Código de retorno 9999");
  });
});
