import type { ObjectStore } from "@einvoice/objects";
import type { Logger } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { classifyResponseCode, FAST_DEFLATE, isTransientException, zipDocument } from "@einvoice/sunat";
import { SunatUnavailableError } from "../adapters/bill-service-client.js";
import type { HeldSlots } from "../adapters/held-slots.js";
import { NO_LEASE, type SubmissionRecord } from "../adapters/submission-repository.js";
import { interpretCdr } from "../domain/interpret-response.js";
import { exceptionProblem } from "../domain/submission-problem.js";
import type { PublishVerdict } from "../usecases/publish-verdict.js";
import { SubmissionSteps } from "../usecases/submission-steps.js";
import { type GreClient, GreRequestError, type GreStatus } from "./gre-client.js";
import type { GreEndpoint } from "./gre-endpoints.js";
import { ticketPollDelayMs } from "./gre-poll-delay.js";
import type { GreTokenCache } from "./gre-token-cache.js";

export interface GreAttemptSettings {
  retryDelaysMs: readonly number[];
  /** First and longest delay between ticket polls, in milliseconds. */
  pollFirstMs: number;
  pollMaxMs: number;
  /** The scheduler's held slots, released by the write that ends an attempt. */
  heldSlots?: HeldSlots;
}

/** SUNAT already registered this guide (the resend after a lost send reply): 1033, or 2223 file presented. */
const REGISTERED_BEFORE = new Set(["1033", "2223"]);

/**
 * One scheduler pass over a claimed guide (09, 31), over SUNAT's GRE REST API: a cached OAuth2 token, the send
 * (zip base64 + SHA-256) answered with a ticket, then ticket polls with backoff until SUNAT's final answer.
 * Every step is saved before the next call. Token refusals, expired tokens, outages and 5xx are transient; SUNAT's
 * rejection codes (2000–3999) are verdicts. A send whose reply was lost is sent again: SUNAT registers a guide
 * once and answers the second ticket with 1033, which this pass records as the verdict without a CDR.
 */
export class AttemptGreSubmission {
  private readonly steps: SubmissionSteps;

  constructor(
    store: Store,
    private readonly objects: ObjectStore,
    private readonly client: GreClient,
    private readonly endpointFor: (record: SubmissionRecord) => Promise<GreEndpoint>,
    private readonly tokens: GreTokenCache,
    publishVerdict: PublishVerdict,
    private readonly settings: GreAttemptSettings,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.steps = new SubmissionSteps(
      { store, objects, publishVerdict, logger, clock, heldSlots: settings.heldSlots },
      {
        retryDelaysMs: settings.retryDelaysMs,
        describeDeadline: (at) => `the guide's sending deadline ${at} (the day after its issue date)`,
        retryWarning: "SUNAT GRE gave no verdict; will retry",
      },
    );
  }

  async execute(record: SubmissionRecord): Promise<void> {
    const endpoint = await this.steps.endpoint(record, this.endpointFor);
    if (!endpoint) return;
    // A guide SUNAT took in time keeps being polled past the deadline: its ticket will be answered.
    if (record.ticket) return this.poll(record, endpoint, record.ticket);
    if (this.clock() >= new Date(record.deadline_at)) return this.steps.expire(record, endpoint);
    return this.send(record, endpoint);
  }

  private async send(record: SubmissionRecord, endpoint: GreEndpoint): Promise<void> {
    const xml = await this.objects.get(record.xml_key);
    if (!xml) throw new Error(`signed XML ${record.xml_key} is missing`);
    // The stored bytes as they were signed, deflated fast (as for billService).
    const zip = await zipDocument(`${record.file_name}.zip`, xml.body, FAST_DEFLATE);
    const token = await this.token(record, endpoint);
    if (!token) return;
    // From here SUNAT may register the guide even if we never hear back.
    await this.steps.save(record, { state: "uncertain", attempts: record.attempts + 1 });
    let ticket: string;
    try {
      ({ ticket } = await this.client.send(endpoint.cpeUrl, token, record.file_name, zip));
    } catch (error) {
      return this.refused(record, endpoint, error, "send", (e) =>
        e.maybeProcessed ? "uncertain" : "queued",
      );
    }
    const now = this.clock();
    await this.steps.saveEnding(record, {
      ticket,
      ticket_polls: 0,
      failures: 0,
      last_error: null,
      next_attempt_at: new Date(now.getTime() + this.settings.pollFirstMs).toISOString(),
      lease_until: NO_LEASE,
    });
  }

