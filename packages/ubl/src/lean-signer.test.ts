/**
 * The proof that {@link LeanSigner} can replace {@link XmlCryptoSigner}: on every document of both matrices
 * (hand-built and tax-engine-computed, factura and boleta) it writes the same DigestValue, the same
 * SignatureValue and the same bytes; xmllint validates its output against the XSD; xmlsec1 (libxml2, an
 * implementation independent of both) verifies it and rejects tampered copies. Random awkward documents
 * check the canonicalization paths the builder does not take (xml:* and namespaces around the signature).
 */
import { createHash } from "node:crypto";
import { computeDocument } from "@einvoice/tax-engine";
import { Decimal } from "decimal.js";
import { beforeAll, describe, expect, it } from "vitest";
import { benchmarkInput } from "../test-support/bench-sample.js";
import { MATRIX } from "../test-support/fixture-matrix.js";
import { doc, ISSUER } from "../test-support/fixtures.js";
import { randomSignableXml } from "../test-support/random-xml.js";
import { TAX_ENGINE_CASES, TAX_ENGINE_TODAY } from "../test-support/tax-engine-cases.js";
import { tempDir, writeTemp, xmlsecVerifies, xsdFailures } from "../test-support/xml-validation.js";
import { C14nError, canonicalize } from "./c14n.js";
import { createTestCertificate } from "./certificates.js";
import { buildInvoiceXml } from "./invoice-builder.js";
import { LeanSigner } from "./lean-signer.js";
import type { SignedXml, SigningCredentials } from "./signer.js";
import { SigningError, XmlCryptoSigner } from "./xml-signer.js";

interface Case {
  unsigned: string;
  type: string;
  reference: { sha256: SignedXml; sha1: SignedXml };
  lean: { sha256: SignedXml; sha1: SignedXml };
  file: string;
}

const unsignedDocuments = (): Map<string, { xml: string; type: string }> => {
  const documents = new Map<string, { xml: string; type: string }>();
  Object.entries(MATRIX).forEach(([name, document], i) => {
    documents.set(`matrix/${name}`, {
      xml: buildInvoiceXml({ issuer: ISSUER, document, number: i + 1 }),
      type: document.type,
    });
  });
  Object.entries(TAX_ENGINE_CASES).forEach(([name, { type, request }], i) => {
    const computed = computeDocument(request, { type, today: TAX_ENGINE_TODAY });
    if (!computed.ok) throw new Error(`${name}: ${JSON.stringify(computed.errors)}`);
    documents.set(`engine/${name}`, {
      xml: buildInvoiceXml({ issuer: ISSUER, document: computed.document, number: i + 1 }),
      type,
    });
  });
  documents.set("bench/5-lines", { xml: buildInvoiceXml(benchmarkInput(5)), type: "01" });
  documents.set("extra/signature-id-and-time", {
    xml: buildInvoiceXml({
      issuer: ISSUER,
      document: MATRIX["03-taxed"]!,
      number: 99_999_999,
      signatureId: "FIRMA-1",
      issueTime: "10:15:00",
    }),
    type: "03",
  });
  // Raw CR, CRLF and TAB in text: the builder writes them as they are, so the signers must digest what a
  // parser reads (LF), not the bytes.
  const whitespace = doc({
    customer: { document_type: "6", document_number: "20600000013", name: "Tab\there\r\nCRLF\rCR ]]> fin" },
    lines: [{ quantity: "1", value: "10", description: "línea 1\r\nlínea 2\n\tfin" }],
  });
  documents.set("extra/cr-lf-tab", {
    xml: buildInvoiceXml({ issuer: ISSUER, document: whitespace, number: 7 }),
    type: "01",
  });
  return documents;
};

const signatureValue = (xml: string): string => /<ds:SignatureValue>([^<]+)</.exec(xml)![1]!;
const lineEndsNormalized = (xml: string): string => xml.replace(/\r\n?/g, "\n");

/** Bumps the first PayableAmount by one cent, keeping the XML well-formed. */
const tamperAmount = (xml: string): string =>
  xml.replace(/(<cbc:PayableAmount currencyID="\w+">)([\d.]+)</, (_, open: string, value: string) => {
    return `${open}${new Decimal(value).plus("0.01").toFixed(2)}<`;
  });

