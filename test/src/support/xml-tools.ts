/**
 * What the UBL matrix needs around the external validators (xmllint, xmlsec1: @einvoice/testkit's wrappers): the
 * schema, a scratch directory for the files they read, and the signature's parts read from the XML text.
 */
import { X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONFORMANCE_DIR } from "../harness.js";

export const INVOICE_XSD = join(CONFORMANCE_DIR, "xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd");

export interface TempDir {
  path: string;
  write(name: string, content: string): string;
  remove(): void;
}

export const tempDir = (): TempDir => {
  const path = mkdtempSync(join(tmpdir(), "einvoice-e2e-xml-"));
  return {
    path,
    write(name, content) {
      const file = join(path, name);
      writeFileSync(file, content);
      return file;
    },
    remove() {
      rmSync(path, { recursive: true, force: true });
    },
  };
};

const one = (xml: string, pattern: RegExp, what: string): string => {
  const match = pattern.exec(xml);
  if (!match?.[1]) throw new Error(`the XML has no ${what}`);
  return match[1];
};

/** The signer's certificate (`ds:X509Certificate`) as PEM. */
export const certificateFromXml = (xml: string): { pem: string; x509: X509Certificate } => {
  const base64 = one(xml, /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/, "ds:X509Certificate");
  const lines = base64.replace(/\s+/g, "").match(/.{1,64}/g) ?? [];
  const pem = `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
  return { pem, x509: new X509Certificate(pem) };
};

export const digestValueOf = (xml: string): string =>
  one(xml, /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/, "ds:DigestValue");

export const algorithmsOf = (xml: string): { signature: string; digest: string; c14n: string } => ({
  signature: one(xml, /<ds:SignatureMethod Algorithm="([^"]+)"/, "ds:SignatureMethod"),
  digest: one(xml, /<ds:DigestMethod Algorithm="([^"]+)"/, "ds:DigestMethod"),
  c14n: one(xml, /<ds:CanonicalizationMethod Algorithm="([^"]+)"/, "ds:CanonicalizationMethod"),
});
