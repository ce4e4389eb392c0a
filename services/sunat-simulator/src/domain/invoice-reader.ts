import { attr, child, children, parseXml, text, type XmlNode } from "@einvoice/sunat";
import { amount, type Decimal } from "./amounts.js";

/** The parts of a UBL 2.1 Invoice that SUNAT's sum rules look at. */
export interface TaxSubtotal {
  /** Tributo (catálogo 05): 1000 IGV, 1016 IVAP, 2000 ISC, 7152 ICBPER, 9995–9998, 9999. */
  scheme: string;
  taxable?: Decimal;
  amount?: Decimal;
  percent?: Decimal;
  /** Afectación del IGV (catálogo 07). */
  exemptionCode?: string;
}

export interface AllowanceCharge {
  charge: boolean;
  /** Catálogo 53: 00/01 line discounts, 02/03/04 global discounts, 47/48 line charges, 49 … */
  reason: string;
  amount: Decimal;
}

export interface InvoiceLine {
  id: string;
  quantity?: Decimal;
  lineExtension?: Decimal;
  /** `cac:Price/cbc:PriceAmount`, the unit value. */
  priceAmount?: Decimal;
  /** `PricingReference` with PriceTypeCode 02: referential unit value of a free line. */
  referentialPrice?: Decimal;
  taxTotal?: Decimal;
  subtotals: TaxSubtotal[];
  allowanceCharges: AllowanceCharge[];
}

export interface InvoiceDocument {
  /** 01 factura, 03 boleta. */
  typeCode: string;
  /** `InvoiceTypeCode/@listID` (catálogo 51), e.g. 0101 venta interna. */
  operationType: string;
  /** `cbc:IssueDate`, YYYY-MM-DD as written. */
  issueDate: string;
  /** AccountingCustomerParty's RegistrationName, as written (absent on an anonymous receipt). */
  customerName?: string;
  /** AccountingCustomerParty's `PartyIdentification/cbc:ID` and its `@schemeID` (catálogo 06). */
  customerId?: string;
  customerIdType?: string;
  lines: InvoiceLine[];
  taxTotal?: Decimal;
  subtotals: TaxSubtotal[];
  allowanceCharges: AllowanceCharge[];
  lineExtensionTotal?: Decimal;
  taxInclusiveTotal?: Decimal;
  allowanceTotal?: Decimal;
  chargeTotal?: Decimal;
  prepaidTotal?: Decimal;
  roundingAmount?: Decimal;
  payableTotal?: Decimal;
}

/**
 * Reads an Invoice, from its XML or from the tree `parseXml` made of it; undefined when the XML is not well
 * formed or its root is not Invoice.
 */
export function readInvoice(xml: string | XmlNode): InvoiceDocument | undefined {
  const invoice = child(typeof xml === "string" ? parseXml(xml) : xml, "Invoice");
  if (!invoice) return undefined;
  const typeCodeNode = child(invoice, "InvoiceTypeCode");
  return readBody(invoice, INVOICE_NAMES, text(typeCodeNode) ?? "", attr(typeCodeNode, "listID") ?? "");
}

/** Element names that differ between an Invoice and the two notes. */
interface BodyNames {
  line: string;
  quantity: string;
  totals: string;
}

const INVOICE_NAMES: BodyNames = {
  line: "InvoiceLine",
  quantity: "InvoicedQuantity",
  totals: "LegalMonetaryTotal",
};
const NOTE_NAMES = {
  CreditNote: { line: "CreditNoteLine", quantity: "CreditedQuantity", totals: "LegalMonetaryTotal" },
  DebitNote: { line: "DebitNoteLine", quantity: "DebitedQuantity", totals: "RequestedMonetaryTotal" },
} as const satisfies Record<string, BodyNames>;

/**
 * Reads a CreditNote or DebitNote with the Invoice's shape, so the sheets' shared line and tax rules can run on it.
 * `typeCode` is the modified document's type (`BillingReference/…/DocumentTypeCode`): a note on an invoice gets
 * the factura codes, a note on a receipt the boleta ones, as the NotaCredito2_0 / NotaDebito2_0 sheets split
 * them by "Tipo de documento que modifica". A note has no operation type.
 */
