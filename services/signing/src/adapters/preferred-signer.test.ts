import { createLogger } from "@einvoice/platform";
import { buildInvoiceXml, createTestCertificate, XmlCryptoSigner } from "@einvoice/ubl";
import { benchmarkInput } from "@einvoice/ubl/test-support";
import { describe, expect, it } from "vitest";
import { createSigner, LeanSignerWithFallback } from "./preferred-signer.js";

const credentials = createTestCertificate({ ruc: "20000000001", legalName: "EMPRESA DE PRUEBA S.A.C." });
const logger = createLogger("test", "silent");

describe("LeanSignerWithFallback", () => {
  it("signs our documents exactly as xml-crypto does", () => {
    const xml = buildInvoiceXml(benchmarkInput(5));
    const lean = new LeanSignerWithFallback(logger).sign(xml, credentials);
    const reference = new XmlCryptoSigner().sign(xml, credentials);
    expect(lean.digestValue).toBe(reference.digestValue);
    expect(lean.xml).toBe(reference.xml);
  });

  it("falls back to xml-crypto for XML the lean canonicalizer refuses (a comment)", () => {
    const xml = buildInvoiceXml(benchmarkInput(1)).replace(
      "<cbc:UBLVersionID>",
      "<!-- note --><cbc:UBLVersionID>",
    );
    const signed = new LeanSignerWithFallback(logger).sign(xml, credentials);
    expect(signed.xml).toContain("<ds:SignatureValue>");
    expect(signed.digestValue).toBe(new XmlCryptoSigner().sign(xml, credentials).digestValue);
  });

  it("is chosen by configuration", () => {
    expect(createSigner("lean", logger)).toBeInstanceOf(LeanSignerWithFallback);
    expect(createSigner("xml-crypto", logger)).toBeInstanceOf(XmlCryptoSigner);
  });
});
