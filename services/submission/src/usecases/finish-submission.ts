import { documentObjectKey, type SunatVerdict, type VerdictOutcome } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import type { Logger } from "@einvoice/platform";
import type { Store, TransactionOptions } from "@einvoice/store";
import { NO_LEASE, type SubmissionRecord, SubmissionRepository } from "../adapters/submission-repository.js";
import type { PublishVerdict } from "./publish-verdict.js";

/** A submission's final answer, whichever SUNAT API gave it (billService SOAP or GRE REST). */
export interface FinalVerdict {
  outcome: VerdictOutcome;
  verdict: Omit<SunatVerdict, "simulated"> | null;
  cdrZip: Buffer | null;
  /** Set when the sending deadline passed without a verdict. */
  deadlineMessage?: string;
}

export interface FinishDeps {
  store: Store;
  objects: ObjectStore;
  publishVerdict: PublishVerdict;
  logger: Logger;
  clock: () => Date;
}

/**
 * Mutates the claimed record in place (the scheduler's lease renewal shares it) and persists it; `durable: false`
 * only where a change lost in a power cut is repaired by the protocol (see the store's `TransactionOptions`).
 */
export async function saveSubmission(
  deps: Pick<FinishDeps, "store" | "clock">,
  record: SubmissionRecord,
  changes: Partial<SubmissionRecord>,
  options: TransactionOptions = {},
): Promise<void> {
  Object.assign(record, changes, { updated_at: deps.clock().toISOString() });
  await deps.store.transaction((tx) => new SubmissionRepository(tx).save(record), options);
}

/**
 * Stores the CDR, records the verdict as done (unpublished), then publishes it. A publish that fails leaves the
 * verdict stored as unpublished: the scheduler publishes it on its next pass.
 */
export async function finishSubmission(
  deps: FinishDeps,
  record: SubmissionRecord,
  simulated: boolean,
  result: FinalVerdict,
): Promise<void> {
  let cdrKey: string | null = null;
  if (result.cdrZip) {
    const scope = { companyId: record.company_id, livemode: record.livemode };
    cdrKey = documentObjectKey(scope, record._id, "cdr", record.file_name, record.issue_date);
    await deps.objects.put(cdrKey, result.cdrZip, "application/zip");
  }
  await saveSubmission(deps, record, {
    state: "done",
    outcome: result.outcome,
    sunat: result.verdict ? { ...result.verdict, simulated } : null,
    status_details: result.deadlineMessage
      ? { code: "submission_deadline_exceeded", message: result.deadlineMessage }
      : null,
    cdr_key: cdrKey,
    lease_until: NO_LEASE,
    verdict_published: false,
  });
  deps.logger.info({ document: record._id, outcome: result.outcome, code: result.verdict?.code }, "verdict");
  try {
    await deps.publishVerdict.execute(record);
  } catch (error) {
    deps.logger.error({ err: error, document: record._id }, "verdict stored but not yet published");
  }
}

/**
 * Ends a submission whose sending deadline passed without a verdict: `rejected` with no SUNAT answer, saying
 * which deadline (`describeDeadline` names it, given its time) and whether SUNAT may still hold a copy it could not confirm.
 */
export function expireSubmission(
  deps: FinishDeps,
  record: SubmissionRecord,
  simulated: boolean,
  describeDeadline: (deadlineAt: string) => string,
): Promise<void> {
  const lastError = record.last_error ? `; last error: ${record.last_error}` : "";
  const maybeHeld =
    record.state === "uncertain" ? " SUNAT may still hold a copy that could not be confirmed." : "";
  return finishSubmission(deps, record, simulated, {
    outcome: "rejected",
    verdict: null,
    cdrZip: null,
    deadlineMessage: `No verdict from SUNAT before ${describeDeadline(record.deadline_at)}${lastError}.${maybeHeld}`,
  });
}
