import {
  type DocumentEventType,
  type DocumentStatus,
  isVerdictOutcome,
  type VerdictOutcome,
} from "@einvoice/domain";

export type Transition =
  | { kind: "apply"; to: DocumentStatus; event: DocumentEventType }
  | { kind: "already-applied" }
  | { kind: "refused"; reason: string };

const EVENT_OF: Record<VerdictOutcome, DocumentEventType> = {
  accepted: "document.accepted",
  observed: "document.observed",
  rejected: "document.rejected",
};

/**
 * The document state machine for verdicts: only a pending document takes a verdict. A repeated verdict (a
 * redelivered message) is a no-op; a different verdict on a final document is refused and logged, never applied,
 * so a document's final state never flips. An outcome this version does not know is refused the same way.
 */
export function verdictTransition(current: DocumentStatus, outcome: string): Transition {
  if (!isVerdictOutcome(outcome)) return { kind: "refused", reason: `unknown verdict outcome '${outcome}'` };
  if (current === "pending") return { kind: "apply", to: outcome, event: EVENT_OF[outcome] };
  if (current === outcome) return { kind: "already-applied" };
  return { kind: "refused", reason: `document is ${current}; verdict ${outcome} ignored` };
}