const cases = new Map<string, Case>();
let credentials: SigningCredentials;
let dir = "";
let certFile = "";
const lean = new LeanSigner();
const reference = new XmlCryptoSigner();

beforeAll(() => {
  credentials = createTestCertificate({ ruc: ISSUER.ruc, legalName: ISSUER.legal_name });
  const sha1 = { ...credentials, algorithm: "rsa-sha1" as const };
  dir = tempDir();
  certFile = writeTemp(dir, "cert.pem", credentials.certificatePem);
  for (const [name, { xml, type }] of unsignedDocuments()) {
    const signed = lean.sign(xml, credentials);
    cases.set(name, {
      unsigned: xml,
      type,
      reference: { sha256: reference.sign(xml, credentials), sha1: reference.sign(xml, sha1) },
      lean: { sha256: signed, sha1: lean.sign(xml, sha1) },
      file: writeTemp(dir, `${name.replace("/", "--")}.xml`, signed.xml),
    });
  }
});

const names = [...unsignedDocuments().keys()];
const get = (name: string): Case => cases.get(name)!;

describe("LeanSigner is byte-identical to XmlCryptoSigner", () => {
  it("covers both matrices and both invoice types", () => {
    expect(names.filter((n) => n.startsWith("matrix/")).length).toBe(Object.keys(MATRIX).length);
    expect(names.filter((n) => n.startsWith("engine/")).length).toBe(Object.keys(TAX_ENGINE_CASES).length);
    expect(new Set([...cases.values()].map((c) => c.type))).toEqual(new Set(["01", "03"]));
  });

  it.each(names)("%s: same DigestValue, SignatureValue and signed XML, RSA-SHA256 and RSA-SHA1", (name) => {
    const c = get(name);
    for (const algorithm of ["sha256", "sha1"] as const) {
      const ours = c.lean[algorithm];
      const theirs = c.reference[algorithm];
      expect(ours.digestValue, algorithm).toBe(theirs.digestValue);
      expect(signatureValue(ours.xml), algorithm).toBe(signatureValue(theirs.xml));
      // xml-crypto re-serializes the parsed document, so raw CRs come back as LF; LeanSigner returns the
      // input bytes with the signature spliced in. The parsed documents are the same.
      expect(lineEndsNormalized(ours.xml), algorithm).toBe(theirs.xml);
      if (!c.unsigned.includes("\r")) expect(ours.xml, algorithm).toBe(theirs.xml);
    }
  });

  it.each(names)("%s: the output is the input with the signature spliced into ExtensionContent", (name) => {
    const { unsigned, lean: signed } = get(name);
    const stripped = signed.sha256.xml.replace(
      /<ext:ExtensionContent><ds:Signature [\s\S]*<\/ds:Signature><\/ext:ExtensionContent>/,
      "<ext:ExtensionContent/>",
    );
    expect(stripped).toBe(unsigned);
  });
});

