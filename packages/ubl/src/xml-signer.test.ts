import { beforeAll, describe, expect, it } from "vitest";
import { MATRIX } from "../test-support/fixture-matrix.js";
import { ISSUER } from "../test-support/fixtures.js";
import { tempDir, writeTemp, xmlsecVerifies } from "../test-support/xml-validation.js";
import { createTestCertificate } from "./certificates.js";
import { buildInvoiceXml } from "./invoice-builder.js";
import type { SigningCredentials } from "./signer.js";
import { SigningError, signXml, XmlCryptoSigner } from "./xml-signer.js";

let credentials: SigningCredentials;
let other: SigningCredentials;
let dir = "";
let certFile = "";
const unsigned = () => buildInvoiceXml({ issuer: ISSUER, document: MATRIX["01-mixed"]!, number: 42 });

beforeAll(() => {
  credentials = createTestCertificate({ ruc: ISSUER.ruc, legalName: ISSUER.legal_name });
  other = createTestCertificate({ ruc: "20999999990", legalName: "OTRA S.A." });
  dir = tempDir();
  certFile = writeTemp(dir, "cert.pem", credentials.certificatePem);
});

describe("XmlCryptoSigner", () => {
  it("signs RSA-SHA256 / SHA-256 / inclusive C14N inside ExtensionContent, returning the DigestValue", () => {
    const { xml, digestValue } = signXml(unsigned(), credentials);
    expect(xml).toMatch(
      /<ext:ExtensionContent><ds:Signature Id="SignatureSP"[^>]*><ds:SignedInfo><ds:CanonicalizationMethod Algorithm="http:\/\/www.w3.org\/TR\/2001\/REC-xml-c14n-20010315"\/><ds:SignatureMethod Algorithm="http:\/\/www.w3.org\/2001\/04\/xmldsig-more#rsa-sha256"\/><ds:Reference URI="">/,
    );
    expect(xml).toContain('<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>');
    expect(xml).toContain(`<ds:DigestValue>${digestValue}</ds:DigestValue>`);
    expect(Buffer.from(digestValue, "base64")).toHaveLength(32);
    const certBody = credentials.certificatePem.replace(/-----[A-Z ]+-----|\s/g, "");
    expect(xml).toContain(`<ds:X509Data><ds:X509Certificate>${certBody}</ds:X509Certificate></ds:X509Data>`);
    expect(xmlsecVerifies(writeTemp(dir, "sha256.xml", xml), certFile).ok).toBe(true);
  });

  it("rsa-sha1 is selectable and still verifies", () => {
    const { xml, digestValue } = signXml(unsigned(), { ...credentials, algorithm: "rsa-sha1" });
    expect(xml).toContain('Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"');
    expect(xml).toContain('Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"');
    expect(Buffer.from(digestValue, "base64")).toHaveLength(20);
    expect(xmlsecVerifies(writeTemp(dir, "sha1.xml", xml), certFile).ok).toBe(true);
  });

  it("uses the Id that cac:Signature points at", () => {
    const xml = buildInvoiceXml({
      issuer: ISSUER,
      document: MATRIX["03-taxed"]!,
      number: 1,
      signatureId: "FIRMA-1",
    });
    const signed = signXml(xml, credentials).xml;
    expect(signed).toContain('<ds:Signature Id="FIRMA-1"');
    expect(signed).toContain("<cbc:URI>#FIRMA-1</cbc:URI>");
  });

  it("the digest is deterministic and changes with the content", () => {
    const a = signXml(unsigned(), credentials).digestValue;
    expect(signXml(unsigned(), credentials).digestValue).toBe(a);
    const changed = buildInvoiceXml({ issuer: ISSUER, document: MATRIX["01-mixed"]!, number: 43 });
    expect(signXml(changed, credentials).digestValue).not.toBe(a);
  });

  it("a signature does not verify against another trusted certificate", () => {
    const file = writeTemp(dir, "other.xml", signXml(unsigned(), other).xml);
    expect(xmlsecVerifies(file, certFile).ok).toBe(false);
    expect(xmlsecVerifies(file, writeTemp(dir, "other.pem", other.certificatePem)).ok).toBe(true);
  });

  it("re-reads credentials whose PEMs were replaced on the same object", () => {
    const signer = new XmlCryptoSigner();
    const mutable = { ...credentials };
    signer.sign(unsigned(), mutable);
    mutable.privateKeyPem = other.privateKeyPem;
    mutable.certificatePem = other.certificatePem;
    const file = writeTemp(dir, "rotated.xml", signer.sign(unsigned(), mutable).xml);
    expect(xmlsecVerifies(file, writeTemp(dir, "rotated.pem", other.certificatePem)).ok).toBe(true);
  });

  it("refuses to sign twice and reports bad credentials as SigningError", () => {
    const once = signXml(unsigned(), credentials).xml;
    expect(() => signXml(once, credentials)).toThrow(SigningError);
    expect(() => signXml(unsigned(), { ...credentials, privateKeyPem: "nope" })).toThrow(SigningError);
    expect(() => signXml("<a/>", credentials)).toThrow(SigningError);
  });
});
