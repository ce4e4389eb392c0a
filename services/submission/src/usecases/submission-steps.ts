import { documentObjectKey, type SunatVerdict, type VerdictOutcome } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import type { Logger } from "@einvoice/platform";
import type { Store, TransactionOptions } from "@einvoice/store";
import type { HeldSlots } from "../adapters/held-slots.js";
import { NO_LEASE, type SubmissionRecord, SubmissionRepository } from "../adapters/submission-repository.js";
import { SolCredentialsMissingError } from "../adapters/sunat-endpoints.js";
import { nextAttemptAt, retryDelayMs } from "../domain/retry-schedule.js";
import type { SubmissionProblemCode } from "../domain/submission-problem.js";
import type { PublishVerdict } from "./publish-verdict.js";

/** Where a record was sent: whether to SUNAT's simulator, which a stored verdict says. */
export interface SentTo {
  simulated: boolean;
}

/** A record stopped before it had an endpoint (no SOL credentials): not sent anywhere, so not to the simulator. */
const NOT_SENT: SentTo = { simulated: false };

/** A submission's final answer, whichever SUNAT API gave it (billService SOAP or GRE REST). */
export interface FinalVerdict {
  outcome: VerdictOutcome;
  verdict: Omit<SunatVerdict, "simulated"> | null;
  cdrZip: Buffer | null;
  /** Set when the sending deadline passed without a verdict. */
  deadlineMessage?: string;
}

/** A try that gave no verdict, as the next pass needs to know it. */
export interface Failure {
  /** `last_error`: what went wrong, for operators. */
  error: string;
  problem: SubmissionProblemCode;
  /** Walks the backoff one step; a permanent failure jumps ahead (see `retryDelayMs`). */
  transient: boolean;
  /** The state the record waits in (default: as it is). */
  state?: SubmissionRecord["state"];
}

export interface StepDeps {
  store: Store;
  objects: ObjectStore;
  publishVerdict: PublishVerdict;
  logger: Logger;
  clock: () => Date;
  /** The scheduler's slots: an attempt's ending write (verdict, or next try) releases its slot with it. */
  heldSlots?: HeldSlots;
}

export interface StepSettings {
  /** Backoff between failed tries, in milliseconds; the last value repeats. */
  retryDelaysMs: readonly number[];
  /** Names the deadline that expired, given its time, in the rejection's message. */
  describeDeadline: (deadlineAt: string) => string;
  /** The warning logged for each try without a verdict. */
  retryWarning: string;
}

/**
 * The writes every attempt ends in, whichever SUNAT API it used (billService SOAP, or the GRE REST API for
 * guides): progress saved before the next call, a retry on the backoff, the verdict stored then published, and the
 * deadline's rejection. Each mutates the claimed record in place (the scheduler's lease renewal shares it).
 */
export class SubmissionSteps {
  constructor(
    private readonly deps: StepDeps,
    private readonly settings: StepSettings,
  ) {}

  /**
   * Where and as whom the record is sent; null when the company has no SOL credentials for its mode, the record
   * then waiting (until its deadline) on the backoff for an operator to set them.
   */
  async endpoint<E extends { simulated: boolean }>(
    record: SubmissionRecord,
    endpointFor: (record: SubmissionRecord) => Promise<E>,
  ): Promise<E | null> {
    try {
      return await endpointFor(record);
    } catch (error) {
      if (!(error instanceof SolCredentialsMissingError)) throw error;
      await this.retryLater(record, NOT_SENT, {
        error: error.message,
        problem: "sol_credentials_missing",
        transient: false,
      });
      return null;
    }
  }

  /**
   * Persists `changes` on the record; `durable: false` only where a change lost in a power cut is repaired by the
   * protocol (see the store's `TransactionOptions`).
   */
  async save(
    record: SubmissionRecord,
    changes: Partial<SubmissionRecord>,
    options: TransactionOptions = {},
  ): Promise<void> {
    this.stamp(record, changes);
    await this.deps.store.transaction((tx) => new SubmissionRepository(tx).save(record), options);
  }

