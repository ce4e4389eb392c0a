import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeXml } from "@einvoice/sunat";
import { conformanceDir } from "@einvoice/testkit";
import { XmlCryptoSigner } from "@einvoice/ubl";
import { describe, expect, it } from "vitest";
import { golden } from "../../test-support/fixtures.js";
import { signedGolden, TEST_ISSUER_RUC, testCredentials } from "../../test-support/signing.js";
import { checkSignature, extractSignature } from "./signature-check.js";

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
