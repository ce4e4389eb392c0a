import { Decimal } from "decimal.js";
import { beforeAll, describe, expect, it } from "vitest";
import { expectXmlMatches } from "../test-support/assertions.js";
import { MATRIX } from "../test-support/fixture-matrix.js";
import { ISSUER } from "../test-support/fixtures.js";
import { tempDir, writeTemp, xmlsecVerifies, xsdFailures } from "../test-support/xml-validation.js";
import { createTestCertificate } from "./certificates.js";
import { buildInvoiceXml } from "./invoice-builder.js";
import type { SignedXml } from "./signer.js";
import { signXml } from "./xml-signer.js";

const names = Object.keys(MATRIX);
const signed = new Map<string, SignedXml & { file: string }>();
let dir = "";
let certFile = "";

beforeAll(() => {
  const credentials = createTestCertificate({ ruc: ISSUER.ruc, legalName: ISSUER.legal_name });
  dir = tempDir();
  certFile = writeTemp(dir, "cert.pem", credentials.certificatePem);
  names.forEach((name, i) => {
    const xml = buildInvoiceXml({ issuer: ISSUER, document: MATRIX[name]!, number: i + 1 });
    const result = signXml(xml, credentials);
    signed.set(name, { ...result, file: writeTemp(dir, `${name}.xml`, result.xml) });
  });
});

const get = (name: string) => signed.get(name)!;

/** Bumps the first PayableAmount by one cent, keeping the XML well-formed. */
const tamper = (xml: string): string =>
  xml.replace(/(<cbc:PayableAmount currencyID="\w+">)([\d.]+)</, (_, open: string, value: string) => {
    return `${open}${new Decimal(value).plus("0.01").toFixed(2)}<`;
  });

describe("signed matrix documents", () => {
  it("covers the matrix", () => {
    expect(names.length).toBeGreaterThanOrEqual(20);
    expect(new Set(names.map((n) => MATRIX[n]!.type))).toEqual(new Set(["01", "03"]));
  });

  it("all validate against UBL-Invoice-2.1.xsd", () => {
    const { failed, output } = xsdFailures(names.map((n) => get(n).file));
    expect(failed, output).toEqual([]);
  });

  it.each(names)("%s: xmlsec1 accepts the signature and rejects a tampered copy", (name) => {
    const { file, xml } = get(name);
    const ok = xmlsecVerifies(file, certFile);
    expect(ok.ok, ok.output).toBe(true);
    const altered = tamper(xml);
    expect(altered).not.toBe(xml);
    expect(xmlsecVerifies(writeTemp(dir, `${name}.tampered.xml`, altered), certFile).ok).toBe(false);
  });

  it.each(names)("%s: the XML amounts equal the ComputedDocument", (name) => {
    expectXmlMatches(get(name).xml, MATRIX[name]!);
  });
});
