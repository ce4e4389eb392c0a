import { createPrivateKey, randomBytes, X509Certificate } from "node:crypto";
import type { Issuer } from "@einvoice/domain";
import { openStore, type Store } from "@einvoice/store";
import { createTestCertificate, exportPfx, type SigningCredentials } from "@einvoice/ubl";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { credentialsCollection } from "../adapters/credential-repository.js";
import { CredentialVault, MissingCertificateError } from "./credential-vault.js";
import { UploadCertificate } from "./upload-certificate.js";

const masterKey = randomBytes(32);
const issuer: Issuer = {
  ruc: "20123456786",
  legal_name: "COMERCIAL ANDINA S.A.C.",
  address: { line: "Av. Lima 123", establishment_code: "0000", country_code: "PE" },
};
const fingerprint = (c: SigningCredentials) => new X509Certificate(c.certificatePem).fingerprint256;

let store: Store;
let vault: CredentialVault;
let upload: UploadCertificate;
let first: SigningCredentials;
let second: SigningCredentials;

beforeAll(() => {
  first = createTestCertificate({ ruc: issuer.ruc, legalName: "PRIMERO S.A.C." });
  second = createTestCertificate({ ruc: issuer.ruc, legalName: "SEGUNDO S.A.C." });
});

beforeEach(async () => {
  store = await openStore({ engine: "sqlite", file: ":memory:" });
  await store.ensure([credentialsCollection]);
  vault = new CredentialVault(store, masterKey);
  upload = new UploadCertificate(store, masterKey);
});

afterEach(async () => {
  await store.close();
});

const pem = (c: SigningCredentials) => ({
  form: "pem" as const,
  certificatePem: c.certificatePem,
  privateKeyPem: c.privateKeyPem,
});

describe("CredentialVault", () => {
  it("should make one test certificate per company on first use and keep serving it", async () => {
    const a = await vault.forIssuer("cmp_1", false, issuer);
    expect(new X509Certificate(a.certificatePem).subject).toContain(issuer.ruc);
    expect(fingerprint(await vault.forIssuer("cmp_1", false, issuer))).toBe(fingerprint(a));
    // Another replica reads the same stored certificate.
    const b = await new CredentialVault(store, masterKey).forIssuer("cmp_1", false, issuer);
    expect(fingerprint(b)).toBe(fingerprint(a));
    expect((await vault.find("cmp_1", false))?.source).toBe("test");
  });

  it("should make one key pair for a company's concurrent first documents", async () => {
    const inner = store.collection.bind(store);
    let inserts = 0;
    const counting = Object.create(store) as Store;
    counting.collection = ((spec) => {
      const collection = inner(spec);
      return Object.assign(Object.create(collection), {
        insertOne: (...args: Parameters<typeof collection.insertOne>) => {
          inserts++;
          return collection.insertOne(...args);
        },
      });
    }) as Store["collection"];
    const fresh = new CredentialVault(counting, masterKey);
    const all = await Promise.all(Array.from({ length: 4 }, () => fresh.forIssuer("cmp_new", false, issuer)));
    expect(new Set(all.map(fingerprint)).size).toBe(1);
    expect(inserts).toBe(1);
  });

  it("should keep the most recently used credentials in a bounded cache and decrypt the others again", async () => {
    const small = new CredentialVault(store, masterKey, 2);
    const a = await small.forIssuer("cmp_a", false, issuer);
    const b = await small.forIssuer("cmp_b", false, issuer);
    expect(await small.forIssuer("cmp_a", false, issuer)).toBe(a); // a is now the most recent
    await small.forIssuer("cmp_c", false, issuer); // pushes out b, the least recently used
    expect(await small.forIssuer("cmp_a", false, issuer)).toBe(a);
    const bAgain = await small.forIssuer("cmp_b", false, issuer);
    expect(bAgain).not.toBe(b);
    expect(bAgain).toEqual(b);
  });

  it("should refuse live mode until a certificate is uploaded, then sign with it", async () => {
    await expect(vault.forIssuer("cmp_1", true, issuer)).rejects.toBeInstanceOf(MissingCertificateError);
    await upload.execute("cmp_1", true, { form: "pkcs12", pfx: exportPfx(first, "p"), password: "p" });
    const live = await vault.forIssuer("cmp_1", true, issuer);
    expect(fingerprint(live)).toBe(fingerprint(first));
    const key = createPrivateKey(live.privateKeyPem);
    expect(new X509Certificate(live.certificatePem).checkPrivateKey(key)).toBe(true);
  });

  it("should serve the new certificate right after a replacement, never the cached one", async () => {
    await upload.execute("cmp_1", true, pem(first));
    expect(fingerprint(await vault.forIssuer("cmp_1", true, issuer))).toBe(fingerprint(first));
    await upload.execute("cmp_1", true, pem(second));
    const after = await vault.forIssuer("cmp_1", true, issuer);
    expect(fingerprint(after)).toBe(fingerprint(second));
    expect(after.privateKeyPem).not.toBe(first.privateKeyPem);
  });

  it("should let a test-mode upload replace the generated test certificate", async () => {
    const generated = await vault.forIssuer("cmp_1", false, issuer);
    await upload.execute("cmp_1", false, pem(first));
    const now = await vault.forIssuer("cmp_1", false, issuer);
    expect(fingerprint(now)).toBe(fingerprint(first));
    expect(fingerprint(now)).not.toBe(fingerprint(generated));
    expect((await vault.find("cmp_1", false))?.source).toBe("uploaded");
    // Live mode is untouched by a test-mode upload.
    expect(await vault.find("cmp_1", true)).toBeNull();
  });

  it("should not generate a test certificate over an uploaded one", async () => {
    await upload.execute("cmp_1", false, pem(first));
    expect(fingerprint(await vault.forIssuer("cmp_1", false, issuer))).toBe(fingerprint(first));
  });
});
