/** The signature check of the UBL matrix: the XMLDSig profile SUNAT expects, verified by xmlsec1. */
import { xmlsecVerify } from "@einvoice/testkit";
import { expect } from "vitest";
import type { Issued } from "./ubl-matrix-issue.js";
import { algorithmsOf, certificateFromXml, type TempDir } from "./xml-tools.js";

const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
const INCLUSIVE_C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";

/**
 * An RSA-SHA256 enveloped signature in the UBL extension, by a certificate naming the company's RUC; xmlsec1
 * verifies it with that certificate and refuses the tampered copy.
 */
export const expectSignatureVerifies = (
  { xml, file, tamperedFile }: Issued,
  dir: TempDir,
  ruc: string,
): void => {
  expect(algorithmsOf(xml)).toEqual({ signature: RSA_SHA256, digest: SHA256, c14n: INCLUSIVE_C14N });
  expect(xml).toMatch(/<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><ds:Signature Id="[^"]+"/);
  expect(xml).toMatch(/<ds:Reference URI="">/);
  const certificate = certificateFromXml(xml);
  expect(certificate.x509.subject).toContain(ruc);
  const certFile = dir.write(`${file.split("/").pop()}.pem`, certificate.pem);
  const good = xmlsecVerify(file, certFile);
  expect(good.ok, good.output).toBe(true);
  const bad = xmlsecVerify(tamperedFile, certFile);
  expect(bad.ok, bad.output).toBe(false);
  // A digest mismatch, not an unreadable file: xmlsec1 reports the verification itself as failed.
  expect(bad.output).toMatch(/^FAIL$/m);
};
