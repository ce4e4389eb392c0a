import { join } from "node:path";
import { conformanceDir, validateAgainstXsd } from "@einvoice/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { ISSUER } from "../test-support/fixtures.js";
import { tempDir, writeTemp, xmlsecVerifies } from "../test-support/xml-validation.js";
import { createTestCertificate } from "./certificates.js";
import { LeanSigner } from "./lean-signer.js";
import type { SigningCredentials } from "./signer.js";
import {
  type BuildSummaryInput,
  type BuildVoidedInput,
  buildSummaryDocumentsXml,
  buildVoidedDocumentsXml,
  type SummaryLineInput,
  summaryFileName,
  summaryId,
} from "./summary-builder.js";
import { UblInputError } from "./xml-node.js";

const XSD = join(conformanceDir, "xsd/sunat-ubl-2.0/maindoc");
const sender = { ruc: ISSUER.ruc, legal_name: ISSUER.legal_name };

const voided = (over: Partial<BuildVoidedInput> = {}): BuildVoidedInput => ({
  sender,
  number: 3,
  issueDate: "2026-11-25",
  referenceDate: "2026-11-20",
  lines: [
    { type: "01", series: "F001", number: 12, reason: "Error en el RUC del cliente" },
    { type: "01", series: "F001", number: 13, reason: "Anulación & <duplicado>" },
  ],
  ...over,
});

const summary = (over: Partial<BuildSummaryInput> = {}): BuildSummaryInput => ({
  sender,
  number: 1,
  issueDate: "2026-11-25",
  referenceDate: "2026-11-25",
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
        { code: "1000", amount: "18.00", percent: "18.00" },
        { code: "7152", amount: "0.50" },
      ],
    },
  ],
  ...over,
});

let credentials: SigningCredentials;
let dir = "";
let certFile = "";
beforeAll(() => {
  credentials = createTestCertificate({ ruc: ISSUER.ruc, legalName: ISSUER.legal_name });
  dir = tempDir();
  certFile = writeTemp(dir, "cert.pem", credentials.certificatePem);
});

describe("summary names", () => {
  it.each([
    ["RA", "2026-11-25", 1, "RA-20261125-1", "20123456786-RA-20261125-1"],
    ["RC", "2026-01-02", 99999, "RC-20260102-99999", "20123456786-RC-20260102-99999"],
  ] as const)("%s %s %d → %s", (kind, date, n, id, file) => {
    expect(summaryId(kind, date, n)).toBe(id);
    expect(summaryFileName(ISSUER.ruc, kind, date, n)).toBe(file);
  });
});

describe("VoidedDocuments (RA)", () => {
  it("is valid UBL 2.0 with one line per document and verifies with xmlsec1 once signed", () => {
    const xml = buildVoidedDocumentsXml(voided());
    expect(xml).toContain("<cbc:CustomizationID>1.0</cbc:CustomizationID><cbc:ID>RA-20261125-3</cbc:ID>");
    expect(xml).toContain(
      "<cbc:ReferenceDate>2026-11-20</cbc:ReferenceDate><cbc:IssueDate>2026-11-25</cbc:IssueDate>",
    );
    expect(xml).toContain(
      "<sac:VoidedDocumentsLine><cbc:LineID>2</cbc:LineID><cbc:DocumentTypeCode>01</cbc:DocumentTypeCode><sac:DocumentSerialID>F001</sac:DocumentSerialID><sac:DocumentNumberID>13</sac:DocumentNumberID><sac:VoidReasonDescription>Anulación &amp; &lt;duplicado&gt;</sac:VoidReasonDescription>",
    );
    const signed = new LeanSigner().sign(xml, credentials).xml;
    const file = writeTemp(dir, "20123456786-RA-20261125-3.xml", signed);
    const verdict = validateAgainstXsd(join(XSD, "UBL-VoidedDocuments-2.0.xsd"), [file]);
    expect(verdict.output).not.toContain("fails to validate");
    expect(verdict.valid.has(file)).toBe(true);
    expect(xmlsecVerifies(file, certFile).ok).toBe(true);
  });

  it.each([
    ["number", { number: 0 }],
    ["number", { number: 100_000 }],
    ["issueDate", { issueDate: "25/11/2026" }],
    ["referenceDate", { referenceDate: "2026-11-26" }],
    ["lines", { lines: [] }],
    ["lines.0.series", { lines: [{ type: "01", series: "F1", number: 1, reason: "x" }] }],
    ["lines.0.reason", { lines: [{ type: "01", series: "F001", number: 1, reason: "" }] }],
    ["lines.0.reason", { lines: [{ type: "01", series: "F001", number: 1, reason: "x".repeat(101) }] }],
    ["lines.0.reason", { lines: [{ type: "01", series: "F001", number: 1, reason: "bell\u0007" }] }],
  ] as const)("refuses a bad %s", (path, over) => {
    expect(() => buildVoidedDocumentsXml(voided(over as Partial<BuildVoidedInput>))).toThrow(
      expect.objectContaining({ name: UblInputError.name, path }),
    );
  });
});

