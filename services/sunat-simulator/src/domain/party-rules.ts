import type { InvoiceDocument } from "./invoice-reader.js";
import type { IssueCollector } from "./rule-issue.js";

/** The longest RegistrationName the sheets allow for facturas and boletas (an..1500). */
const MAX_NAME_LENGTH = 1500;

/** Any whitespace except the plain space: the workbook names line breaks, tabs and "end of line". */
const FORBIDDEN_WHITESPACE = /[^\S ]/u;

/**
 * Party rules of RV:Factura2_0 / RV:Boleta2_0: the customer's RegistrationName is up to 1500 characters with no
 * whitespace but the space (ERR 2022). The XML reader trims the value, so only inner whitespace is seen.
 */
export function checkParties(doc: InvoiceDocument, issues: IssueCollector): void {
  const name = doc.customerName;
  if (name === undefined) return;
  if ([...name].length > MAX_NAME_LENGTH || FORBIDDEN_WHITESPACE.test(name)) {
    issues.add("customerName", `RegistrationName: ${JSON.stringify(name.slice(0, 40))}`);
  }
}