describe("xmllint and xmlsec1 accept LeanSigner's output", () => {
  it("every signed document validates against UBL-Invoice-2.1.xsd", () => {
    const { failed, output } = xsdFailures(names.map((n) => get(n).file));
    expect(failed, output).toEqual([]);
  });

  it.each(names)("%s: xmlsec1 verifies it, and rejects a changed amount and a changed SignedInfo", (name) => {
    const { file, lean: signed } = get(name);
    const xml = signed.sha256.xml;
    const ok = xmlsecVerifies(file, certFile);
    expect(ok.ok, ok.output).toBe(true);
    const sha1 = xmlsecVerifies(
      writeTemp(dir, `${name.replace("/", "--")}.sha1.xml`, signed.sha1.xml),
      certFile,
    );
    expect(sha1.ok, sha1.output).toBe(true);

    const verifies = (suffix: string, altered: string): boolean => {
      expect(altered).not.toBe(xml);
      return xmlsecVerifies(writeTemp(dir, `${name.replace("/", "--")}.${suffix}.xml`, altered), certFile).ok;
    };
    // The document changed by a cent: the reference digest no longer matches.
    const amount = tamperAmount(xml);
    expect(verifies("amount", amount)).toBe(false);
    // SignedInfo changed (an attribute added): the RSA signature no longer matches.
    expect(verifies("signedinfo", xml.replace("<ds:SignedInfo>", '<ds:SignedInfo Id="x">'))).toBe(false);
    // The forger's move: change the amount and put the matching digest in SignedInfo. Only the RSA
    // signature stands in the way, and it holds.
    const unsignedTampered = tamperAmount(get(name).unsigned);
    const forgedDigest = createHash("sha256")
      .update(canonicalize(unsignedTampered).canonical)
      .digest("base64");
    expect(forgedDigest).toBe(reference.sign(unsignedTampered, credentials).digestValue);
    const forged = amount.replace(/<ds:DigestValue>[^<]+</, `<ds:DigestValue>${forgedDigest}<`);
    expect(verifies("forged", forged)).toBe(false);
  });

  it("xmlsec1 verifies LeanSigner on 60 random documents with namespaces and xml:* around the signature", () => {
    const failures: string[] = [];
    for (let seed = 1; seed <= 60; seed++) {
      const xml = randomSignableXml(seed);
      const check = xmlsecVerifies(
        writeTemp(dir, `random-${seed}.xml`, lean.sign(xml, credentials).xml),
        certFile,
      );
      if (!check.ok) failures.push(`seed ${seed}: ${check.output}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("LeanSigner behaves like XmlCryptoSigner at the edges", () => {
  const unsigned = () => buildInvoiceXml({ issuer: ISSUER, document: MATRIX["01-mixed"]!, number: 42 });

  it("refuses a signed document, bad credentials and a document without ExtensionContent", () => {
    const once = lean.sign(unsigned(), credentials).xml;
    expect(() => lean.sign(once, credentials)).toThrow(SigningError);
    // A Signature under another prefix is found by its namespace.
    const otherPrefix = unsigned().replace(
      "<ext:ExtensionContent/>",
      '<ext:ExtensionContent><sig:Signature xmlns:sig="http://www.w3.org/2000/09/xmldsig#"/></ext:ExtensionContent>',
    );
    expect(() => lean.sign(otherPrefix, credentials)).toThrow(/already signed/);
    expect(() => lean.sign(unsigned(), { ...credentials, privateKeyPem: "nope" })).toThrow(SigningError);
    expect(() => lean.sign(unsigned(), { ...credentials, algorithm: "rsa-md5" as never })).toThrow(
      SigningError,
    );
    expect(() => lean.sign("<a/>", credentials)).toThrow(SigningError);
  });

  it("refuses input outside its subset with C14nError (a SigningError) instead of signing it", () => {
    const withComment = unsigned().replace("<cbc:UBLVersionID>", "<!-- x --><cbc:UBLVersionID>");
    expect(() => lean.sign(withComment, credentials)).toThrow(C14nError);
    const withCdata = unsigned().replace(">2.1<", "><![CDATA[2.1]]><");
    expect(() => lean.sign(withCdata, credentials)).toThrow(SigningError);
  });

  it("uses the Id cac:Signature points at, and refuses one that is not an XML name", () => {
    const xml = buildInvoiceXml({
      issuer: ISSUER,
      document: MATRIX["03-taxed"]!,
      number: 1,
      signatureId: "F-1",
    });
    expect(lean.sign(xml, credentials).xml).toContain('<ds:Signature Id="F-1" ');
    const odd = xml.replace("<cbc:URI>#F-1</cbc:URI>", "<cbc:URI>#a&amp;b</cbc:URI>");
    expect(() => lean.sign(odd, credentials)).toThrow(SigningError);
  });

  it("re-reads credentials whose PEMs were replaced on the same object", () => {
    const other = createTestCertificate({ ruc: "20999999990", legalName: "OTRA S.A." });
    const signer = new LeanSigner();
    const mutable = { ...credentials };
    const first = signer.sign(unsigned(), mutable).xml;
    mutable.privateKeyPem = other.privateKeyPem;
    mutable.certificatePem = other.certificatePem;
    const second = signer.sign(unsigned(), mutable).xml;
    expect(signatureValue(second)).not.toBe(signatureValue(first));
    const file = writeTemp(dir, "rotated.xml", second);
    expect(xmlsecVerifies(file, writeTemp(dir, "rotated.pem", other.certificatePem)).ok).toBe(true);
    expect(xmlsecVerifies(file, certFile).ok).toBe(false);
  });
});
