import { messageFor } from "@einvoice/sunat";
import { type InvoiceKind, type RuleId, ruleCode } from "./rule-codes.js";

/** One failed SUNAT validation: its return code, SUNAT's message, and where it was found. */
export interface RuleIssue {
  code: string;
  message: string;
  /** Location in SUNAT's own style, e.g. "Error en la linea: 2". */
  detail?: string;
}

export function issueFor(code: string, detail?: string): RuleIssue {
  return { code, message: messageFor(code), ...(detail !== undefined && { detail }) };
}

/** Collects issues for one document kind, resolving the factura/boleta code of each rule. */
export class IssueCollector {
  readonly issues: RuleIssue[] = [];

  constructor(readonly kind: InvoiceKind) {}

  add(rule: RuleId, detail?: string): void {
    this.issues.push(issueFor(ruleCode(rule, this.kind), detail));
  }
}
