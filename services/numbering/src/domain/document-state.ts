import type { DocumentEventType, DocumentStatus } from "@einvoice/domain";

export type VerdictOutcome = "accepted" | "observed" | "rejected";

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
 * so a document's final state never flips.
 */
export function verdictTransition(current: DocumentStatus, outcome: VerdictOutcome): Transition {
  if (current === "pending") return { kind: "apply", to: outcome, event: EVENT_OF[outcome] };
  if (current === outcome) return { kind: "already-applied" };
  return { kind: "refused", reason: `document is ${current}; verdict ${outcome} ignored` };
}
