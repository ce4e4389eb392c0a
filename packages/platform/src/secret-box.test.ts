import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, decryptSecretBytes, encryptSecret, SecretBoxError } from "./secret-box.js";

const key = randomBytes(32);

describe("secret box", () => {
  it("round-trips text and bytes, with a fresh ciphertext each time", () => {
    const pem = "-----BEGIN PRIVATE KEY-----\nabc ñ\n-----END PRIVATE KEY-----\n";
    const a = encryptSecret(pem, key);
    expect(a.startsWith("v1.")).toBe(true);
    expect(a).not.toContain("PRIVATE");
    expect(encryptSecret(pem, key)).not.toBe(a);
    expect(decryptSecret(a, key)).toBe(pem);
    const bytes = randomBytes(300);
    expect(decryptSecretBytes(encryptSecret(bytes, key), key).equals(bytes)).toBe(true);
  });

  it("fails closed on a wrong key, a wrong context or altered data", () => {
    const box = encryptSecret("s3cret", key, "company_1");
    expect(decryptSecret(box, key, "company_1")).toBe("s3cret");
    expect(() => decryptSecret(box, randomBytes(32), "company_1")).toThrow(SecretBoxError);
    expect(() => decryptSecret(box, key, "company_2")).toThrow(SecretBoxError);
    const raw = Buffer.from(box.slice(3), "base64url");
    raw[raw.length - 1]! ^= 1;
    expect(() => decryptSecret(`v1.${raw.toString("base64url")}`, key, "company_1")).toThrow(SecretBoxError);
    expect(() => decryptSecret("v2.abc", key)).toThrow(SecretBoxError);
    expect(() => encryptSecret("x", "short")).toThrow(SecretBoxError);
  });
});
