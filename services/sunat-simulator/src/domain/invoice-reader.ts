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
  const totals = child(invoice, "LegalMonetaryTotal");
  // More than one global TaxTotal is its own error (3024); the sums use the first.
  const taxTotal = child(invoice, "TaxTotal");
  const customerIdNode = child(
    child(child(child(invoice, "AccountingCustomerParty"), "Party"), "PartyIdentification"),
    "ID",
  );
  return {
    typeCode: text(typeCodeNode) ?? "",
    operationType: attr(typeCodeNode, "listID") ?? "",
    issueDate: text(invoice, "IssueDate") ?? "",
    customerName: text(
      child(child(invoice, "AccountingCustomerParty"), "Party"),
      "PartyLegalEntity",
      "RegistrationName",
    ),
    customerId: text(customerIdNode),
    customerIdType: attr(customerIdNode, "schemeID"),
    lines: children(invoice, "InvoiceLine").map(readLine),
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

function readLine(line: XmlNode): InvoiceLine {
  const taxTotal = child(line, "TaxTotal");
  const referential = children(child(line, "PricingReference"), "AlternativeConditionPrice").find(
    (price) => text(price, "PriceTypeCode") === "02",
  );
  return {
    id: text(line, "ID") ?? "",
    quantity: amount(text(line, "InvoicedQuantity")),
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
