import type { InvoiceDocument } from "./invoice-reader.js";
import type { IssueCollector } from "./rule-issue.js";

/** The longest RegistrationName the sheets allow for facturas and boletas (an..1500). */
const MAX_NAME_LENGTH = 1500;

/** Any whitespace except the plain space: the workbook names line breaks, tabs and "end of line". */
const FORBIDDEN_WHITESPACE = /[^\S ]/u;

/** SUNAT's modulo-11 weights over the first ten digits of a RUC. */
const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
const RUC_KINDS = new Set(["10", "15", "16", "17", "20"]);

/**
 * Whether a RUC can be in SUNAT's register: a taxpayer-kind prefix and the check digit 11 − (Σ d×w mod 11),
 * 10 → 0, 11 → 1. The simulator has no register, so a RUC that passes stands for one that exists.
 */
export function rucCanExist(ruc: string): boolean {
  if (!/^\d{11}$/.test(ruc) || !RUC_KINDS.has(ruc.slice(0, 2))) return false;
  const sum = RUC_WEIGHTS.reduce((acc, w, i) => acc + w * Number(ruc[i]), 0);
  const digit = (11 - (sum % 11)) % 10;
  return digit === Number(ruc[10]);
}

/**
 * Party rules of RV:Factura2_0 / RV:Boleta2_0: the customer's RegistrationName is up to 1500 characters with no
 * whitespace but the space (ERR 2022). The XML reader trims the value, so only inner whitespace is seen.
 */
export function checkParties(doc: InvoiceDocument, issues: IssueCollector): void {
  // Field 17 (Factura2_0) / 16 (Boleta2_0): a RUC of 11 digits not in the register is 1083; a DNI that is
  // not 8 digits is ERR 2801 on a factura, OBS 4207 on a boleta.
  const id = doc.customerId ?? "";
  if (doc.customerIdType === "6" && /^\d{11}$/.test(id) && !rucCanExist(id))
    issues.add("customerRuc", `ID: ${id}`);
  if (doc.customerIdType === "1" && !/^\d{8}$/.test(id)) issues.add("customerDni", `ID: ${id}`);
  const name = doc.customerName;
  if (name === undefined) return;
  if ([...name].length > MAX_NAME_LENGTH || FORBIDDEN_WHITESPACE.test(name)) {
    issues.add("customerName", `RegistrationName: ${JSON.stringify(name.slice(0, 40))}`);
  }
}
