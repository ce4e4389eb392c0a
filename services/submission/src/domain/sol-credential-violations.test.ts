import { describe, expect, it } from "vitest";
import { solCredentialViolations } from "./sol-credential-violations.js";

describe("solCredentialViolations()", () => {
  it.each([["MODDATOS"], ["a"], ["USER1234567890ABCDEF"]])("should accept the user %s", (user) => {
    expect(solCredentialViolations(user, "moddatos")).toEqual([]);
  });

  it.each([
    ["", "x", "user", "parameter_missing"],
    ["USER1234567890ABCDEFG", "x", "user", "parameter_invalid"],
    ["MOD DATOS", "x", "user", "parameter_invalid"],
    ["MOD-DATOS", "x", "user", "parameter_invalid"],
    ["20000000001MODDATOS1", "", "password", "parameter_missing"],
    ["MODDATOS", "x".repeat(101), "password", "parameter_invalid"],
  ])("should refuse user %j / password %j on %s", (user, password, param, code) => {
    expect(solCredentialViolations(user, password)).toEqual([expect.objectContaining({ param, code })]);
  });

  it("should report both fields at once", () => {
    expect(solCredentialViolations("", "").map((v) => v.param)).toEqual(["user", "password"]);
  });
});
