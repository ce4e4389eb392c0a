/**
 * Read-back of the figures of a UBL Invoice, values kept as the exact strings printed. Written here rather than
 * imported from packages/ubl's test helpers: the end-to-end suite checks the product from the outside.
 */
import { UBL_PARSER_OPTIONS } from "@einvoice/testkit";
import { XMLParser } from "fast-xml-parser";

/** Whitespace kept: a description with line breaks and tabs must read back as sent. */
const parser = new XMLParser({ ...UBL_PARSER_OPTIONS, trimValues: false });

type Node = any;

const text = (node: Node): string | undefined =>
  node === undefined || node === null ? undefined : typeof node === "object" ? node["#text"] : String(node);
const attr = (node: Node, name: string): string | undefined =>
  node && typeof node === "object" ? node[`@${name}`] : undefined;

export interface Amount {
  value: string | undefined;
  currency: string | undefined;
}
const amount = (node: Node): Amount => ({ value: text(node), currency: attr(node, "currencyID") });

export interface XmlSubtotal {
  taxable: string | undefined;
  tax: string | undefined;
  percent: string | undefined;
  exemptionReason: string | undefined;
}

const subtotals = (taxTotal: Node): Record<string, XmlSubtotal> =>
  Object.fromEntries(
    (taxTotal?.["cac:TaxSubtotal"] ?? []).map((s: Node) => [
      text(s["cac:TaxCategory"]?.["cac:TaxScheme"]?.["cbc:ID"]),
      {
        taxable: text(s["cbc:TaxableAmount"]),
        tax: text(s["cbc:TaxAmount"]),
        percent: text(s["cac:TaxCategory"]?.["cbc:Percent"]),
        exemptionReason: text(s["cac:TaxCategory"]?.["cbc:TaxExemptionReasonCode"]),
      },
    ]),
  );

const allowanceCharges = (list: Node[] | undefined) =>
  (list ?? []).map((c: Node) => ({
    charge: text(c["cbc:ChargeIndicator"]) === "true",
    reason: text(c["cbc:AllowanceChargeReasonCode"]),
    factor: text(c["cbc:MultiplierFactorNumeric"]),
    amount: text(c["cbc:Amount"]),
    currency: attr(c["cbc:Amount"], "currencyID"),
    base: text(c["cbc:BaseAmount"]),
  }));

export interface InvoiceFigures {
  id: string | undefined;
  issueDate: string | undefined;
  typeCode: string | undefined;
  operationType: string | undefined;
  currency: string | undefined;
  customer: { id: string | undefined; scheme: string | undefined; name: string | undefined };
  notes: { code: string | undefined; text: string | undefined }[];
  monetary: {
    lineExtension: Amount;
    taxInclusive: Amount;
    allowanceTotal: Amount;
    chargeTotal: Amount;
    prepaid: Amount;
    payable: Amount;
  };
  taxAmount: Amount;
  subtotals: Record<string, XmlSubtotal>;
  allowanceCharges: ReturnType<typeof allowanceCharges>;
  paymentTerms: {
    id: string | undefined;
    meansId: string | undefined;
    percent: string | undefined;
    amount: Amount;
    dueDate: string | undefined;
  }[];
  prepaidPayments: { id: string | undefined; amount: Amount }[];
  lines: {
    id: string | undefined;
    description: string | undefined;
    quantity: string | undefined;
    unitCode: string | undefined;
    lineExtension: Amount;
    taxAmount: string | undefined;
    subtotals: Record<string, XmlSubtotal>;
    allowanceCharges: ReturnType<typeof allowanceCharges>;
    priceAmount: string | undefined;
    referencePrice: { type: string | undefined; amount: string | undefined };
  }[];
}

/** Every figure the matrix reconciles, read from the XML text. */
export const readInvoice = (xml: string): InvoiceFigures => {
  const inv: Node = parser.parse(xml).Invoice;
  if (!inv) throw new Error("not a UBL Invoice document");
  const totals = inv["cac:LegalMonetaryTotal"] ?? {};
  const party = inv["cac:AccountingCustomerParty"]?.["cac:Party"] ?? {};
  const customerId = party["cac:PartyIdentification"]?.["cbc:ID"];
  return {
    id: text(inv["cbc:ID"]),
    issueDate: text(inv["cbc:IssueDate"]),
    typeCode: text(inv["cbc:InvoiceTypeCode"]),
    operationType: attr(inv["cbc:InvoiceTypeCode"], "listID"),
    currency: text(inv["cbc:DocumentCurrencyCode"]),
    customer: {
      id: text(customerId),
      scheme: attr(customerId, "schemeID"),
      name: text(party["cac:PartyLegalEntity"]?.["cbc:RegistrationName"]),
    },
    notes: (inv["cbc:Note"] ?? []).map((n: Node) => ({ code: attr(n, "languageLocaleID"), text: text(n) })),
    monetary: {
      lineExtension: amount(totals["cbc:LineExtensionAmount"]),
      taxInclusive: amount(totals["cbc:TaxInclusiveAmount"]),
      allowanceTotal: amount(totals["cbc:AllowanceTotalAmount"]),
      chargeTotal: amount(totals["cbc:ChargeTotalAmount"]),
      prepaid: amount(totals["cbc:PrepaidAmount"]),
      payable: amount(totals["cbc:PayableAmount"]),
    },
    taxAmount: amount(inv["cac:TaxTotal"]?.["cbc:TaxAmount"]),
    subtotals: subtotals(inv["cac:TaxTotal"]),
    allowanceCharges: allowanceCharges(inv["cac:AllowanceCharge"]),
    paymentTerms: (inv["cac:PaymentTerms"] ?? []).map((t: Node) => ({
      id: text(t["cbc:ID"]),
      meansId: text(t["cbc:PaymentMeansID"]),
      percent: text(t["cbc:PaymentPercent"]),
      amount: amount(t["cbc:Amount"]),
      dueDate: text(t["cbc:PaymentDueDate"]),
    })),
    prepaidPayments: (inv["cac:PrepaidPayment"] ?? []).map((p: Node) => ({
      id: text(p["cbc:ID"]),
      amount: amount(p["cbc:PaidAmount"]),
    })),
    lines: (inv["cac:InvoiceLine"] ?? []).map((l: Node) => {
      const ref = l["cac:PricingReference"]?.["cac:AlternativeConditionPrice"];
      return {
        id: text(l["cbc:ID"]),
        description: text(l["cac:Item"]?.["cbc:Description"]),
        quantity: text(l["cbc:InvoicedQuantity"]),
        unitCode: attr(l["cbc:InvoicedQuantity"], "unitCode"),
        lineExtension: amount(l["cbc:LineExtensionAmount"]),
        taxAmount: text(l["cac:TaxTotal"]?.["cbc:TaxAmount"]),
        subtotals: subtotals(l["cac:TaxTotal"]),
        allowanceCharges: allowanceCharges(l["cac:AllowanceCharge"]),
        priceAmount: text(l["cac:Price"]?.["cbc:PriceAmount"]),
        referencePrice: { type: text(ref?.["cbc:PriceTypeCode"]), amount: text(ref?.["cbc:PriceAmount"]) },
      };
    }),
  };
};
