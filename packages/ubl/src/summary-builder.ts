import { type SummaryKind, summaryFileName, summaryId } from "@einvoice/domain";

export { type SummaryKind, summaryFileName, summaryId };

import { DEFAULT_SIGNATURE_ID } from "./namespaces.js";
import { amount, cac, cbc, decimal, hasInvalidXmlChar, UblInputError, type XmlNode } from "./xml-node.js";
import { writeXmlDocument, type XmlDocument, type XmlDocumentFactory } from "./xml-writer.js";

/**
 * The UBL 2.0 "summaries" SUNAT takes through `sendSummary`: the comunicación de baja (RA, `VoidedDocuments`,
 * CustomizationID 1.0) that voids facturas and their notes, and the resumen diario (RC, `SummaryDocuments`,
 * CustomizationID 1.1) whose lines with condition code 3 void boletas. Both are signed like invoices: the
 * signer fills the empty `ext:ExtensionContent` and reads the signature id from `cac:Signature`.
 */
export const SUMMARY_NS = {
  voided: "urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1",
  summary: "urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1",
  sac: "urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
  ext: "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2",
  ds: "http://www.w3.org/2000/09/xmldsig#",
} as const;

/** Who sends the summary: the issuer's RUC and legal name. */
export interface SummarySender {
  ruc: string;
  legal_name: string;
}

interface SummaryHeader {
  sender: SummarySender;
  /** Correlative of the day per RUC and kind, 1..99999 (RV:General 0151: up to 5 digits). */
  number: number;
  /** The day the summary is generated (`YYYY-MM-DD`, Lima); part of its ID and file name (ERR 2346). */
  issueDate: string;
  /** The issue date of every document it names (RA: "fecha de generación de los documentos dados de baja"). */
  referenceDate: string;
  signatureId?: string;
}

export interface VoidedLineInput {
  /** Catálogo 01: 01 factura, 07/08 notes of facturas. */
  type: string;
  series: string;
  number: number;
  /** VoidReasonDescription: up to 100 characters. */
  reason: string;
}

export interface BuildVoidedInput extends SummaryHeader {
  lines: VoidedLineInput[];
}

export interface SummaryLineInput {
  /**
   * 03 boleta, or 07/08 a note of a boleta (series B…): a void (condition 3) needs no BillingReference
   * (RV:Resumen_Diario1_1 items 11–11.2 ask for it only when the condition is not 3).
   */
  type: string;
  series: string;
  number: number;
  /** Catálogo 19: 1 add, 2 modify, 3 void. */
  conditionCode: "1" | "2" | "3";
  currency: string;
  customer: { documentType: string; documentNumber: string };
  total: string;
  /** BillingPayment per catálogo 11 code: 01 taxed, 02 exempt, 03 unaffected, 04 export, 05 free. */
  payments: { code: string; amount: string }[];
  /**
   * Taxes by catálogo 05 code (1000 IGV, 1016 IVAP, 2000 ISC, 7152 ICBPER); IGV is always printed (ERR 2048).
   * `percent`: the rate of an IGV/IVAP line as the receipt's lines state it (`18.00`, `10.50`), printed as
   * `cbc:Percent`: with 18 % and the special 10.5 % in force, SUNAT cannot infer it (4019 computes with the rate).
   */
  taxes: { code: string; amount: string; percent?: string }[];
}

