import { describe, expect, it } from "vitest";
import { benchmarkInput } from "../test-support/index.js";
import { createTestCertificate } from "./certificates.js";
import { buildInvoiceXml } from "./invoice-builder.js";
import { LeanSignerWithFallback } from "./lean-signer-with-fallback.js";
import { XmlCryptoSigner } from "./xml-signer.js";

const credentials = createTestCertificate({ ruc: "20000000001", legalName: "EMPRESA DE PRUEBA S.A.C." });

describe("LeanSignerWithFallback", () => {
  it("signs our documents exactly as xml-crypto does, without falling back", () => {
    const xml = buildInvoiceXml(benchmarkInput(5));
    const fallbacks: string[] = [];
    const lean = new LeanSignerWithFallback((code) => fallbacks.push(code)).sign(xml, credentials);
    const reference = new XmlCryptoSigner().sign(xml, credentials);
    expect(lean.digestValue).toBe(reference.digestValue);
    expect(lean.xml).toBe(reference.xml);
    expect(fallbacks).toEqual([]);
  });

  it("falls back to xml-crypto for XML the lean canonicalizer refuses (a comment), and says so", () => {
    const xml = buildInvoiceXml(benchmarkInput(1)).replace(
      "<cbc:UBLVersionID>",
      "<!-- note --><cbc:UBLVersionID>",
    );
    const fallbacks: string[] = [];
    const signed = new LeanSignerWithFallback((code) => fallbacks.push(code)).sign(xml, credentials);
    expect(signed.xml).toContain("<ds:SignatureValue>");
    expect(signed.digestValue).toBe(new XmlCryptoSigner().sign(xml, credentials).digestValue);
    expect(fallbacks).toHaveLength(1);
  });
});
