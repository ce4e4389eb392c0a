import type { ObjectStore } from "@einvoice/objects";
import type { Logger } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { FAST_DEFLATE, zipDocument } from "@einvoice/sunat";
import { type BillServiceClient, SunatUnavailableError } from "../adapters/bill-service-client.js";
import type { HeldSlots } from "../adapters/held-slots.js";
import type { SubmissionRecord } from "../adapters/submission-repository.js";
import type { SunatEndpoint } from "../adapters/sunat-endpoints.js";
import { interpretSendBill, interpretStatusCdr } from "../domain/interpret-response.js";
import { canQueryStatus } from "../domain/status-query.js";
import { exceptionProblem } from "../domain/submission-problem.js";
import type { PublishVerdict } from "./publish-verdict.js";
import { SubmissionSteps } from "./submission-steps.js";

export interface AttemptSettings {
  /** Backoff between failed tries, in milliseconds; the last value repeats. */
  retryDelaysMs: readonly number[];
  /** The scheduler's held slots, released by the write that ends an attempt. */
  heldSlots?: HeldSlots;
}

type QueryResult = "finished" | "not-found" | "retrying" | "unsupported";

/**
 * One scheduler pass over a claimed submission. Never resends blindly: when a previous send may have reached
 * SUNAT (`uncertain`) it first asks billConsultService for the registered CDR, and a 1033/1032 answer to a send
 * is resolved the same way. Every step is saved before the next call, so a crash at any point resumes safely.
 * Past the deadline an unanswered document is rejected.
 */
export class AttemptSubmission {
  private readonly steps: SubmissionSteps;

  constructor(
    store: Store,
    private readonly objects: ObjectStore,
    private readonly client: BillServiceClient,
    private readonly endpointFor: (record: SubmissionRecord) => Promise<SunatEndpoint>,
    publishVerdict: PublishVerdict,
    settings: AttemptSettings,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.steps = new SubmissionSteps(
      { store, objects, publishVerdict, logger, clock, heldSlots: settings.heldSlots },
      {
        retryDelaysMs: settings.retryDelaysMs,
        describeDeadline: (at) => `the sending deadline ${at}`,
        retryWarning: "SUNAT gave no verdict; will retry",
      },
    );
  }

  async execute(record: SubmissionRecord): Promise<void> {
    const endpoint = await this.steps.endpoint(record, this.endpointFor);
    if (!endpoint) return;

    const pastDeadline = this.clock() >= new Date(record.deadline_at);
    if (record.state === "uncertain") {
      const query = await this.queryStatus(record, endpoint);
      if (query === "finished" || query === "retrying") return;
      if (query === "not-found") await this.steps.save(record, { state: "queued" });
    }
    if (pastDeadline) return this.steps.expire(record, endpoint);
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
    await this.steps.save(record, { state: "uncertain", attempts: record.attempts + 1 }, { durable: false });

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
      return this.steps.retryLater(record, endpoint, {
        error: error.message,
        problem: error.problem,
        transient: true,
        state: error.maybeProcessed ? "uncertain" : "queued",
      });
    }

    const result = interpretSendBill(answer);
    switch (result.kind) {
      case "verdict":
        return this.steps.finish(record, endpoint, result);
      case "retry":
        // An exception means SUNAT did not process the file: a later send is safe.
        return this.steps.retryLater(record, endpoint, {
          error: `${result.code} ${result.reason}`.trim(),
          problem: exceptionProblem(result.transient),
          transient: result.transient,
          state: "queued",
        });
      case "registered-before": {
        this.logger.warn(
          { document: record._id, code: result.code },
          "SUNAT holds this document already; recovering",
        );
        const query = await this.queryStatus(record, endpoint);
        if (query === "finished" || query === "retrying") return;
        if (query === "not-found") {
          return this.steps.retryLater(record, endpoint, {
            error: `${result.code} but getStatusCdr finds nothing`,
            problem: "sunat_busy",
            transient: true,
            state: "uncertain",
          });
        }
        // No CDR can be fetched (receipts, or no consult service): the code itself is the verdict.
        return this.steps.finish(record, endpoint, {
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
    await this.steps.save(record, { status_queries: record.status_queries + 1 });
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
      await this.steps.retryLater(record, endpoint, {
        error: `status query: ${error.message}`,
        problem: error.problem,
        transient: true,
      });
      return "retrying";
    }
    const result = interpretStatusCdr(answer);
    if (result.kind === "verdict") {
      await this.steps.finish(record, endpoint, result);
      return "finished";
    }
    if (result.kind === "not-found") return "not-found";
    await this.steps.retryLater(record, endpoint, {
      error: `status query: ${result.code} ${result.reason}`.trim(),
      problem: exceptionProblem(result.transient),
      transient: result.transient,
    });
    return "retrying";
  }
}
