import { createPrivateKey } from "node:crypto";
import { LeanSigner, LeanVerifier, type SigningCredentials, type XmlSigner } from "@einvoice/ubl";
import { describe, expect, it } from "vitest";
import { sampleCredentials, warmUpSigning } from "./warm-up-signing.js";

describe("warmUpSigning", () => {
  it("builds and signs the sample invoice as an issued one, a signature SUNAT's checks accept", () => {
    const signed: string[] = [];
    const lean = new LeanSigner();
    const recording: XmlSigner = {
      sign: (xml: string, credentials: SigningCredentials) => {
        const result = lean.sign(xml, credentials);
        signed.push(result.xml);
        return result;
      },
    };
    expect(warmUpSigning(recording, 3)).toBe(3);
    expect(signed).toHaveLength(3);
    expect(new LeanVerifier().verify(signed[2]!).valid).toBe(true);
    expect(signed[2]).toContain("<cbc:ID>F001-3</cbc:ID>");
  });

  it("signs with a throwaway certificate of a small key, cheap to make at every boot", () => {
    const { privateKeyPem, certificatePem } = sampleCredentials();
    expect(createPrivateKey(privateKeyPem).asymmetricKeyDetails?.modulusLength).toBe(1024);
    expect(certificatePem).toContain("BEGIN CERTIFICATE");
  });

  it("fails loudly when the sample stops signing", () => {
    const broken: XmlSigner = { sign: (xml) => ({ xml, digestValue: "" }) };
    expect(() => warmUpSigning(broken, 1)).toThrow(/did not sign/);
  });
});