describe("SummaryDocuments (RC)", () => {
  it("a special-rate receipt's line states 10.50 and passes the XSD; a rate on ISC is refused", () => {
    const special = summary({
      lines: [
        {
          ...summary().lines[0]!,
          total: "110.50",
          taxes: [{ code: "1000", amount: "10.50", percent: "10.50" }],
        },
      ],
    });
    const xml = buildSummaryDocumentsXml(special);
    expect(xml).toContain("<cbc:Percent>10.50</cbc:Percent>");
    const file = writeTemp(dir, "20123456786-RC-20261125-2.xml", new LeanSigner().sign(xml, credentials).xml);
    const verdict = validateAgainstXsd(join(XSD, "UBL-SummaryDocuments-2.0.xsd"), [file]);
    expect(verdict.output).not.toContain("fails to validate");
    expect(verdict.valid.has(file)).toBe(true);
    const isc = summary({
      lines: [{ ...summary().lines[0]!, taxes: [{ code: "2000", amount: "1.00", percent: "10" }] }],
    });
    expect(() => buildSummaryDocumentsXml(isc)).toThrow(UblInputError);
  });

  it("is valid UBL 2.0 with condition code 3 and the amounts, and verifies once signed", () => {
    const xml = buildSummaryDocumentsXml(summary());
    expect(xml).toContain("<cbc:CustomizationID>1.1</cbc:CustomizationID><cbc:ID>RC-20261125-1</cbc:ID>");
    expect(xml).toContain(
      '<cac:Status><cbc:ConditionCode>3</cbc:ConditionCode></cac:Status><sac:TotalAmount currencyID="PEN">118.00</sac:TotalAmount><sac:BillingPayment><cbc:PaidAmount currencyID="PEN">100.00</cbc:PaidAmount><cbc:InstructionID>01</cbc:InstructionID></sac:BillingPayment>',
    );
    expect(xml).toContain("<cbc:ID>7152</cbc:ID><cbc:Name>ICBPER</cbc:Name>");
    // The IGV subtotal states its rate (two rates are in force: 18 % and the special 10.5 %).
    expect(xml).toContain(
      '<cac:TaxSubtotal><cbc:TaxAmount currencyID="PEN">18.00</cbc:TaxAmount><cac:TaxCategory><cbc:Percent>18.00</cbc:Percent><cac:TaxScheme><cbc:ID>1000</cbc:ID>',
    );
    const signed = new LeanSigner().sign(xml, credentials).xml;
    const file = writeTemp(dir, "20123456786-RC-20261125-1.xml", signed);
    const verdict = validateAgainstXsd(join(XSD, "UBL-SummaryDocuments-2.0.xsd"), [file]);
    expect(verdict.output).not.toContain("fails to validate");
    expect(verdict.valid.has(file)).toBe(true);
    expect(xmlsecVerifies(file, certFile).ok).toBe(true);
  });

  it.each<[string, Partial<SummaryLineInput>]>([
    ["lines.0.total", { total: "1e3" }],
    ["lines.0.taxes.0.code", { taxes: [{ code: "1234", amount: "1.00" }] }],
    ["lines.0.payments.0.amount", { payments: [{ code: "01", amount: "" }] }],
  ])("refuses a bad %s", (path, over) => {
    const line = { ...summary().lines[0]!, ...over };
    expect(() => buildSummaryDocumentsXml(summary({ lines: [line] }))).toThrow(
      expect.objectContaining({ path }),
    );
  });
});
