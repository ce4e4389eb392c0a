import { spawnSync } from "node:child_process";
import { computeDocument } from "@einvoice/tax-engine";
import { beforeAll, describe, expect, it } from "vitest";
import { benchmarkInput } from "../test-support/bench-sample.js";
import { DESPATCH_FIXTURES } from "../test-support/despatch-fixtures.js";
import { MATRIX } from "../test-support/fixture-matrix.js";
import { ISSUER } from "../test-support/fixtures.js";
import { TAX_ENGINE_CASES, TAX_ENGINE_TODAY } from "../test-support/tax-engine-cases.js";
import { tempDir, writeTemp, xmlsecVerifies, xsdFailures } from "../test-support/xml-validation.js";
import { xmlbuilder2Document } from "../test-support/xmlbuilder2-reference.js";
import { createTestCertificate } from "./certificates.js";
import { buildDespatchAdviceXml } from "./despatch/despatch-builder.js";
import { buildInvoiceXml } from "./invoice-builder.js";
import { LeanSigner } from "./lean-signer.js";
import type { SigningCredentials } from "./signer.js";
import {
  type BuildSummaryInput,
  type BuildVoidedInput,
  buildSummaryDocumentsXml,
  buildVoidedDocumentsXml,
} from "./summary-builder.js";
import { XmlCryptoSigner } from "./xml-signer.js";
import { writeXmlDocument, type XmlDocumentFactory } from "./xml-writer.js";

const sender = { ruc: ISSUER.ruc, legal_name: ISSUER.legal_name };

const VOIDED: BuildVoidedInput = {
  sender,
  number: 3,
  issueDate: "2026-11-25",
  referenceDate: "2026-11-20",
  lines: [
    { type: "01", series: "F001", number: 12, reason: "Error en el RUC del cliente" },
    { type: "07", series: "F001", number: 13, reason: "Anulación > 'duplicado' \"ñ\" 😀" },
  ],
};

const SUMMARY: BuildSummaryInput = {
  sender,
  number: 1,
  issueDate: "2026-11-25",
  referenceDate: "2026-11-24",
  lines: [
    {
      type: "03",
      series: "B001",
      number: 7,
      conditionCode: "3",
      currency: "PEN",
      customer: { documentType: "1", documentNumber: "12345678" },
      total: "118.00",
      payments: [{ code: "01", amount: "100.00" }],
      taxes: [
        { code: "1000", amount: "18.00" },
        { code: "7152", amount: "0.50" },
      ],
    },
    {
      type: "07",
      series: "B001",
      number: 8,
      conditionCode: "1",
      currency: "USD",
      customer: { documentType: "0", documentNumber: "-" },
      total: "10.00",
      payments: [],
      taxes: [{ code: "9999", amount: "0.00" }],
    },
  ],
};

/** Every document the package's tests build, as a function of the writer. */
const builds = (): Record<string, (document: XmlDocumentFactory) => string> => {
  const table: Record<string, (document: XmlDocumentFactory) => string> = {};
  Object.entries(MATRIX).forEach(([name, doc], i) => {
    table[`matrix ${name}`] = (w) => buildInvoiceXml({ issuer: ISSUER, document: doc, number: i + 1 }, w);
  });
  const first = Object.values(MATRIX)[0]!;
  table["matrix with issue time and signature id"] = (w) =>
    buildInvoiceXml(
      { issuer: ISSUER, document: first, number: 99_999_999, issueTime: "23:59:59", signatureId: "Sign_1.a" },
      w,
    );
  Object.entries(TAX_ENGINE_CASES).forEach(([name, { type, request }], i) => {
    const computed = computeDocument(request, { type, today: TAX_ENGINE_TODAY });
    if (!computed.ok) return;
    table[`tax engine ${name}`] = (w) =>
      buildInvoiceXml({ issuer: ISSUER, document: computed.document, number: i + 1 }, w);
  });
  for (const lines of [1, 5, 50]) {
    table[`benchmark ${lines} lines`] = (w) => buildInvoiceXml(benchmarkInput(lines), w);
  }
  Object.entries(DESPATCH_FIXTURES).forEach(([name, advice], i) => {
    table[`despatch ${name}`] = (w) =>
      buildDespatchAdviceXml({ issuer: ISSUER, advice, number: i + 1, issueTime: "10:15:00" }, w);
  });
  table["voided documents"] = (w) => buildVoidedDocumentsXml(VOIDED, w);
  table["summary documents"] = (w) => buildSummaryDocumentsXml(SUMMARY, w);
  return table;
};