  private async poll(record: SubmissionRecord, endpoint: GreEndpoint, ticket: string): Promise<void> {
    const token = await this.token(record, endpoint);
    if (!token) return;
    await this.steps.save(record, { status_queries: record.status_queries + 1 });
    let status: GreStatus;
    try {
      status = await this.client.status(endpoint.cpeUrl, token, ticket);
    } catch (error) {
      return this.refused(record, endpoint, error, "ticket status", () => record.state);
    }
    if (status.code === "98") {
      const polls = (record.ticket_polls ?? 0) + 1;
      const delay = ticketPollDelayMs(polls, this.settings.pollFirstMs, this.settings.pollMaxMs);
      await this.steps.saveEnding(record, {
        ticket_polls: polls,
        failures: 0,
        next_attempt_at: new Date(this.clock().getTime() + delay).toISOString(),
        lease_until: NO_LEASE,
      });
      return;
    }
    if (status.cdrZip) {
      const result = interpretCdr(status.cdrZip);
      if (result.kind === "verdict") return this.steps.finish(record, endpoint, result);
      const transient = result.kind === "retry" ? result.transient : false;
      return this.ticketFailed(record, endpoint, result.code, result.reason, transient);
    }
    const code = status.errorCode ?? "";
    const reason = status.errorDescription ?? "";
    if (status.code === "0") {
      return this.steps.finish(record, endpoint, {
        outcome: "accepted",
        verdict: { code: "0", description: reason, notes: [] },
        cdrZip: null,
      });
    }
    if (REGISTERED_BEFORE.has(code)) {
      this.logger.warn(
        { document: record._id, code },
        "SUNAT registered this guide before (lost send reply)",
      );
      return this.steps.finish(record, endpoint, {
        outcome: "accepted",
        verdict: { code, description: reason, notes: [] },
        cdrZip: null,
      });
    }
    if (classifyResponseCode(code) === "rejected") {
      return this.steps.finish(record, endpoint, {
        outcome: "rejected",
        verdict: { code, description: reason, notes: [] },
        cdrZip: null,
      });
    }
    return this.ticketFailed(record, endpoint, code, reason, isTransientException(code));
  }

  /** The ticket ended in an exception: SUNAT did not process the guide, so a new send is safe. */
  private ticketFailed(
    record: SubmissionRecord,
    endpoint: GreEndpoint,
    code: string,
    reason: string,
    transient: boolean,
  ) {
    Object.assign(record, { ticket: null, ticket_polls: 0 });
    return this.steps.retryLater(record, endpoint, {
      error: `ticket: ${code} ${reason}`.trim(),
      problem: exceptionProblem(transient),
      transient,
      state: "queued",
    });
  }

  /** A cached token, or a new one stored for every replica; null when the token call failed (retry scheduled). */
  private async token(record: SubmissionRecord, endpoint: GreEndpoint): Promise<string | null> {
    const now = this.clock();
    const cached = await this.tokens.fresh(record, endpoint.clientId, now);
    if (cached) return cached;
    try {
      const token = await this.client.token(endpoint.securityUrl, endpoint);
      await this.tokens.save(record, endpoint.clientId, token, now);
      return token.accessToken;
    } catch (error) {
      await this.refused(record, endpoint, error, "token", () => record.state);
      return null;
    }
  }

  /** Outages and token refusals are transient; other refusals of the request are SUNAT's codes. */
  private async refused(
    record: SubmissionRecord,
    endpoint: GreEndpoint,
    error: unknown,
    call: string,
    stateAfterOutage: (e: SunatUnavailableError) => SubmissionRecord["state"],
  ): Promise<void> {
    if (error instanceof SunatUnavailableError) {
      return this.steps.retryLater(record, endpoint, {
        error: `${call}: ${error.message}`,
        problem: error.problem,
        transient: true,
        state: stateAfterOutage(error),
      });
    }
    if (!(error instanceof GreRequestError)) throw error;
    if (error.status === 401 || error.status === 403 || call === "token") {
      await this.tokens.drop(record, endpoint.clientId);
      // A refused token surely sent nothing; a send refused for its token was not processed either.
      // SUNAT refused the client_id/secret (or the token they gave).
      return this.steps.retryLater(record, endpoint, {
        error: `${call}: ${error.message}`,
        problem: "sunat_refused_send",
        transient: true,
        state: call === "ticket status" ? record.state : "queued",
      });
    }
    if (call === "send" && classifyResponseCode(error.code) === "rejected") {
      return this.steps.finish(record, endpoint, {
        outcome: "rejected",
        verdict: { code: error.code, description: error.message.replace(/^\S+\s/, ""), notes: [] },
        cdrZip: null,
      });
    }
    if (call === "ticket status" && (error.code === "0127" || error.status === 404)) {
      // SUNAT does not know the ticket: the send was not kept, so send again.
      Object.assign(record, { ticket: null, ticket_polls: 0 });
      return this.steps.retryLater(record, endpoint, {
        error: `${call}: ${error.message}`,
        problem: "sunat_busy",
        transient: true,
        state: "queued",
      });
    }
    const transient = isTransientException(error.code);
    return this.steps.retryLater(record, endpoint, {
      error: `${call}: ${error.message}`,
      problem: exceptionProblem(transient),
      transient,
      state: call === "send" ? "queued" : record.state,
    });
  }
}
