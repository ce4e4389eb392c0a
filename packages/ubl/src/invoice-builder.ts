import type { ComputedDocument, Issuer } from "@einvoice/domain";
import { addInvoiceLine } from "./lines-builder.js";
import { catalogUri, DEFAULT_SIGNATURE_ID, NS, SUNAT, UNECE } from "./namespaces.js";
import { addCustomerParty, addSignatureBlock, addSupplierParty } from "./parties-builder.js";
import {
  addPaymentMeans,
  addPaymentTerms,
  addPrepaidPayments,
  addPrepaymentReferences,
} from "./payments-builder.js";
import { addAllowanceCharge, addDocumentTaxTotal } from "./taxes-builder.js";
import { addMonetaryTotal } from "./totals-builder.js";
import { cbc, UblInputError, type XmlNode } from "./xml-node.js";
import { writeXmlDocument, type XmlDocumentFactory } from "./xml-writer.js";

export interface BuildInvoiceInput {
  issuer: Issuer;
  document: ComputedDocument;
  /** Correlative, 1..99999999 (ERR 1001: up to 8 digits, printed without leading zeros). */
  number: number;
  /** `ds:Signature/@Id`; the signer reads it back from `cac:Signature`. Default {@link DEFAULT_SIGNATURE_ID}. */
  signatureId?: string;
  /** `cbc:IssueTime` `HH:MM:SS` (Lima). Optional in UBL; the ComputedDocument carries no time. */
  issueTime?: string;
}

const XML_ID = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

const checkInput = (input: BuildInvoiceInput, signatureId: string): void => {
  if (!Number.isInteger(input.number) || input.number < 1 || input.number > 99_999_999) {
    throw new UblInputError("number", `expected an integer 1..99999999, got ${input.number}`);
  }
  if (!XML_ID.test(signatureId)) {
    throw new UblInputError("signatureId", `not a valid XML id: ${JSON.stringify(signatureId)}`);
  }
  if (input.issueTime !== undefined && !TIME.test(input.issueTime)) {
    throw new UblInputError("issueTime", `expected HH:MM:SS, got ${JSON.stringify(input.issueTime)}`);
  }
  if (input.document.lines.length === 0)
    throw new UblInputError("lines", "an invoice needs at least one line");
};

/** The header: versions, number, dates, type with operation type, legends, currency. */
const addHeader = (root: XmlNode, input: BuildInvoiceInput): void => {
  const doc = input.document;
  // Placeholder the signer fills: SUNAT wants ds:Signature here, as the first block of the root.
  root.ele("ext:UBLExtensions").ele("ext:UBLExtension").ele("ext:ExtensionContent");
  cbc(root, "UBLVersionID", "2.1");
  cbc(root, "CustomizationID", "2.0", { schemeAgencyName: SUNAT });
  cbc(root, "ID", `${doc.series}-${input.number}`);
  cbc(root, "IssueDate", doc.issue_date);
  if (input.issueTime) cbc(root, "IssueTime", input.issueTime);
  // listID is the catalog 51 operation type (ERR 3205/3206); the value is the catalog 01 document type.
  cbc(root, "InvoiceTypeCode", doc.type, {
    listID: doc.operation_type,
    listAgencyName: SUNAT,
    listName: "Tipo de Documento",
    listURI: catalogUri("01"),
    name: "Tipo de Operacion",
  });
  for (const legend of doc.legends) cbc(root, "Note", legend.text, { languageLocaleID: legend.code });
  cbc(root, "DocumentCurrencyCode", doc.currency, {
    listID: "ISO 4217 Alpha",
    listName: "Currency",
    listAgencyName: UNECE,
  });
};

/**
 * Renders a computed invoice (01) or receipt (03) as an unsigned UBL 2.1 `Invoice`, UTF-8, no indentation.
 * Every block is appended in the order the UBL-Invoice-2.1 XSD sequence demands; amounts are printed exactly
 * as the tax engine rounded them. The result has an empty `ext:ExtensionContent` for {@link XmlSigner}.
 * `document` is the XML writer (tests pass xmlbuilder2 as the reference to compare bytes against).
 */
export const buildInvoiceXml = (
  input: BuildInvoiceInput,
  document: XmlDocumentFactory = writeXmlDocument,
): string => {
  const signatureId = input.signatureId ?? DEFAULT_SIGNATURE_ID;
  checkInput(input, signatureId);
  const { document: doc, issuer } = input;

  const xml = document(NS.invoice, "Invoice", {
    "xmlns:cac": NS.cac,
    "xmlns:cbc": NS.cbc,
    "xmlns:ds": NS.ds,
    "xmlns:ext": NS.ext,
  });
  const root = xml.root;
  addHeader(root, input);
  addPrepaymentReferences(root, doc, issuer);
  addSignatureBlock(root, issuer, signatureId);
  addSupplierParty(root, issuer);
  addCustomerParty(root, doc.customer);
  addPaymentMeans(root, doc);
  addPaymentTerms(root, doc);
  addPrepaidPayments(root, doc);
  doc.allowance_charges.forEach((charge, i) => {
    addAllowanceCharge(root, charge, doc.currency, `allowance_charges.${i}`);
  });
  addDocumentTaxTotal(root, doc);
  addMonetaryTotal(root, doc);
  doc.lines.forEach((line, i) => {
    addInvoiceLine(root, line, doc.currency, i);
  });
  return xml.end();
};