const BUILDS = builds();

describe("the string writer against xmlbuilder2", () => {
  it("covers every fixture family", () => {
    const names = Object.keys(BUILDS);
    expect(names.length).toBeGreaterThanOrEqual(
      Object.keys(MATRIX).length + Object.keys(DESPATCH_FIXTURES).length + 10,
    );
    for (const family of ["matrix", "tax engine", "benchmark", "despatch", "voided", "summary"]) {
      expect(names.some((n) => n.startsWith(family))).toBe(true);
    }
  });

  it.each(Object.keys(BUILDS))("%s: the same bytes", (name) => {
    const build = BUILDS[name]!;
    const written = build(writeXmlDocument);
    expect(written).toBe(build(xmlbuilder2Document));
    expect(written.startsWith('<?xml version="1.0" encoding="UTF-8"?><')).toBe(true);
  });
});

/** One element `<a>` with attribute `v` = `value` and text `text`, written by `document`. */
const oneElement = (document: XmlDocumentFactory, value: string, text: string): string => {
  const doc = document("urn:t", "r", { "xmlns:p": "urn:p" });
  doc.root.ele("p:a", { v: value }).txt(text).up();
  return doc.end();
};

/** What libxml2 (the parser of xmllint and xmlsec1) reads as the string value of `xpath` in `xml`. */
const xpathString = (xml: string, xpath: string): string => {
  const run = spawnSync("xmllint", ["--xpath", `string(${xpath})`, "-"], { input: xml, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`xmllint: ${run.stderr}`);
  return run.stdout.slice(0, -1); // xmllint ends the string with a newline
};

/** The attribute and text a parser reads back from {@link oneElement}'s output. */
const readBack = (xml: string): { value: string; text: string } => ({
  value: xpathString(xml, "//*[local-name()='a']/@v"),
  text: xpathString(xml, "//*[local-name()='a']"),
});

describe("escaping", () => {
  const SAME = [
    "plain",
    "",
    "Tom & Jerry",
    "a < b > c",
    `"quoted" and 'apostrophes'`,
    "]]> ends no CDATA here",
    "Año ñandú €",
    "astral 😀 𝄞",
    "& at the end &",
    "&#x41; is hex, so escaped by both",
  ];

  it.each(SAME)("%j: the same bytes as xmlbuilder2, read back unchanged", (value) => {
    const written = oneElement(writeXmlDocument, value, value);
    expect(written).toBe(oneElement(xmlbuilder2Document, value, value));
    expect(readBack(written)).toEqual({ value, text: value });
  });

  it("writes the five markup characters as xmlbuilder2 does", () => {
    expect(oneElement(writeXmlDocument, `&<>"'`, `&<>"'`)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><r xmlns="urn:t" xmlns:p="urn:p">' +
        `<p:a v="&amp;&lt;&gt;&quot;'">&amp;&lt;&gt;"'</p:a></r>`,
    );
  });

  // Deliberate differences: xmlbuilder2 leaves `&name;` / `&#123;` unescaped and writes CR, TAB and LF
  // literally, so the value a parser reads is not the one given (or, with `&copy;`, no parser reads it).
  const DIFFERENT = ["A &amp; B", "&#65;", "Caf&eacute;", "line\r\nend", "tab\there", "new\nline"];

  it.each(DIFFERENT)("%j: written so that a parser reads it back unchanged", (value) => {
    const written = oneElement(writeXmlDocument, value, value);
    expect(readBack(written)).toEqual({ value, text: value });
  });

  it("differs from xmlbuilder2 exactly where xmlbuilder2 changes the value", () => {
    expect(oneElement(writeXmlDocument, "A &amp; B", "A &amp; B")).toContain(
      '<p:a v="A &amp;amp; B">A &amp;amp; B</p:a>',
    );
    expect(oneElement(xmlbuilder2Document, "A &amp; B", "A &amp; B")).toContain(
      '<p:a v="A &amp; B">A &amp; B</p:a>',
    );
    expect(() => readBack(oneElement(xmlbuilder2Document, "Caf&eacute;", "x"))).toThrow(/eacute/);
    expect(readBack(oneElement(xmlbuilder2Document, "a\tb", "c\rd"))).toEqual({ value: "a b", text: "c\nd" });
    expect(oneElement(writeXmlDocument, "a\tb\nc\rd", "a\tb\nc\rd")).toContain(
      '<p:a v="a&#x9;b&#xA;c&#xD;d">a\tb\nc&#xD;d</p:a>',
    );
  });
});

describe("document order", () => {
  it("self-closes an element without content, and an empty text still opens it", () => {
    const doc = writeXmlDocument("urn:t", "r", {});
    const a = doc.root.ele("a");
    a.ele("b");
    a.ele("c").txt("");
    doc.root.ele("d", { x: "1", skipped: undefined as unknown as string });
    expect(doc.end()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><r xmlns="urn:t"><a><b/><c></c></a><d x="1"/></r>',
    );
  });

  it("refuses to append to an element already closed, or to a document already ended", () => {
    const doc = writeXmlDocument("urn:t", "r", {});
    const a = doc.root.ele("a");
    doc.root.ele("b");
    expect(() => a.ele("late")).toThrow(/<a> is already closed/);
    expect(() => a.txt("late")).toThrow(/<a> is already closed/);
    expect(() => doc.root.up()).toThrow(/root/);
    doc.end();
    expect(() => doc.root.ele("after")).toThrow(/closed/);
    expect(() => doc.end()).toThrow(/already ended/);
  });
});

describe("the deliberate differences, signed", () => {
  let credentials: SigningCredentials;
  let dir = "";
  let certFile = "";

  beforeAll(() => {
    credentials = createTestCertificate({ ruc: ISSUER.ruc, legalName: ISSUER.legal_name });
    dir = tempDir();
    certFile = writeTemp(dir, "cert.pem", credentials.certificatePem);
  });

  it("an invoice with entity-like text and CR validates, verifies in xmlsec1 and reads back unchanged", () => {
    const doc = MATRIX["01-taxed-10"]!;
    const name = "Tom &amp; Jerry &copy; S.A.C.\r\nLima";
    const description = "Caja &#65;\rroja";
    const input = {
      issuer: ISSUER,
      document: {
        ...doc,
        customer: { ...doc.customer, name },
        lines: [{ ...doc.lines[0]!, description }, ...doc.lines.slice(1)],
      },
      number: 5,
    };
    const xml = buildInvoiceXml(input);
    for (const [i, signed] of [new LeanSigner(), new XmlCryptoSigner()]
      .map((s) => s.sign(xml, credentials))
      .entries()) {
      const file = writeTemp(dir, `escaped-${i}.xml`, signed.xml);
      expect(xsdFailures([file]).failed).toEqual([]);
      expect(xmlsecVerifies(file, certFile)).toMatchObject({ ok: true });
    }
    const customer = "//*[local-name()='AccountingCustomerParty']//*[local-name()='RegistrationName']";
    expect(xpathString(xml, customer)).toBe(name);
    expect(xpathString(xml, "//*[local-name()='Description']")).toBe(description);
  });
});
