import type { ComputedDocument } from "@einvoice/domain";
import type { BuildInvoiceInput } from "./invoice-builder.js";
import { addInvoiceLine } from "./lines-builder.js";
import { catalogUri, DEFAULT_SIGNATURE_ID, NS, SUNAT, UNECE } from "./namespaces.js";
import { addCustomerParty, addSignatureBlock, addSupplierParty } from "./parties-builder.js";
import { addPaymentTerms } from "./payments-builder.js";
import { addAllowanceCharge, addDocumentTaxTotal } from "./taxes-builder.js";
import { addMonetaryTotal } from "./totals-builder.js";
import { cac, cbc, UblInputError, type XmlNode } from "./xml-node.js";
import { writeXmlDocument, type XmlDocumentFactory } from "./xml-writer.js";

/** What differs between the two note roots (UBL-CreditNote-2.1.xsd and UBL-DebitNote-2.1.xsd). */
const KINDS = {
  "07": {
    ns: NS.creditNote,
    root: "CreditNote",
    line: { line: "CreditNoteLine", quantity: "CreditedQuantity" },
    totals: "LegalMonetaryTotal",
    catalog: "09",
    listName: "Tipo de nota de credito",
  },
  "08": {
    ns: NS.debitNote,
    root: "DebitNote",
    line: { line: "DebitNoteLine", quantity: "DebitedQuantity" },
    totals: "RequestedMonetaryTotal",
    catalog: "10",
    listName: "Tipo de nota de debito",
  },
} as const;

const noteParts = (doc: ComputedDocument) => {
  if (doc.type !== "07" && doc.type !== "08") throw new UblInputError("type", `not a note: ${doc.type}`);
  if (!doc.reference || !doc.reason)
    throw new UblInputError("reference", "a note needs its reference and reason");
  if (doc.lines.length === 0) throw new UblInputError("lines", "a note needs at least one line");
  return { kind: KINDS[doc.type], reference: doc.reference, reason: doc.reason };
};

/**
 * Renders a computed credit note (07) as an unsigned UBL 2.1 `CreditNote`, or a debit note (08) as a `DebitNote`,
 * in the XSD's sequence: header, `cac:DiscrepancyResponse` (the catalog 09/10 code and the reason, ERR 2128/2136),
 * `cac:BillingReference` (the modified document, ERR 2524), signature, parties, FormaPago (credit code 13 only),
 * allowances, taxes, totals
 * (`LegalMonetaryTotal`, or `RequestedMonetaryTotal` on a debit note) and lines, each amount as the tax engine
 * rounded it. Like {@link buildInvoiceXml}, it leaves an empty `ext:ExtensionContent` for the signer.
 */
export const buildNoteXml = (
  input: BuildInvoiceInput,
  document: XmlDocumentFactory = writeXmlDocument,
): string => {
  const { document: doc, issuer } = input;
  const { kind, reference, reason } = noteParts(doc);
  if (!Number.isInteger(input.number) || input.number < 1 || input.number > 99_999_999) {
    throw new UblInputError("number", `expected an integer 1..99999999, got ${input.number}`);
  }
  const signatureId = input.signatureId ?? DEFAULT_SIGNATURE_ID;
  const xml = document(kind.ns, kind.root, {
    "xmlns:cac": NS.cac,
    "xmlns:cbc": NS.cbc,
    "xmlns:ds": NS.ds,
    "xmlns:ext": NS.ext,
  });
  const root: XmlNode = xml.root;
  root.ele("ext:UBLExtensions").ele("ext:UBLExtension").ele("ext:ExtensionContent");
  cbc(root, "UBLVersionID", "2.1");
  cbc(root, "CustomizationID", "2.0", { schemeAgencyName: SUNAT });
  cbc(root, "ID", `${doc.series}-${input.number}`);
  cbc(root, "IssueDate", doc.issue_date);
  if (input.issueTime) cbc(root, "IssueTime", input.issueTime);
  for (const legend of doc.legends) cbc(root, "Note", legend.text, { languageLocaleID: legend.code });
  cbc(root, "DocumentCurrencyCode", doc.currency, {
    listID: "ISO 4217 Alpha",
    listName: "Currency",
    listAgencyName: UNECE,
  });
  const modifiedId = `${reference.series}-${reference.number}`;
  const discrepancy = cac(root, "DiscrepancyResponse");
  cbc(discrepancy, "ReferenceID", modifiedId);
  cbc(discrepancy, "ResponseCode", reason.code, {
    listAgencyName: SUNAT,
    listName: kind.listName,
    listURI: catalogUri(kind.catalog),
  });
  cbc(discrepancy, "Description", reason.description);
  const billed = cac(cac(root, "BillingReference"), "InvoiceDocumentReference");
  cbc(billed, "ID", modifiedId);
  cbc(billed, "DocumentTypeCode", reference.type, {
    listAgencyName: SUNAT,
    listName: "Tipo de Documento",
    listURI: catalogUri("01"),
  });
  addSignatureBlock(root, issuer, signatureId);
  addSupplierParty(root, issuer);
  addCustomerParty(root, doc.customer);
  // Credit code 13 states the credit sale's new FormaPago: `Credito`, the pending amount and each Cuota
  // (NotaCredito2_0 fields 63–65, ERR 3257). Other notes carry no payment terms.
  if (doc.type === "07" && reason.code === "13") addPaymentTerms(root, doc);
  doc.allowance_charges.forEach((charge, i) => {
    addAllowanceCharge(root, charge, doc.currency, `allowance_charges.${i}`);
  });
  addDocumentTaxTotal(root, doc);
  addMonetaryTotal(root, doc, kind.totals);
  doc.lines.forEach((line, i) => {
    addInvoiceLine(root, line, doc.currency, i, kind.line);
  });
  return xml.end();
};
