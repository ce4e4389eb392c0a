/**
 * End to end with the real tax engine: InvoiceRequest → computeDocument → build → sign → XSD + xmlsec1, and
 * the XML amounts read back equal the engine's `document.amounts`.
 */
import { computeDocument } from "@einvoice/tax-engine";
import { beforeAll, describe, expect, it } from "vitest";
import { expectXmlMatches } from "../test-support/assertions.js";
import { ISSUER } from "../test-support/fixtures.js";
import { TAX_ENGINE_CASES, TAX_ENGINE_TODAY } from "../test-support/tax-engine-cases.js";
import { tempDir, writeTemp, xmlsecVerifies, xsdFailures } from "../test-support/xml-validation.js";
import { createTestCertificate } from "./certificates.js";
import { buildInvoiceXml } from "./invoice-builder.js";
import type { SigningCredentials } from "./signer.js";
import { signXml } from "./xml-signer.js";

const TODAY = TAX_ENGINE_TODAY;
const CASES = TAX_ENGINE_CASES;

const names = Object.keys(CASES);
const results = new Map<string, { xml: string; file: string }>();
const documents = new Map<string, ReturnType<typeof computeDocument>>();
let credentials: SigningCredentials;
let dir = "";
let certFile = "";

beforeAll(() => {
  credentials = createTestCertificate({ ruc: ISSUER.ruc, legalName: ISSUER.legal_name });
  dir = tempDir();
  certFile = writeTemp(dir, "cert.pem", credentials.certificatePem);
  names.forEach((name, i) => {
    const { type, request } = CASES[name]!;
    const computed = computeDocument(request, { type, today: TODAY });
    documents.set(name, computed);
    if (!computed.ok) return;
    const { xml } = signXml(
      buildInvoiceXml({ issuer: ISSUER, document: computed.document, number: i + 1 }),
      credentials,
    );
    results.set(name, { xml, file: writeTemp(dir, `${name}.xml`, xml) });
  });
});

describe("tax engine → UBL → signature", () => {
  it.each(names)("%s: the engine accepts the request", (name) => {
    const computed = documents.get(name)!;
    expect(computed.ok ? [] : computed.errors).toEqual([]);
  });

  it("every computed document validates against the XSD", () => {
    const { failed, output } = xsdFailures([...results.values()].map((r) => r.file));
    expect(failed, output).toEqual([]);
    expect(results.size).toBe(names.length);
  });

  it.each(names)("%s: xmlsec1 verifies, and the XML amounts equal document.amounts", (name) => {
    const result = results.get(name);
    const computed = documents.get(name)!;
    if (!result || !computed.ok) throw new Error(`${name} was not computed`);
    const check = xmlsecVerifies(result.file, certFile);
    expect(check.ok, check.output).toBe(true);
    expectXmlMatches(result.xml, computed.document);
  });
});
