/**
 * The external validators the UBL tests run (xmllint, xmlsec1; the wrappers are @einvoice/testkit's, shared with
 * the end-to-end suite), over files written to a temporary directory.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { conformanceDir, validateAgainstXsd, xmlsecVerify } from "@einvoice/testkit";

export const INVOICE_XSD = join(conformanceDir, "xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd");

export const tempDir = (): string => mkdtempSync(join(tmpdir(), "ubl-test-"));

export const writeTemp = (dir: string, name: string, content: string): string => {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
};

/**
 * Validates several files in one xmllint run (the schema is parsed once). Returns the files that failed,
 * with xmllint's messages, so a failure names the broken fixture.
 */
export const xsdFailures = (files: string[]): { failed: string[]; output: string } => {
  const { valid, output, status } = validateAgainstXsd(INVOICE_XSD, files);
  const failed = files.filter((f) => !valid.has(f));
  if (failed.length === 0 && status !== 0) return { failed: ["(xmllint exit code)"], output };
  return { failed, output };
};

/** `xmlsec1 --verify --trusted-pem cert.pem file.xml`: true only on exit 0. */
export const xmlsecVerifies = xmlsecVerify;
