import type { XmlNode } from "@einvoice/sunat";
import { checkIgvRate } from "./igv-rate-rules.js";
import { readNoteAsInvoice } from "./invoice-reader.js";
import { checkLines } from "./line-rules.js";
import type { RuleId } from "./rule-codes.js";
import { IssueCollector, issueFor, type RuleIssue } from "./rule-issue.js";
import { AFFECTATION_TRIBUTES } from "./tax-codes.js";
import { checkTotals } from "./total-rules.js";

/**
 * Invoice rules the note sheets state otherwise or not at all: 3105 (a note's line needs an IGV-type subtotal,
 * whatever its base: checked below), the document totals 3278/3279/3300 (absent from the note sheets) and
 * 3280 (a different sum on notes, not simulated), and the customer rules (the modified document's customer).
 */
const NOT_ON_NOTES: ReadonlySet<RuleId> = new Set<RuleId>([
  "lineTributeMissing",
  "lineExtensionTotal",
  "taxInclusiveTotal",
  "allowanceTotal",
  "payableTotal",
  "customerName",
  "customerRuc",
  "customerDni",
]);

class NoteIssues extends IssueCollector {
  override add(rule: RuleId, detail?: string): void {
    if (!NOT_ON_NOTES.has(rule)) super.add(rule, detail);
  }
}

/**
 * The line and tax rules the NotaCredito2_0 / NotaDebito2_0 sheets share with the invoice sheets, with their
 * codes split by the modified document's type as the note sheets do ('01' → ERROR codes, '03' → the OBSERV
 * ones): 2640, 3271/4288, 3103, 3110, 3111, 3292/4293 per line; 3277/4299, 3291/4290 (at the lines' own rate),
 * 3294/4301, 3306/4321 and 3462 on the document; 3105 as the note sheets state it.
 */
export function checkNoteArithmetic(parsed: XmlNode): RuleIssue[] {
  const doc = readNoteAsInvoice(parsed);
  if (!doc) return [];
  const kind = doc.typeCode === "01" ? "factura" : doc.typeCode === "03" ? "boleta" : undefined;
  if (!kind) return [];
  const issues = new NoteIssues(kind);
  for (const line of doc.lines) {
    // ERR 3105 (field 33): an IGV-type subtotal, whatever its base (a code 13 note's lines are zero).
    if (!line.subtotals.some((s) => AFFECTATION_TRIBUTES.has(s.scheme)))
      issues.issues.push(issueFor("3105", `Error en la linea: ${line.id}`));
  }
  checkLines(doc, issues);
  checkIgvRate(doc, issues);
  checkTotals(doc, issues);
  return issues.issues;
}
