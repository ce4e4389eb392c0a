import type { Payload, subjects } from "@einvoice/broker";
import { isDespatchAdviceType } from "@einvoice/domain";
import { currentTraceCarrier } from "@einvoice/platform";
import { DuplicateKeyError, type Store } from "@einvoice/store";
import {
  NO_LEASE,
  NOT_YET_SENT,
  type SubmissionRecord,
  SubmissionRepository,
} from "../adapters/submission-repository.js";
import { sendingWindowDays, submissionDeadline } from "../domain/submission-deadline.js";
import { greDeadline } from "../gre/gre-deadline.js";

type Signed = Payload<typeof subjects.documentSigned>;

/**
 * Turns a signed document into a durable submission work item (the JetStream message is acked once it is
 * stored); the scheduler does the sending. A redelivered message finds the item already there.
 */
export class QueueSubmission {
  constructor(
    private readonly store: Store,
    private readonly settings: {
      /** Deadline measured from queueing, in milliseconds; 0 = SUNAT's sending window. */
      deadlineMs: number;
    },
    private readonly onQueued: () => void,
    private readonly clock: () => Date = () => new Date(),
    /**
     * Stores the record already claimed and starts it when there is room (the scheduler's `admit`); false when it
     * stored nothing, and the record is then queued for a later pass.
     */
    private readonly admit: (record: SubmissionRecord) => Promise<boolean> = async () => false,
  ) {}

  async execute(signed: Signed): Promise<void> {
    const now = this.clock();
    const record: SubmissionRecord = {
      _id: signed.documentId,
      company_id: signed.companyId,
      livemode: signed.livemode,
      ruc: signed.ruc,
      type: signed.type,
      series: signed.series,
      number: signed.number,
      issue_date: signed.issueDate,
      file_name: signed.fileName,
      xml_key: signed.xmlKey,
      hash: signed.hash,
      ...NOT_YET_SENT,
      next_attempt_at: now.toISOString(),
      deadline_at: (isDespatchAdviceType(signed.type) && !(this.settings.deadlineMs > 0)
        ? greDeadline(signed.issueDate)
        : submissionDeadline({
            issueDate: signed.issueDate,
            queuedAt: now,
            overrideMs: this.settings.deadlineMs,
            windowDays: sendingWindowDays(signed.type, signed.series),
          })
      ).toISOString(),
      lease_until: NO_LEASE,
      trace: currentTraceCarrier(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    if (await this.admit(record)) return;
    try {
      await new SubmissionRepository(this.store).insert(record);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    this.onQueued();
  }
}
