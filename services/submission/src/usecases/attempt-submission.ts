import type { ObjectStore } from "@einvoice/objects";
import type { Logger } from "@einvoice/platform";
import type { Store, TransactionOptions } from "@einvoice/store";
import { zipDocument } from "@einvoice/sunat";
import { type BillServiceClient, SunatUnavailableError } from "../adapters/bill-service-client.js";
import { NO_LEASE, type SubmissionRecord } from "../adapters/submission-repository.js";
import { SolCredentialsMissingError, type SunatEndpoint } from "../adapters/sunat-endpoints.js";
import { interpretSendBill, interpretStatusCdr } from "../domain/interpret-response.js";
import { nextAttemptAt, retryDelayMs } from "../domain/retry-schedule.js";
import { canQueryStatus } from "../domain/status-query.js";
import { exceptionProblem, type SubmissionProblemCode } from "../domain/submission-problem.js";
import {
  expireSubmission,
  type FinalVerdict,
  type FinishDeps,
  finishSubmission,
  saveSubmission,
} from "./finish-submission.js";
import type { PublishVerdict } from "./publish-verdict.js";

export interface AttemptSettings {
  /** Backoff between failed tries, in milliseconds; the last value repeats. */
  retryDelaysMs: readonly number[];
}

type QueryResult = "finished" | "not-found" | "retrying" | "unsupported";

/** zlib level 1: half the CPU of the default 6 on a signed invoice, for a tenth more bytes. */
export const FAST_DEFLATE = 1;

/**
 * One scheduler pass over a claimed submission. Never resends blindly: when a previous send may have reached
 * SUNAT (`uncertain`) it first asks billConsultService for the registered CDR, and a 1033/1032 answer to a send
 * is resolved the same way. Every step is saved before the next call, so a crash at any point resumes safely.
 * Past the deadline an unanswered document is rejected.
 */