export interface BuildSummaryInput extends SummaryHeader {
  lines: SummaryLineInput[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SERIES = /^[A-Z0-9]{4}$/;
const TAX_NAMES: Record<string, [string, string]> = {
  "1000": ["IGV", "VAT"],
  "1016": ["IVAP", "VAT"],
  "2000": ["ISC", "EXC"],
  "7152": ["ICBPER", "OTH"],
  "9999": ["OTROS", "OTH"],
};

const checkHeader = (input: SummaryHeader, lines: number): void => {
  if (!Number.isInteger(input.number) || input.number < 1 || input.number > 99_999) {
    throw new UblInputError("number", `expected an integer 1..99999, got ${input.number}`);
  }
  if (!DATE.test(input.issueDate)) throw new UblInputError("issueDate", "expected YYYY-MM-DD");
  if (!DATE.test(input.referenceDate)) throw new UblInputError("referenceDate", "expected YYYY-MM-DD");
  if (input.referenceDate > input.issueDate) {
    throw new UblInputError("referenceDate", "the documents cannot be issued after the summary");
  }
  if (lines === 0) throw new UblInputError("lines", "a summary needs at least one line");
};

const open = (kind: SummaryKind, input: SummaryHeader, document: XmlDocumentFactory): XmlDocument => {
  const doc = document(kind === "RA" ? SUMMARY_NS.voided : SUMMARY_NS.summary, root_(kind), {
    "xmlns:cac": SUMMARY_NS.cac,
    "xmlns:cbc": SUMMARY_NS.cbc,
    "xmlns:ds": SUMMARY_NS.ds,
    "xmlns:ext": SUMMARY_NS.ext,
    "xmlns:sac": SUMMARY_NS.sac,
  });
  const root = doc.root;
  const signatureId = input.signatureId ?? DEFAULT_SIGNATURE_ID;
  // Placeholder the signer fills, as for invoices.
  root.ele("ext:UBLExtensions").ele("ext:UBLExtension").ele("ext:ExtensionContent");
  cbc(root, "UBLVersionID", "2.0");
  cbc(root, "CustomizationID", kind === "RA" ? "1.0" : "1.1");
  cbc(root, "ID", summaryId(kind, input.issueDate, input.number));
  cbc(root, "ReferenceDate", input.referenceDate);
  cbc(root, "IssueDate", input.issueDate);
  const signature = cac(root, "Signature");
  cbc(signature, "ID", signatureId);
  const party = cac(signature, "SignatoryParty");
  cbc(cac(party, "PartyIdentification"), "ID", input.sender.ruc);
  cbc(cac(party, "PartyName"), "Name", input.sender.legal_name);
  cbc(cac(cac(signature, "DigitalSignatureAttachment"), "ExternalReference"), "URI", `#${signatureId}`);
  // UBL 2.0 summaries keep the supplier as CustomerAssignedAccountID + AdditionalAccountID 6 (RUC).
  const supplier = cac(root, "AccountingSupplierParty");
  cbc(supplier, "CustomerAssignedAccountID", input.sender.ruc);
  cbc(supplier, "AdditionalAccountID", "6");
  cbc(cac(cac(supplier, "Party"), "PartyLegalEntity"), "RegistrationName", input.sender.legal_name);
  return doc;
};

const root_ = (kind: SummaryKind): string => (kind === "RA" ? "VoidedDocuments" : "SummaryDocuments");

const checkSeries = (series: string, path: string): void => {
  if (!SERIES.test(series)) throw new UblInputError(path, `expected a 4-character series, got ${series}`);
};

/** Comunicación de baja: one `sac:VoidedDocumentsLine` per document, each with its reason. */
export const buildVoidedDocumentsXml = (
  input: BuildVoidedInput,
  document: XmlDocumentFactory = writeXmlDocument,
): string => {
  checkHeader(input, input.lines.length);
  const doc = open("RA", input, document);
  const root = doc.root;
  input.lines.forEach((line, i) => {
    const path = `lines.${i}`;
    checkSeries(line.series, `${path}.series`);
    if (line.reason.length < 1 || line.reason.length > 100) {
      throw new UblInputError(`${path}.reason`, "expected 1 to 100 characters");
    }
    const node = root.ele("sac:VoidedDocumentsLine");
    cbc(node, "LineID", String(i + 1));
    cbc(node, "DocumentTypeCode", line.type);
    node.ele("sac:DocumentSerialID").txt(line.series).up();
    node.ele("sac:DocumentNumberID").txt(String(line.number)).up();
    // The reason may hold any character the caller typed; hasInvalidXmlChar is checked through a cbc-like path.
    addSacText(node, "VoidReasonDescription", line.reason, `${path}.reason`);
  });
  return doc.end();
};

/** Resumen diario (CustomizationID 1.1): one `sac:SummaryDocumentsLine` per boleta with its amounts. */
export const buildSummaryDocumentsXml = (
  input: BuildSummaryInput,
  document: XmlDocumentFactory = writeXmlDocument,
): string => {
  checkHeader(input, input.lines.length);
  const doc = open("RC", input, document);
  const root = doc.root;
  input.lines.forEach((line, i) => {
    const path = `lines.${i}`;
    checkSeries(line.series, `${path}.series`);
    const node = root.ele("sac:SummaryDocumentsLine");
    cbc(node, "LineID", String(i + 1));
    cbc(node, "DocumentTypeCode", line.type);
    cbc(node, "ID", `${line.series}-${line.number}`);
    const customer = cac(node, "AccountingCustomerParty");
    cbc(customer, "CustomerAssignedAccountID", line.customer.documentNumber);
    cbc(customer, "AdditionalAccountID", line.customer.documentType);
    cbc(cac(node, "Status"), "ConditionCode", line.conditionCode);
    sacAmount(node, "TotalAmount", line.total, line.currency, `${path}.total`);
    line.payments.forEach((payment, p) => {
      const billing = node.ele("sac:BillingPayment");
      amount(billing, "PaidAmount", payment.amount, line.currency, `${path}.payments.${p}.amount`);
      cbc(billing, "InstructionID", payment.code);
    });
    line.taxes.forEach((tax, t) => {
      const names = TAX_NAMES[tax.code];
      if (!names) throw new UblInputError(`${path}.taxes.${t}.code`, `unknown tax code ${tax.code}`);
      const total = cac(node, "TaxTotal");
      amount(total, "TaxAmount", tax.amount, line.currency, `${path}.taxes.${t}.amount`);
      const subtotal = cac(total, "TaxSubtotal");
      amount(subtotal, "TaxAmount", tax.amount, line.currency, `${path}.taxes.${t}.amount`);
      const category = cac(subtotal, "TaxCategory");
      if (tax.percent !== undefined) {
        if (tax.code !== "1000" && tax.code !== "1016")
          throw new UblInputError(
            `${path}.taxes.${t}.percent`,
            "only IGV (1000) and IVAP (1016) carry a rate",
          );
        cbc(category, "Percent", decimal(tax.percent, `${path}.taxes.${t}.percent`));
      }
      const scheme = cac(category, "TaxScheme");
      cbc(scheme, "ID", tax.code);
      cbc(scheme, "Name", names[0]);
      cbc(scheme, "TaxTypeCode", names[1]);
    });
  });
  return doc.end();
};

const addSacText = (parent: XmlNode, name: string, text: string, path: string): void => {
  // The check cbc makes, for a sac element.
  if (hasInvalidXmlChar(text)) throw new UblInputError(path, "holds a character XML cannot carry");
  parent.ele(`sac:${name}`).txt(text).up();
};

const sacAmount = (parent: XmlNode, name: string, value: string, currency: string, path: string): void => {
  // The checks amount makes (a plain decimal; a currency XML can carry), for a sac element.
  decimal(value, path);
  if (hasInvalidXmlChar(currency)) {
    throw new UblInputError(
      `sac:${name}/@currencyID`,
      `holds a character XML cannot carry: ${JSON.stringify(currency)}`,
    );
  }
  parent.ele(`sac:${name}`, { currencyID: currency }).txt(value).up();
};
