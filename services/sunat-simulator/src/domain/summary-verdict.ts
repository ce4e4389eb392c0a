import type { RuleIssue } from "./rule-issue.js";
import { decideVerdict, forcedVerdict, type Verdict } from "./verdict.js";

const ACCEPTED = {
  // greenter cdrBaja.zip: "La Comunicación de baja RA-20171001-1, ha sido aceptada".
  RA: (id: string) => `La Comunicación de baja ${id}, ha sido aceptada`,
  RC: (id: string) => `El Resumen diario ${id}, ha sido aceptado`,
} as const;

/** The ticket's verdict for an RC/RA: the usual fold of the rules (or the forced code), SUNAT's sentence. */
export function summaryVerdict(
  kind: "RC" | "RA",
  id: string,
  issues: RuleIssue[],
  forceCode?: string,
): Verdict {
  const verdict = forceCode === undefined ? decideVerdict(issues) : forcedVerdict(forceCode);
  if (verdict.outcome === "accepted" || verdict.outcome === "observed") {
    return { ...verdict, description: ACCEPTED[kind](id) };
  }
  return verdict;
}
