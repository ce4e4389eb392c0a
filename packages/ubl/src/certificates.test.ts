import { X509Certificate } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CertificateExpiredError,
  CredentialsError,
  createTestCertificate,
  exportPfx,
  inspectCertificate,
  KeyCertificateMismatchError,
  loadPem,
  loadPfx,
} from "./certificates.js";
import type { SigningCredentials } from "./signer.js";

let a: SigningCredentials;
let b: SigningCredentials;

beforeAll(() => {
  a = createTestCertificate({ ruc: "20123456786", legalName: "COMERCIAL ANDINA S.A.C.", validDays: 30 });
  b = createTestCertificate({ ruc: "20987654326", legalName: "OTRA S.A." });
});

describe("createTestCertificate", () => {
  it("is a self-signed RSA-2048 certificate whose subject carries the RUC", () => {
    const cert = new X509Certificate(a.certificatePem);
    expect(cert.subject).toContain("20123456786");
    expect(cert.subject).toContain("COMERCIAL ANDINA S.A.C.");
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(cert.verify(cert.publicKey)).toBe(true);
    const info = inspectCertificate(a.certificatePem);
    expect(info.ruc).toBe("20123456786");
    expect(info.fingerprintSha256).toBe(cert.fingerprint256);
    expect(info.fingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const days = (info.validTo.getTime() - info.validFrom.getTime()) / 86_400_000;
    expect(days).toBe(30);
  });
});

describe("loadPem", () => {
  it("accepts a matching, valid pair", () => {
    const loaded = loadPem(a.privateKeyPem, a.certificatePem);
    expect(loaded.privateKeyPem).toContain("BEGIN PRIVATE KEY");
    expect(new X509Certificate(loaded.certificatePem).fingerprint256).toBe(
      new X509Certificate(a.certificatePem).fingerprint256,
    );
  });

  it("rejects a key that does not belong to the certificate", () => {
    expect(() => loadPem(b.privateKeyPem, a.certificatePem)).toThrow(KeyCertificateMismatchError);
  });

  it("rejects expired and not-yet-valid certificates", () => {
    const old = createTestCertificate({
      ruc: "20123456786",
      legalName: "X",
      notBefore: new Date("2020-01-01T00:00:00Z"),
      validDays: 10,
    });
    expect(() => loadPem(old.privateKeyPem, old.certificatePem)).toThrow(CertificateExpiredError);
    expect(() => loadPem(a.privateKeyPem, a.certificatePem, { now: new Date("2000-01-01") })).toThrow(
      expect.objectContaining({ code: "certificate_not_yet_valid" }),
    );
  });

  it("types unreadable input", () => {
    expect(() => loadPem("garbage", a.certificatePem)).toThrow(
      expect.objectContaining({ code: "invalid_private_key" }),
    );
    expect(() => loadPem(a.privateKeyPem, "garbage")).toThrow(
      expect.objectContaining({ code: "invalid_certificate" }),
    );
  });
});

describe("loadPfx", () => {
  it("reads key and certificate back from a PKCS#12 file", () => {
    const pfx = exportPfx(a, "clave123");
    const loaded = loadPfx(pfx, "clave123");
    expect(loadPem(loaded.privateKeyPem, a.certificatePem)).toBeTruthy();
    expect(new X509Certificate(loaded.certificatePem).subject).toContain("20123456786");
  });

  it("reports a wrong password and a corrupt file with distinct codes", () => {
    const pfx = exportPfx(a, "clave123");
    expect(() => loadPfx(pfx, "otra")).toThrow(expect.objectContaining({ code: "wrong_password" }));
    expect(() => loadPfx(Buffer.from("not a pfx"), "x")).toThrow(CredentialsError);
    expect(() => loadPfx(Buffer.from("not a pfx"), "x")).toThrow(
      expect.objectContaining({ code: "invalid_pfx" }),
    );
  });
});
