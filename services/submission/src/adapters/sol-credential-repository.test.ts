import { randomBytes } from "node:crypto";
import { SecretBoxError } from "@einvoice/platform";
import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type SolCredentialRecord,
  SolCredentialStore,
  solCredentialsCollection,
} from "./sol-credential-repository.js";

const masterKey = randomBytes(32);
let store: Store;
let sol: SolCredentialStore;

beforeEach(async () => {
  store = await openStore({ engine: "sqlite", file: ":memory:" });
  await store.ensure([solCredentialsCollection]);
  sol = new SolCredentialStore(store, masterKey);
});

afterEach(async () => {
  await store.close();
});

const raw = () => store.collection<SolCredentialRecord>(solCredentialsCollection).find({});

describe("SolCredentialStore", () => {
  it("should find nothing before a pair is set", async () => {
    expect(await sol.find("cmp_1", true)).toBeNull();
    expect(await sol.findUser("cmp_1", true)).toBeNull();
  });

  it("should return the pair decrypted while storing the password encrypted", async () => {
    await sol.set("cmp_1", true, { user: "EMPRESA01", password: "s3cr3t-Clave" });
    expect(await sol.find("cmp_1", true)).toEqual({ user: "EMPRESA01", password: "s3cr3t-Clave" });
    expect(await sol.findUser("cmp_1", true)).toBe("EMPRESA01");
    const [record] = await raw();
    expect(record).toMatchObject({
      _id: "cmp_1:live",
      company_id: "cmp_1",
      livemode: true,
      user: "EMPRESA01",
    });
    expect(JSON.stringify(record)).not.toContain("s3cr3t-Clave");
  });

  it("should scope by company and mode", async () => {
    await sol.set("cmp_1", true, { user: "LIVEUSER", password: "a" });
    await sol.set("cmp_1", false, { user: "TESTUSER", password: "b" });
    expect(await sol.find("cmp_1", true)).toEqual({ user: "LIVEUSER", password: "a" });
    expect(await sol.find("cmp_1", false)).toEqual({ user: "TESTUSER", password: "b" });
    expect(await sol.find("cmp_2", true)).toBeNull();
  });

  it("should replace the previous pair of the mode", async () => {
    await sol.set("cmp_1", true, { user: "OLDUSER", password: "old" });
    await sol.set("cmp_1", true, { user: "NEWUSER", password: "new" });
    expect(await sol.find("cmp_1", true)).toEqual({ user: "NEWUSER", password: "new" });
    expect(await raw()).toHaveLength(1);
  });

  it("should not open the passwords with another master key", async () => {
    await sol.set("cmp_1", true, { user: "EMPRESA01", password: "x" });
    await expect(new SolCredentialStore(store, randomBytes(32)).find("cmp_1", true)).rejects.toBeInstanceOf(
      SecretBoxError,
    );
  });
});
