import { generateKeyPairSync, randomBytes, X509Certificate } from "node:crypto";
import { ConnectError, decryptSecret, readViolations } from "@einvoice/platform";
import { openStore, type Store } from "@einvoice/store";
import { createTestCertificate, exportPfx, type SigningCredentials } from "@einvoice/ubl";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CredentialRepository, credentialsCollection } from "../adapters/credential-repository.js";
import { UploadCertificate } from "./upload-certificate.js";

const masterKey = randomBytes(32);
let store: Store;
let upload: UploadCertificate;
let own: SigningCredentials;
let other: SigningCredentials;

beforeAll(() => {
  own = createTestCertificate({ ruc: "20123456786", legalName: "COMERCIAL ANDINA S.A.C." });
  other = createTestCertificate({ ruc: "20987654326", legalName: "OTRA S.A." });
});

beforeEach(async () => {
  store = await openStore({ engine: "sqlite", file: ":memory:" });
  await store.ensure([credentialsCollection]);
  upload = new UploadCertificate(store, masterKey);
});

afterEach(async () => {
  await store.close();
});

/** The violations of a rejected upload, as the gateway will read them. */
async function violationsOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectError);
  return readViolations(error as ConnectError);
}

describe("UploadCertificate", () => {
  it("should store a PFX's certificate with its key encrypted and report the certificate", async () => {
    const details = await upload.execute("cmp_1", true, {
      form: "pkcs12",
      pfx: exportPfx(own, "clave123"),
      password: "clave123",
    });
    const x509 = new X509Certificate(own.certificatePem);
    expect(details).toMatchObject({
      issuer: details.subject,
      serial_number: x509.serialNumber,
      fingerprint_sha256: x509.fingerprint256,
      expires_at: new Date(x509.validTo).toISOString(),
      not_before: new Date(x509.validFrom).toISOString(),
      source: "uploaded",
    });
    expect(details.subject).toContain("serialNumber=20123456786");
    expect(details.subject).not.toContain("\n");

    const record = await new CredentialRepository(store).find("cmp_1", true);
    expect(record).toMatchObject({ _id: "cmp_1:live", livemode: true, source: "uploaded" });
    expect(record!.private_key_box).not.toContain("PRIVATE KEY");
    expect(decryptSecret(record!.private_key_box, masterKey, "cmp_1:live")).toContain("BEGIN PRIVATE KEY");
    // Scoped: the other mode and other companies have nothing.
    expect(await new CredentialRepository(store).find("cmp_1", false)).toBeNull();
    expect(await new CredentialRepository(store).find("cmp_2", true)).toBeNull();
  });

  it("should accept a PEM pair and replace the previous certificate of the mode", async () => {
    await upload.execute("cmp_1", true, { form: "pkcs12", pfx: exportPfx(own, "x"), password: "x" });
    const details = await upload.execute("cmp_1", true, {
      form: "pem",
      certificatePem: other.certificatePem,
      privateKeyPem: other.privateKeyPem,
    });
    expect(details.fingerprint_sha256).toBe(new X509Certificate(other.certificatePem).fingerprint256);
    const record = await new CredentialRepository(store).find("cmp_1", true);
    expect(new X509Certificate(record!.certificate_pem).fingerprint256).toBe(details.fingerprint_sha256);
  });

  it("should name password for a PFX that the password does not open", async () => {
    const violations = await violationsOf(
      upload.execute("cmp_1", true, { form: "pkcs12", pfx: exportPfx(own, "right"), password: "wrong" }),
    );
    expect(violations).toEqual([expect.objectContaining({ param: "password", code: "wrong_password" })]);
    expect(await new CredentialRepository(store).find("cmp_1", true)).toBeNull();
  });

  it("should name pfx for a file that is not PKCS#12, and for a missing file", async () => {
    expect(
      await violationsOf(
        upload.execute("cmp_1", true, { form: "pkcs12", pfx: Buffer.from("not a pfx"), password: "x" }),
      ),
    ).toEqual([expect.objectContaining({ param: "pfx", code: "invalid_pfx" })]);
    expect(
      await violationsOf(
        upload.execute("cmp_1", true, { form: "pkcs12", pfx: new Uint8Array(), password: "" }),
      ),
    ).toEqual([expect.objectContaining({ param: "pfx", code: "parameter_missing" })]);
  });

  it("should name private_key when the key does not belong to the certificate", async () => {
    const violations = await violationsOf(
      upload.execute("cmp_1", true, {
        form: "pem",
        certificatePem: own.certificatePem,
        privateKeyPem: other.privateKeyPem,
      }),
    );
    expect(violations).toEqual([
      expect.objectContaining({ param: "private_key", code: "key_certificate_mismatch" }),
    ]);
  });

  it("should name private_key for a key that is not RSA", async () => {
    const { privateKey } = generateKeyPairSync("ec", {
      namedCurve: "P-256",
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    const violations = await violationsOf(
      upload.execute("cmp_1", true, {
        form: "pem",
        certificatePem: own.certificatePem,
        privateKeyPem: privateKey,
      }),
    );
    expect(violations).toEqual([expect.objectContaining({ param: "private_key", code: "unsupported_key" })]);
  });

  it("should name certificate for an expired or not yet valid certificate, and pfx inside a PFX", async () => {
    const expired = createTestCertificate({
      ruc: "20123456786",
      legalName: "VENCIDA S.A.C.",
      notBefore: new Date("2020-01-01T00:00:00Z"),
      validDays: 30,
    });
    const pem = {
      form: "pem" as const,
      certificatePem: expired.certificatePem,
      privateKeyPem: expired.privateKeyPem,
    };
    const [violation] = await violationsOf(upload.execute("cmp_1", true, pem));
    expect(violation).toMatchObject({ param: "certificate", code: "certificate_expired" });
    expect(violation!.message).toContain("2020-01-31");
    expect(
      await violationsOf(
        upload.execute("cmp_1", true, { form: "pkcs12", pfx: exportPfx(expired, "x"), password: "x" }),
      ),
    ).toEqual([expect.objectContaining({ param: "pfx", code: "certificate_expired" })]);

    const early = new UploadCertificate(store, masterKey, () => new Date("2000-01-01T00:00:00Z"));
    expect(
      await violationsOf(
        early.execute("cmp_1", true, {
          form: "pem",
          certificatePem: own.certificatePem,
          privateKeyPem: own.privateKeyPem,
        }),
      ),
    ).toEqual([expect.objectContaining({ param: "certificate", code: "certificate_not_yet_valid" })]);
  });

  it("should name every missing PEM field and unreadable input", async () => {
    expect(
      await violationsOf(
        upload.execute("cmp_1", true, { form: "pem", certificatePem: " ", privateKeyPem: "" }),
      ),
    ).toEqual([
      expect.objectContaining({ param: "certificate", code: "parameter_missing" }),
      expect.objectContaining({ param: "private_key", code: "parameter_missing" }),
    ]);
    expect(
      await violationsOf(
        upload.execute("cmp_1", true, {
          form: "pem",
          certificatePem: "garbage",
          privateKeyPem: own.privateKeyPem,
        }),
      ),
    ).toEqual([expect.objectContaining({ param: "certificate", code: "invalid_certificate" })]);
    expect(
      await violationsOf(
        upload.execute("cmp_1", true, {
          form: "pem",
          certificatePem: own.certificatePem,
          privateKeyPem: "garbage",
        }),
      ),
    ).toEqual([expect.objectContaining({ param: "private_key", code: "invalid_private_key" })]);
  });
});
