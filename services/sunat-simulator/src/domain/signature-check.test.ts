import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeXml } from "@einvoice/sunat";
import { conformanceDir } from "@einvoice/testkit";
import { LeanVerifier, XmlCryptoSigner } from "@einvoice/ubl";
import { describe, expect, it } from "vitest";
import { golden, goldenInvoices } from "../../test-support/fixtures.js";
import {
  builtInvoice,
  example,
  signedGolden,
  TEST_ISSUER_RUC,
  testCredentials,
} from "../../test-support/signing.js";
import { checkSignature, checkSignatureWithXmlCrypto, extractSignature } from "./signature-check.js";

const summaries = join(conformanceDir, "examples/greenter/cdr-and-summaries");

describe("checkSignature", () => {
  const signed = signedGolden("Group1Test/factura1Con3Items.xml", TEST_ISSUER_RUC);

  it("accepts a document signed with the embedded certificate", () => {
    expect(checkSignature(signed)).toBeUndefined();
  });

  it("2335 when the content changed after signing", () => {
    const tampered = signed.replace(">1652.00</cbc:PayableAmount>", ">1653.00</cbc:PayableAmount>");
    expect(tampered).not.toBe(signed);
    expect(checkSignature(tampered)).toMatchObject({ code: "2335", detail: "DigestValue" });
  });

  it("2335 when the signature value was altered", () => {
    const tampered = signed.replace(/<ds:SignatureValue>(.)/, (_m, c: string) => {
      return `<ds:SignatureValue>${c === "A" ? "B" : "A"}`;
    });
    expect(checkSignature(tampered)).toMatchObject({ code: "2335" });
  });

  it("2085 when the document is not signed, 2101 when the certificate is missing", () => {
    expect(checkSignature(signed.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, ""))).toMatchObject({
      code: "2085",
    });
    expect(
      checkSignature(signed.replace(/<ds:X509Certificate>[^<]*<\/ds:X509Certificate>/, "")),
    ).toMatchObject({ code: "2101" });
  });

  it("accepts RSA-SHA1 (Greenter's default) as well", () => {
    const sha1 = new XmlCryptoSigner().sign(
      golden("Group8Test/boleta1Con4Items.xml").replace("ISO-8859-1", "UTF-8"),
      {
        ...testCredentials(TEST_ISSUER_RUC),
        algorithm: "rsa-sha1",
      },
    );
    expect(sha1.xml).toContain("xmldsig#rsa-sha1");
    expect(checkSignature(sha1.xml)).toBeUndefined();
  });

  it("finds Greenter's RC sample altered after signing (xmlsec1 agrees: 'data and digest do not match')", () => {
    // The sample declares ds on the root, so the fragment must get its own declaration to be parsed.
    const xml = decodeXml(readFileSync(join(summaries, "20000000001-RC-20171119-001.xml")));
    expect(extractSignature(xml)).toMatch(/^<ds:Signature xmlns:ds=/);
    expect(checkSignature(xml)).toMatchObject({ code: "2335", detail: "DigestValue" });
  });
});

/**
 * The lean verifier stands in for xml-crypto only where both agree: every homologación golden signed with either
 * algorithm, each altered in its content, its DigestValue and its SignatureValue, and the signed examples of other
 * implementations as they are (some of them altered after signing, some outside the lean profile).
 */
describe("the lean path agrees with xml-crypto", () => {
  const alterations: [string, (xml: string) => string][] = [
    ["as signed", (xml) => xml],
    [
      "content",
      (xml) =>
        xml.replace(
          /(<cbc:PayableAmount[^>]*>)(\d)/,
          (_m, tag: string, d: string) => `${tag}${(Number(d) + 1) % 10}`,
        ),
    ],
    [
      "digest",
      (xml) =>
        xml.replace(/<ds:DigestValue>(.)/, (_m, c: string) => `<ds:DigestValue>${c === "A" ? "B" : "A"}`),
    ],
    [
      "signature",
      (xml) =>
        xml.replace(
          /<ds:SignatureValue>(.)/,
          (_m, c: string) => `<ds:SignatureValue>${c === "A" ? "B" : "A"}`,
        ),
    ],
    ["signed info", (xml) => xml.replace('<ds:Reference URI="">', '<ds:Reference URI="" Id="r1">')],
  ];
  const verdict = (issue: ReturnType<typeof checkSignature>) => (issue ? `${issue.code}` : "valid");

  const documents = goldenInvoices().flatMap((path, i) => {
    const unsigned = golden(path).replace(/encoding="ISO-8859-1"/i, 'encoding="UTF-8"');
    const algorithm = i % 2 === 0 ? "rsa-sha256" : "rsa-sha1";
    const credentials = { ...testCredentials(TEST_ISSUER_RUC), algorithm } as const;
    return [[`${path} (${algorithm})`, new XmlCryptoSigner().sign(unsigned, credentials).xml] as const];
  });

  it.each(documents)("%s", (_name, signed) => {
    const verifier = new LeanVerifier();
    for (const [label, alter] of alterations) {
      const xml = alter(signed);
      if (label !== "as signed") expect(xml, label).not.toBe(signed);
      expect(verdict(checkSignature(xml, verifier)), label).toBe(verdict(checkSignatureWithXmlCrypto(xml)));
    }
    expect(checkSignature(signed, verifier)).toBeUndefined();
  });

  it.each([
    "openubl-xsender/test/F001-1.xml",
    "openubl-xsender/test/150101-F001-11.xml",
    "openubl-xsender/test/RA-20200328-1.xml",
    "greenter-ubl-validator/2.1/20200464529-01-F001-697.xml",
    "greenter-ubl-validator/2.1/20100454523-07-FC01-211.xml",
    "greenter-ubl-validator/2.1/20000000001-09-T001-123.xml",
    "greenter/cdr-and-summaries/20600995805-RA-20170719-01.xml",
    "greenter/cdr-and-summaries/20000000001-RC-20171119-001.xml",
    "greenter/summaries/20000000001-RC-20180126-1.xml",
  ])("another implementation's %s", (path) => {
    const xml = example(path);
    expect(verdict(checkSignature(xml))).toBe(verdict(checkSignatureWithXmlCrypto(xml)));
  });

  it("reads the platform's own signatures without falling back to xml-crypto", () => {
    const verifier = new LeanVerifier();
    expect(verifier.verify(builtInvoice(7))).toEqual({ valid: true });
    expect(verifier.verify(builtInvoice(8).replace("</cbc:Note>", "x</cbc:Note>"))).toMatchObject({
      valid: false,
    });
  });
});
