import { describe, expect, it } from "vitest";
import { benchmarkInput } from "../test-support/bench-sample.js";
import { createTestCertificate } from "./certificates.js";
import { buildInvoiceXml } from "./invoice-builder.js";
import { LeanSigner } from "./lean-signer.js";
import { LeanVerifier, LeanVerifierUnsupported } from "./lean-verifier.js";

const input = benchmarkInput(5);
const credentials = createTestCertificate({ ruc: input.issuer.ruc, legalName: "EMISOR LEAN" });
const signed = new LeanSigner().sign(buildInvoiceXml(input), credentials).xml;
const sha1 = new LeanSigner().sign(buildInvoiceXml({ ...input, number: 2 }), {
  ...credentials,
  algorithm: "rsa-sha1",
}).xml;

describe("LeanVerifier", () => {
  it("accepts what the signer wrote, with either algorithm", () => {
    const verifier = new LeanVerifier();
    expect(verifier.verify(signed)).toEqual({ valid: true });
    expect(verifier.verify(sha1)).toEqual({ valid: true });
  });

  it("tells a changed document (digest) from a changed SignedInfo or value (signature)", () => {
    const verifier = new LeanVerifier();
    const content = signed.replace(/<cbc:PayableAmount currencyID="PEN">/, "$&1");
    expect(verifier.verify(content)).toEqual({ valid: false, reason: "digest" });
    const value = signed.replace(
      /<ds:SignatureValue>(.)/,
      (_m, c: string) => `<ds:SignatureValue>${c === "A" ? "B" : "A"}`,
    );
    expect(verifier.verify(value)).toEqual({ valid: false, reason: "signature" });
    // A DigestValue rewritten to match altered content still fails: it is itself signed.
    expect(verifier.verify(signed.replace("<ds:DigestValue>", "<ds:DigestValue>A"))).toMatchObject({
      valid: false,
    });
  });

  it("reads a signature re-indented by another tool (whitespace between its elements)", () => {
    const verifier = new LeanVerifier();
    const spaced = signed.replace(/(<\/ds:[A-Za-z]+>)(?=<ds:)/g, "$1\n  ");
    expect(spaced).not.toBe(signed);
    // Whitespace inside SignedInfo changes what was signed; outside it (KeyInfo, SignatureValue) it does not.
    expect(verifier.verify(spaced)).toMatchObject({ valid: false, reason: "signature" });
    const outside = signed.replace("</ds:SignatureValue><ds:KeyInfo>", "</ds:SignatureValue>\n<ds:KeyInfo>");
    expect(verifier.verify(outside)).toEqual({ valid: true });
  });

  it.each([
    [
      "another canonicalization",
      (x: string) => x.replaceAll("REC-xml-c14n-20010315", "REC-xml-c14n-20010315#WithComments"),
    ],
    [
      "a reference to a fragment",
      (x: string) => x.replace('<ds:Reference URI="">', '<ds:Reference URI="#x">'),
    ],
    ["a comment", (x: string) => x.replace("<cbc:UBLVersionID>", "<!-- c --><cbc:UBLVersionID>")],
    ["no signature", (x: string) => x.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "")],
    ["an unknown algorithm", (x: string) => x.replace("xmldsig-more#rsa-sha256", "xmldsig-more#rsa-sha512")],
  ])("leaves %s to a general implementation", (_label, alter) => {
    expect(() => new LeanVerifier().verify(alter(signed))).toThrow(LeanVerifierUnsupported);
  });
});
