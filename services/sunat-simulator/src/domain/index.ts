export { type DocumentFileName, parseDocumentFileName } from "./file-name.js";
export { checkInvoiceRules } from "./invoice-rules.js";
export { type InvoiceKind, type RuleId, ruleCode } from "./rule-codes.js";
export type { RuleIssue } from "./rule-issue.js";
export {
  type SubmissionCheck,
  type SubmissionInput,
  type SubmittedDocument,
  validateInvoiceSubmission,
} from "./submission-check.js";
export { decideVerdict, type Verdict, type VerdictSubject } from "./verdict.js";