export class AttemptSubmission {
  constructor(
    private readonly store: Store,
    private readonly objects: ObjectStore,
    private readonly client: BillServiceClient,
    private readonly endpointFor: (record: SubmissionRecord) => Promise<SunatEndpoint>,
    private readonly publishVerdict: PublishVerdict,
    private readonly settings: AttemptSettings,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async execute(record: SubmissionRecord): Promise<void> {
    let endpoint: SunatEndpoint;
    try {
      endpoint = await this.endpointFor(record);
    } catch (error) {
      if (!(error instanceof SolCredentialsMissingError)) throw error;
      return this.retryLater(record, null, error.message, "sol_credentials_missing", false);
    }

    const pastDeadline = this.clock() >= new Date(record.deadline_at);
    if (record.state === "uncertain") {
      const query = await this.queryStatus(record, endpoint);
      if (query === "finished" || query === "retrying") return;
      if (query === "not-found") await this.save(record, { state: "queued" });
    }
    if (pastDeadline) return this.expire(record, endpoint);
    return this.send(record, endpoint);
  }

  private async send(record: SubmissionRecord, endpoint: SunatEndpoint): Promise<void> {
    const xml = await this.objects.get(record.xml_key);
    if (!xml) throw new Error(`signed XML ${record.xml_key} is missing`);
    // The stored bytes as they were signed; deflated fast (every document sent is zipped once, and SUNAT reads any
    // deflate level).
    const zip = await zipDocument(`${record.file_name}.zip`, xml.body, FAST_DEFLATE);
    // From here SUNAT may register the document even if we never hear back. Not durable: if a power cut loses
    // this mark, the next attempt sends again and SUNAT's "registered before" answer (1033) leads to the same
    // status query the mark would have; a process crash keeps it.
    await this.save(record, { state: "uncertain", attempts: record.attempts + 1 }, { durable: false });

    let answer: Awaited<ReturnType<BillServiceClient["sendBill"]>>;
    try {
      answer = await this.client.sendBill(
        endpoint.billUrl,
        { username: `${record.ruc}${endpoint.solUser}`, password: endpoint.solPassword },
        `${record.file_name}.zip`,
        zip,
      );
    } catch (error) {
      if (!(error instanceof SunatUnavailableError)) throw error;
      return this.retryLater(
        record,
        endpoint,
        error.message,
        error.problem,
        true,
        error.maybeProcessed ? "uncertain" : "queued",
      );
    }

    const result = interpretSendBill(answer);
    switch (result.kind) {
      case "verdict":
        return this.finish(record, endpoint, result);
      case "retry":
        // An exception means SUNAT did not process the file: a later send is safe.
        return this.retryLater(
          record,
          endpoint,
          `${result.code} ${result.reason}`.trim(),
          exceptionProblem(result.transient),
          result.transient,
          "queued",
        );
      case "registered-before": {
        this.logger.warn(
          { document: record._id, code: result.code },
          "SUNAT holds this document already; recovering",
        );
        const query = await this.queryStatus(record, endpoint);
        if (query === "finished" || query === "retrying") return;
        if (query === "not-found") {
          return this.retryLater(
            record,
            endpoint,
            `${result.code} but getStatusCdr finds nothing`,
            "sunat_busy",
            true,
            "uncertain",
          );
        }
        // No CDR can be fetched (receipts, or no consult service): the code itself is the verdict.
        return this.finish(record, endpoint, {
          outcome: result.code === "1032" ? "rejected" : "accepted",
          verdict: { code: result.code, description: result.reason, notes: [] },
          cdrZip: null,
        });
      }
    }
  }

  /** Asks SUNAT for the CDR it registered; finishes on a verdict, schedules a retry on an outage. */
  private async queryStatus(record: SubmissionRecord, endpoint: SunatEndpoint): Promise<QueryResult> {
    if (!endpoint.consultUrl || !canQueryStatus(record.type)) return "unsupported";
    await this.save(record, { status_queries: record.status_queries + 1 });
    let answer: Awaited<ReturnType<BillServiceClient["getStatusCdr"]>>;
    try {
      answer = await this.client.getStatusCdr(endpoint.consultUrl, {
        username: `${record.ruc}${endpoint.solUser}`,
        password: endpoint.solPassword,
        ruc: record.ruc,
        type: record.type,
        series: record.series,
        number: record.number,
      });
    } catch (error) {
      if (!(error instanceof SunatUnavailableError)) throw error;
      await this.retryLater(record, endpoint, `status query: ${error.message}`, error.problem, true);
      return "retrying";
    }
    const result = interpretStatusCdr(answer);
    if (result.kind === "verdict") {
      await this.finish(record, endpoint, result);
      return "finished";
    }
    if (result.kind === "not-found") return "not-found";
    await this.retryLater(
      record,
      endpoint,
      `status query: ${result.code} ${result.reason}`.trim(),
      exceptionProblem(result.transient),
      result.transient,
    );
    return "retrying";
  }

  /** Schedules the next pass on the backoff, or rejects the document when the deadline has come. */
  private async retryLater(
    record: SubmissionRecord,
    endpoint: SunatEndpoint | null,
    error: string,
    problem: SubmissionProblemCode,
    transient: boolean,
    state: SubmissionRecord["state"] = record.state,
  ): Promise<void> {
    const now = this.clock();
    const failures = record.failures + 1;
    const deadline = new Date(record.deadline_at);
    this.logger.warn(
      { document: record._id, error, failures, transient },
      "SUNAT gave no verdict; will retry",
    );
    if (now >= deadline) {
      Object.assign(record, { state, failures, last_error: error, last_problem: problem });
      return this.expire(record, endpoint);
    }
    const delay = retryDelayMs({ failures, transient, delaysMs: this.settings.retryDelaysMs });
    await this.save(record, {
      state,
      failures,
      last_error: error,
      last_problem: problem,
      next_attempt_at: nextAttemptAt(now, delay, deadline).toISOString(),
      lease_until: NO_LEASE,
    });
  }

  private expire(record: SubmissionRecord, endpoint: SunatEndpoint | null): Promise<void> {
    return expireSubmission(
      this.finishDeps(),
      record,
      endpoint?.simulated ?? false,
      (at) => `the sending deadline ${at}`,
    );
  }

  private finish(
    record: SubmissionRecord,
    endpoint: SunatEndpoint | null,
    result: FinalVerdict,
  ): Promise<void> {
    return finishSubmission(this.finishDeps(), record, endpoint?.simulated ?? false, result);
  }

  private save(
    record: SubmissionRecord,
    changes: Partial<SubmissionRecord>,
    options?: TransactionOptions,
  ): Promise<void> {
    return saveSubmission(this.finishDeps(), record, changes, options);
  }

  private finishDeps(): FinishDeps {
    const { store, objects, publishVerdict, logger, clock } = this;
    return { store, objects, publishVerdict, logger, clock };
  }
}
