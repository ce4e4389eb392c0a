import { describe, expect, it } from "vitest";
import { DECOY_HASH, generatePassword, hashPassword, verifyPassword } from "./passwords.js";

describe("passwords", () => {
  it("should verify the password it hashed and refuse any other", async () => {
    const stored = await hashPassword("una clave larga");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword("una clave larga", stored)).toBe(true);
    expect(await verifyPassword("una clave larg", stored)).toBe(false);
  });

  it("should salt each hash, so one password never gives the same hash twice", async () => {
    expect(await hashPassword("x")).not.toBe(await hashPassword("x"));
  });

  it("should match no password with the decoy hash, and refuse a malformed hash", async () => {
    expect(await verifyPassword("", DECOY_HASH)).toBe(false);
    expect(await verifyPassword("x", "plain")).toBe(false);
  });

  it("should generate 20-character URL-safe passwords", () => {
    expect(generatePassword()).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });
});
