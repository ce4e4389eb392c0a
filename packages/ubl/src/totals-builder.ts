import type { ComputedDocument } from "@einvoice/domain";
import { amount, cac, type XmlNode } from "./xml-node.js";

/**
 * `cac:LegalMonetaryTotal`, in the UBL MonetaryTotal sequence. All six totals are printed, zeros included:
 * SUNAT recomputes them (rules 3279, 3280, OBS 4307, 4309) and an explicit `0.00` reads the same as an absent
 * tag while keeping the XML shape stable across documents.
 */
export const addMonetaryTotal = (
  root: XmlNode,
  doc: ComputedDocument,
  /** A debit note's totals are its RequestedMonetaryTotal (same content). */
  element: "LegalMonetaryTotal" | "RequestedMonetaryTotal" = "LegalMonetaryTotal",
): void => {
  const t = doc.monetary_total;
  const c = doc.currency;
  const node = cac(root, element);
  amount(node, "LineExtensionAmount", t.line_extension_amount, c, "monetary_total.line_extension_amount");
  amount(node, "TaxInclusiveAmount", t.tax_inclusive_amount, c, "monetary_total.tax_inclusive_amount");
  amount(node, "AllowanceTotalAmount", t.allowance_total_amount, c, "monetary_total.allowance_total_amount");
  amount(node, "ChargeTotalAmount", t.charge_total_amount, c, "monetary_total.charge_total_amount");
  amount(node, "PrepaidAmount", t.prepaid_amount, c, "monetary_total.prepaid_amount");
  amount(node, "PayableAmount", t.payable_amount, c, "monetary_total.payable_amount");
};
