import type { XmlNode } from "@einvoice/sunat";
import { outsideTolerance, sum, ZERO } from "./amounts.js";
import { checkIgvRate } from "./igv-rate-rules.js";
import { type InvoiceDocument, readNoteAsInvoice } from "./invoice-reader.js";
import { checkLines } from "./line-rules.js";
import type { RuleId } from "./rule-codes.js";
import { IssueCollector, issueFor, type RuleIssue } from "./rule-issue.js";
import { AFFECTATION_TRIBUTES } from "./tax-codes.js";
import { checkTotals } from "./total-rules.js";

/**
 * Invoice rules the note sheets state otherwise or not at all: 3105 (a note's line needs an IGV-type subtotal,
 * whatever its base: checked below), the document totals 3278/3279/3300 (absent from the note sheets) and
 * 3280/4312 (a different sum on notes: {@link checkNotePayable}), and the customer rules (the modified
 * document's customer).
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
  checkNotePayable(doc, issues);
  return issues.issues;
}

/** The bases the note sheets add: gravadas (IGV), inafectas, exoneradas, exportación, IVAP. */
const BASE_SCHEMES = new Set(["1000", "9998", "9997", "9995", "1016"]);
/** The tax sums they add: IGV, ISC, IVAP, otros tributos, ICBPER. */
const TAX_SCHEMES = new Set(["1000", "2000", "1016", "9999", "7152"]);

/**
 * ERR 3280 (on an invoice's note) / OBSERV 4312 (on a receipt's), NotaCredito2_0 field 48 and NotaDebito2_0
 * field 46: PayableAmount = the bases of gravadas, inafectas, exoneradas, exportación and IVAP + the sums of IGV,
 * ISC, IVAP, otros tributos and ICBPER + otros cargos + the rounding, ± 1.
 */
function checkNotePayable(doc: InvoiceDocument, issues: IssueCollector): void {
  if (doc.payableTotal === undefined) return;
  const bases = sum(doc.subtotals.filter((s) => BASE_SCHEMES.has(s.scheme)).map((s) => s.taxable ?? ZERO));
  const taxes = sum(doc.subtotals.filter((s) => TAX_SCHEMES.has(s.scheme)).map((s) => s.amount ?? ZERO));
  const expected = bases
    .plus(taxes)
    .plus(doc.chargeTotal ?? ZERO)
    .plus(doc.roundingAmount ?? ZERO);
  if (outsideTolerance(doc.payableTotal, expected)) issues.add("notePayableTotal");
}