  /**
   * Saves the write that ends this attempt and, in the same transaction, frees the RUC slot it held: no SUNAT call
   * follows in this attempt, and one commit does for both.
   */
  async saveEnding(record: SubmissionRecord, changes: Partial<SubmissionRecord>): Promise<void> {
    this.stamp(record, changes);
    const { heldSlots } = this.deps;
    const released = await this.deps.store.transaction(async (tx) => {
      await new SubmissionRepository(tx).save(record);
      return heldSlots?.releaseWithin(tx, record._id);
    });
    released?.();
  }

  private stamp(record: SubmissionRecord, changes: Partial<SubmissionRecord>): void {
    Object.assign(record, changes, { updated_at: this.deps.clock().toISOString() });
  }

  /**
   * Schedules the next pass on the backoff, or rejects the document when the deadline has come. A guide whose
   * ticket SUNAT holds is polled past the deadline (its answer will come) and its polls are not capped by it.
   */
  async retryLater(record: SubmissionRecord, endpoint: SentTo, failure: Failure): Promise<void> {
    const { error, problem, transient, state = record.state } = failure;
    const now = this.deps.clock();
    const failures = record.failures + 1;
    const deadline = new Date(record.deadline_at);
    this.deps.logger.warn({ document: record._id, error, failures, transient }, this.settings.retryWarning);
    if (now >= deadline && !record.ticket) {
      Object.assign(record, { state, failures, last_error: error, last_problem: problem });
      return this.expire(record, endpoint);
    }
    const delay = retryDelayMs({ failures, transient, delaysMs: this.settings.retryDelaysMs });
    const at = record.ticket ? new Date(now.getTime() + delay) : nextAttemptAt(now, delay, deadline);
    await this.saveEnding(record, {
      state,
      failures,
      last_error: error,
      last_problem: problem,
      next_attempt_at: at.toISOString(),
      lease_until: NO_LEASE,
    });
  }

  /**
   * Stores the CDR, records the verdict as done (unpublished), then publishes it. A publish that fails leaves the
   * verdict stored as unpublished: the scheduler publishes it on its next pass.
   */
  async finish(record: SubmissionRecord, endpoint: SentTo, result: FinalVerdict): Promise<void> {
    let cdrKey: string | null = null;
    if (result.cdrZip) {
      const scope = { companyId: record.company_id, livemode: record.livemode };
      cdrKey = documentObjectKey(scope, record._id, "cdr", record.file_name, record.issue_date);
      await this.deps.objects.put(cdrKey, result.cdrZip, "application/zip");
    }
    await this.saveEnding(record, {
      state: "done",
      outcome: result.outcome,
      sunat: result.verdict ? { ...result.verdict, simulated: endpoint.simulated } : null,
      status_details: result.deadlineMessage
        ? { code: "submission_deadline_exceeded", message: result.deadlineMessage }
        : null,
      cdr_key: cdrKey,
      lease_until: NO_LEASE,
      verdict_published: false,
    });
    this.deps.logger.info(
      { document: record._id, outcome: result.outcome, code: result.verdict?.code },
      "verdict",
    );
    try {
      await this.deps.publishVerdict.execute(record);
    } catch (error) {
      this.deps.logger.error({ err: error, document: record._id }, "verdict stored but not yet published");
    }
  }

  /**
   * Ends a submission whose sending deadline passed without a verdict: `rejected` with no SUNAT answer, saying
   * which deadline and whether SUNAT may still hold a copy it could not confirm.
   */
  expire(record: SubmissionRecord, endpoint: SentTo): Promise<void> {
    const lastError = record.last_error ? `; last error: ${record.last_error}` : "";
    const maybeHeld =
      record.state === "uncertain" ? " SUNAT may still hold a copy that could not be confirmed." : "";
    const deadline = this.settings.describeDeadline(record.deadline_at);
    return this.finish(record, endpoint, {
      outcome: "rejected",
      verdict: null,
      cdrZip: null,
      deadlineMessage: `No verdict from SUNAT before ${deadline}${lastError}.${maybeHeld}`,
    });
  }
}
