import type { ComputedLine } from "@einvoice/domain";
import { catalogUri, SUNAT, UNECE } from "./namespaces.js";
import { addAllowanceCharge, addLineTaxTotal } from "./taxes-builder.js";
import { amount, cac, cbc, decimal, type XmlNode } from "./xml-node.js";

/**
 * One `cac:InvoiceLine`, children in the UBL InvoiceLine sequence: ID, InvoicedQuantity, LineExtensionAmount,
 * PricingReference, AllowanceCharge*, TaxTotal, Item, Price.
 */
export const addInvoiceLine = (
  root: XmlNode,
  line: ComputedLine,
  currency: string,
  index: number,
  /** The line's element names: a credit note has CreditNoteLine/CreditedQuantity, a debit note DebitNote…/Debited…. */
  names: { line: string; quantity: string } = { line: "InvoiceLine", quantity: "InvoicedQuantity" },
): void => {
  const path = `lines.${index}`;
  const node = cac(root, names.line);
  cbc(node, "ID", String(line.id));
  cbc(node, names.quantity, decimal(line.quantity, `${path}.quantity`), {
    unitCode: line.unit_code,
    unitCodeListID: "UN/ECE rec 20",
    unitCodeListAgencyName: UNECE,
  });
  amount(node, "LineExtensionAmount", line.line_extension_amount, currency, `${path}.line_extension_amount`);

  // Catalog 16: `01` unit price with taxes, or `02` the reference value of a free line (rule 2640 pairs it
  // with a zero cac:Price below).
  const price = cac(cac(node, "PricingReference"), "AlternativeConditionPrice");
  amount(price, "PriceAmount", line.reference_price.amount, currency, `${path}.reference_price.amount`);
  cbc(price, "PriceTypeCode", line.reference_price.type_code, {
    listName: "Tipo de Precio",
    listAgencyName: SUNAT,
    listURI: catalogUri("16"),
  });

  line.allowance_charges.forEach((charge, i) => {
    addAllowanceCharge(node, charge, currency, `${path}.allowance_charges.${i}`);
  });
  addLineTaxTotal(node, line, currency, path);
  cbc(cac(node, "Item"), "Description", line.description);
  // Unit value without taxes; the engine already wrote 0 for free lines (ERR 2640).
  amount(cac(node, "Price"), "PriceAmount", line.unit_value, currency, `${path}.unit_value`);
};
