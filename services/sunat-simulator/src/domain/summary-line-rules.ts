import { child, children, parseXml, text, type XmlNode } from "@einvoice/sunat";
import { amount, Decimal, outsideTolerance, sum, ZERO } from "./amounts.js";
import { issueFor, type RuleIssue } from "./rule-issue.js";
import type { VoidTarget } from "./voided-rules.js";

/** A resumen diario line as far as the simulator checks it. */
export interface SummaryLine {
  type: string;
  series: string;
  number: string;
  /** Catálogo 19: 1 add, 2 modify, 3 void. */
  condition: string;
  total?: Decimal;
  /** Sum of the BillingPayment and TaxTotal amounts (what TotalAmount must equal, ± 5). */
  parts: Decimal;
}

/** The RC lines of a SummaryDocuments XML (`cbc:ID` is `SERIE-NUMERO`). */
export function readSummaryLines(xml: string): SummaryLine[] {
  const root = child(parseXml(xml), "SummaryDocuments");
  return children(root, "SummaryDocumentsLine").map((line: XmlNode) => {
    const [series = "", number = ""] = (text(line, "ID") ?? "").split("-");
    const amounts = [
      ...children(line, "BillingPayment").map((p) => amount(text(p, "PaidAmount"))),
      ...children(line, "TaxTotal").map((t) => amount(text(t, "TaxAmount"))),
      ...children(line, "AllowanceCharge").map((c) => amount(text(c, "Amount"))),
    ].filter((a): a is Decimal => a !== undefined);
    return {
      type: text(line, "DocumentTypeCode") ?? "",
      series,
      number,
      condition: text(line, "Status", "ConditionCode") ?? "",
      total: amount(text(line, "TotalAmount")),
      parts: amounts.length > 0 ? sum(amounts) : ZERO,
    };
  });
}

const DAY_MS = 86_400_000;

/**
 * The void window (RV:Comunicacion_de_Baja1_0 item 12, RV:Resumen_Diario1_1 item 9.2, ERR 2957): a void whose
 * document was issued more than 7 days before the summary was received is refused, for series that do not start
 * with a digit (electronic ones). `referenceDate` is the summary's ReferenceDate, `received` Lima's date.
 */
export function voidWindowIssue(
  referenceDate: string,
  received: string,
  series: string,
): RuleIssue | undefined {
  if (/^\d/.test(series)) return undefined;
  const days = (Date.parse(`${received}T00:00:00Z`) - Date.parse(`${referenceDate}T00:00:00Z`)) / DAY_MS;
  return days > 7 ? issueFor("2957", `ReferenceDate ${referenceDate}`) : undefined;
}

/**
 * Per RC line (RV:Resumen_Diario1_1): TotalAmount ≠ payments + taxes + charges beyond ± 5 → OBS 4027; for a void
 * (condition 3): the boleta must be registered (2105, by analogy with the RA rule; the workbook lists none for an
 * unknown boleta in status 3), not rejected or already voided (2987), within the window (2957).
 */
export function checkSummaryLines(
  lines: SummaryLine[],
  keyOf: (line: SummaryLine) => string,
  targets: ReadonlyMap<string, VoidTarget>,
  referenceDate: string,
  received: string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  lines.forEach((line, i) => {
    const where = `Error en la linea: ${i + 1}`;
    if (line.total && outsideTolerance(line.total, line.parts, new Decimal(5)))
      issues.push(issueFor("4027", where));
    if (line.condition !== "3") return;
    const window = voidWindowIssue(referenceDate, received, line.series);
    if (window) issues.push(window);
    const target = targets.get(keyOf(line));
    if (!target) issues.push(issueFor("2105", where));
    else if (target.outcome === "rejected" || target.voided) issues.push(issueFor("2987", where));
  });
  return issues;
}
