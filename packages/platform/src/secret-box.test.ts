import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  decryptSecret,
  decryptSecretBytes,
  encryptSecret,
  MasterKeys,
  SecretBoxError,
  sealedWith,
} from "./secret-box.js";

const key = randomBytes(32);

/** The same payload under the pre-rotation `v1.` label (the payload format did not change). */
const asV1 = (box: string) => `v1.${box.slice(box.indexOf(".", 3) + 1)}`;

describe("secret box", () => {
  it("round-trips text and bytes, with a fresh ciphertext each time", () => {
    const pem = "-----BEGIN PRIVATE KEY-----\nabc ñ\n-----END PRIVATE KEY-----\n";
    const a = encryptSecret(pem, key);
    expect(a.startsWith(`v2.${new MasterKeys(key).current.id}.`)).toBe(true);
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
    const prefix = box.slice(0, box.indexOf(".", 3) + 1);
    const raw = Buffer.from(box.slice(prefix.length), "base64url");
    raw[raw.length - 1]! ^= 1;
    expect(() => decryptSecret(`${prefix}${raw.toString("base64url")}`, key, "company_1")).toThrow(
      SecretBoxError,
    );
    expect(() => decryptSecret("v3.abc", key)).toThrow(SecretBoxError);
    expect(() => decryptSecret("v2.", key)).toThrow(SecretBoxError);
    expect(() => decryptSecret("v2.abc.", key)).toThrow(SecretBoxError);
    expect(() => decryptSecret("v1.", key)).toThrow(SecretBoxError);
    expect(() => encryptSecret("x", "short")).toThrow(SecretBoxError);
  });
});

describe("master keys and key ids", () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const rotating = new MasterKeys(newKey, [oldKey]);

  it("names each key by a stable id that is not the key", () => {
    const a = new MasterKeys(oldKey).current;
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(new MasterKeys(Buffer.from(oldKey)).current.id).toBe(a.id);
    expect(new MasterKeys(newKey).current.id).not.toBe(a.id);
    expect(oldKey.toString("base64")).not.toContain(a.id);
  });

  it("seals with the current key and opens what each configured key sealed", () => {
    const underOld = encryptSecret("sol password", oldKey, "cmp_1:live");
    expect(sealedWith(underOld)).toBe(new MasterKeys(oldKey).current.id);
    expect(decryptSecret(underOld, rotating, "cmp_1:live")).toBe("sol password");
    expect(rotating.sealsWithCurrent(underOld)).toBe(false);

    const underNew = encryptSecret("sol password", rotating, "cmp_1:live");
    expect(sealedWith(underNew)).toBe(rotating.current.id);
    expect(rotating.sealsWithCurrent(underNew)).toBe(true);
    expect(decryptSecret(underNew, newKey, "cmp_1:live")).toBe("sol password");
  });

  it("still opens boxes sealed before key ids, with whichever configured key sealed them", () => {
    // Written by the secret box before this change, with the key Buffer.alloc(32, 7).
    const legacy = "v1.P6ZCt_wHVCYWTRT7A5KwlXlZ59jZKKUxi8bCZ5YVelRZ8pxtKK-3smnY-IaqhxM14yFR-8bi3DCiM34n09Dk";
    const legacyKey = Buffer.alloc(32, 7);
    expect(sealedWith(legacy)).toBeUndefined();
    expect(decryptSecret(legacy, legacyKey, "cmp_1:live")).toBe("old sol password ñ");
    expect(decryptSecret(legacy, new MasterKeys(newKey, [legacyKey]), "cmp_1:live")).toBe(
      "old sol password ñ",
    );
    expect(new MasterKeys(legacyKey).sealsWithCurrent(legacy)).toBe(false);
    expect(() => decryptSecret(legacy, rotating, "cmp_1:live")).toThrow(
      /cannot decrypt: wrong key or context/,
    );
    expect(decryptSecret(asV1(encryptSecret("x", oldKey)), rotating)).toBe("x");
  });

  it("says which key a box needs when that key is not configured, and never shows key material", () => {
    const underOld = encryptSecret("gre secret", oldKey, "ctx");
    const oldId = new MasterKeys(oldKey).current.id;
    let error: unknown;
    try {
      decryptSecret(underOld, newKey, "ctx");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SecretBoxError);
    const message = (error as Error).message;
    expect(message).toContain(`sealed with master key ${oldId}, which is not configured`);
    expect(message).toContain(new MasterKeys(newKey).current.id);
    for (const material of [oldKey, newKey]) {
      expect(message).not.toContain(material.toString("base64"));
      expect(message).not.toContain(material.toString("hex"));
    }
    expect(message).not.toContain("gre secret");
  });

  it("ignores the current key listed again among the previous ones", () => {
    const keys = new MasterKeys(newKey, [newKey, oldKey, oldKey]);
    expect(keys.previous.map((k) => k.id)).toEqual([new MasterKeys(oldKey).current.id]);
    expect(keys.all).toHaveLength(2);
  });
});