export function readNoteAsInvoice(parsed: XmlNode): InvoiceDocument | undefined {
  for (const root of ["CreditNote", "DebitNote"] as const) {
    const note = child(parsed, root);
    if (!note) continue;
    const modifiedType = text(
      child(child(note, "BillingReference"), "InvoiceDocumentReference"),
      "DocumentTypeCode",
    );
    return readBody(note, NOTE_NAMES[root], modifiedType ?? "", "");
  }
  return undefined;
}

function readBody(
  invoice: XmlNode,
  names: BodyNames,
  typeCode: string,
  operationType: string,
): InvoiceDocument {
  const totals = child(invoice, names.totals);
  // More than one global TaxTotal is its own error (3024); the sums use the first.
  const taxTotal = child(invoice, "TaxTotal");
  const customerIdNode = child(
    child(child(child(invoice, "AccountingCustomerParty"), "Party"), "PartyIdentification"),
    "ID",
  );
  return {
    typeCode,
    operationType,
    issueDate: text(invoice, "IssueDate") ?? "",
    customerName: text(
      child(child(invoice, "AccountingCustomerParty"), "Party"),
      "PartyLegalEntity",
      "RegistrationName",
    ),
    customerId: text(customerIdNode),
    customerIdType: attr(customerIdNode, "schemeID"),
    lines: children(invoice, names.line).map((line) => readLine(line, names.quantity)),
    taxTotal: amount(text(taxTotal, "TaxAmount")),
    subtotals: children(taxTotal, "TaxSubtotal").map(readSubtotal),
    allowanceCharges: readAllowanceCharges(invoice),
    lineExtensionTotal: amount(text(totals, "LineExtensionAmount")),
    taxInclusiveTotal: amount(text(totals, "TaxInclusiveAmount")),
    allowanceTotal: amount(text(totals, "AllowanceTotalAmount")),
    chargeTotal: amount(text(totals, "ChargeTotalAmount")),
    prepaidTotal: amount(text(totals, "PrepaidAmount")),
    roundingAmount: amount(text(totals, "PayableRoundingAmount")),
    payableTotal: amount(text(totals, "PayableAmount")),
  };
}

function readLine(line: XmlNode, quantity: string): InvoiceLine {
  const taxTotal = child(line, "TaxTotal");
  const referential = children(child(line, "PricingReference"), "AlternativeConditionPrice").find(
    (price) => text(price, "PriceTypeCode") === "02",
  );
  return {
    id: text(line, "ID") ?? "",
    quantity: amount(text(line, quantity)),
    lineExtension: amount(text(line, "LineExtensionAmount")),
    priceAmount: amount(text(line, "Price", "PriceAmount")),
    referentialPrice: amount(text(referential, "PriceAmount")),
    taxTotal: amount(text(taxTotal, "TaxAmount")),
    subtotals: children(taxTotal, "TaxSubtotal").map(readSubtotal),
    allowanceCharges: readAllowanceCharges(line),
  };
}

function readSubtotal(subtotal: XmlNode): TaxSubtotal {
  const category = child(subtotal, "TaxCategory");
  return {
    scheme: text(category, "TaxScheme", "ID") ?? "",
    taxable: amount(text(subtotal, "TaxableAmount")),
    amount: amount(text(subtotal, "TaxAmount")),
    percent: amount(text(category, "Percent")),
    exemptionCode: text(category, "TaxExemptionReasonCode"),
  };
}

function readAllowanceCharges(node: XmlNode): AllowanceCharge[] {
  return children(node, "AllowanceCharge").flatMap((ac) => {
    const value = amount(text(ac, "Amount"));
    if (value === undefined) return [];
    return [
      {
        charge: text(ac, "ChargeIndicator")?.toLowerCase() === "true",
        reason: text(ac, "AllowanceChargeReasonCode") ?? "",
        amount: value,
      },
    ];
  });
}
