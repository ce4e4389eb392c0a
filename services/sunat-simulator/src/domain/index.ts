export {
  type ConsultedDocument,
  consultRestriction,
  statusCdrAnswer,
  validityAnswer,
} from "./consult-answer.js";
export { validateDespatchSubmission } from "./despatch-check.js";
export { despatchRules } from "./despatch-rules.js";
export {
  type CompleteIdentity,
  type DocumentIdentity,
  identityKey,
  normalizeIdentityKey,
  parseIdentity,
} from "./document-identity.js";
export { greQrUrl } from "./gre-qr.js";
export { checkInvoiceRules } from "./invoice-rules.js";
export { KnobResolver, type ResolvedKnobs } from "./knob-resolver.js";
export type { Knobs } from "./knobs.js";
export { checkNoteArithmetic } from "./note-arithmetic-rules.js";
export {
  checkNotePayment,
  checkNotePaymentAgainst,
  readNotePayment,
  registeredFactsOf,
} from "./note-payment-rules.js";
export { checkNoteRules, readNote, referencedIdentity, referenceIssues } from "./note-rules.js";
export { issueFor, type RuleIssue } from "./rule-issue.js";
export { parseScenarioRequest } from "./scenario-request.js";
export { type RequestSubject, ScenarioBook } from "./scenarios.js";
export { seededRandom } from "./seeded-random.js";
export { checkSignature } from "./signature-check.js";
export { validateInvoiceSubmission } from "./submission-check.js";
export {
  checkSummaryContent,
  type SummaryContent,
  type VoidedLine,
  validateSummarySubmission,
} from "./summary-check.js";
export { parseSummaryFileName, type SummaryFileName, summaryId, summaryKey } from "./summary-file-name.js";
export { summaryVerdict } from "./summary-verdict.js";
export { isStillPending } from "./ticket-poll.js";
export { decideVerdict, forcedVerdict, type Verdict } from "./verdict.js";
export { checkVoidedLines, type VoidTarget } from "./voided-rules.js";
