import type { VerdictOutcome } from "@einvoice/domain";
import { issueFor, type RuleIssue } from "./rule-issue.js";
import type { VoidedLine } from "./summary-check.js";

/** What the registry knows of a document an RA wants to void. */
export interface VoidTarget {
  outcome: VerdictOutcome;
  voided: boolean;
}

/**
 * The registry checks of a comunicación de baja (RV:Comunicacion_de_Baja1_0, item 12), per line: not
 * registered 2105, registered as rejected 2398, already voided 2323. `targets` is keyed by the document's
 * registry key; `keyOf` builds that key for a line.
 */
export function checkVoidedLines(
  lines: VoidedLine[],
  keyOf: (line: VoidedLine) => string,
  targets: ReadonlyMap<string, VoidTarget>,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  for (const line of lines) {
    const key = keyOf(line);
    const target = targets.get(key);
    if (!target) issues.push(issueFor("2105", key));
    else if (target.outcome === "rejected") issues.push(issueFor("2398", key));
    else if (target.voided) issues.push(issueFor("2323", key));
  }
  return issues;
}
