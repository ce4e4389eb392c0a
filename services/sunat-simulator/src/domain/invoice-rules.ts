import { type XmlNode, xmlSyntaxError } from "@einvoice/sunat";
import { checkIgvRate } from "./igv-rate-rules.js";
import { readInvoice } from "./invoice-reader.js";
import { checkLines } from "./line-rules.js";
import { checkParties } from "./party-rules.js";
import { IssueCollector, issueFor, type RuleIssue } from "./rule-issue.js";
import { checkTotals } from "./total-rules.js";

/**
 * Runs the workbook's arithmetic rules (RV:Factura2_0 / RV:Boleta2_0) on a UBL Invoice and
 * returns every failure, in document order (parties, lines, then totals). Facturas (01) get the
 * ERROR codes, boletas (03) the OBSERV codes where the workbook has them (see rule-codes.ts).
 * Not well-formed XML → 0306. Other roots (CreditNote, DebitNote: their own sheets and codes)
 * and other type codes are outside these rules and yield no issues. `parsed` is the same XML already parsed
 * (by the envelope checks, which answered 0306 when it was not well formed), so it is not parsed again.
 */
export function checkInvoiceRules(xml: string, parsed?: XmlNode): RuleIssue[] {
  if (parsed === undefined && xmlSyntaxError(xml) !== undefined) return [issueFor("0306")];
  const doc = readInvoice(parsed ?? xml);
  if (!doc) return [];
  const kind = doc.typeCode === "01" ? "factura" : doc.typeCode === "03" ? "boleta" : undefined;
  if (!kind) return [];
  const issues = new IssueCollector(kind);
  checkParties(doc, issues);
  checkLines(doc, issues);
  checkIgvRate(doc, issues);
  checkTotals(doc, issues);
  return issues.issues;
}
