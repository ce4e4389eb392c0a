import { describe, expect, it } from "vitest";
import { expectXmlMatches } from "../test-support/assertions.js";
import { benchmarkInput } from "../test-support/bench-sample.js";
import { tempDir, writeTemp, xmlsecVerifies, xsdFailures } from "../test-support/xml-validation.js";
import { createTestCertificate } from "./certificates.js";
import { buildInvoiceXml } from "./invoice-builder.js";
import { signXml } from "./xml-signer.js";

describe("benchmarkInput", () => {
  it("builds and signs a valid 5-line invoice whose XML matches its amounts", () => {
    const input = benchmarkInput();
    expect(input.document.lines).toHaveLength(5);
    expect(input.document.monetary_total.payable_amount).toBe("1180.00");
    const credentials = createTestCertificate({ ruc: input.issuer.ruc, legalName: input.issuer.legal_name });
    const signed = signXml(buildInvoiceXml(input), credentials);
    const dir = tempDir();
    const file = writeTemp(dir, "bench.xml", signed.xml);
    expect(xsdFailures([file]).failed).toEqual([]);
    expect(xmlsecVerifies(file, writeTemp(dir, "cert.pem", credentials.certificatePem)).ok).toBe(true);
    expectXmlMatches(signed.xml, input.document);
  });
});
