import type { StatusDetails, SunatVerdict, VerdictOutcome } from "@einvoice/domain";
import type { Collection, CollectionSpec, TransactionScope } from "@einvoice/store";
import type { SubmissionProblemCode } from "../domain/submission-problem.js";

/**
 * One document's journey through SUNAT, and the durable work item of the submission scheduler. Written before
 * each call and after each answer, so a restart knows whether SUNAT may already hold the document.
 *
 * States: `queued` — SUNAT has surely not registered it (never sent, or it answered with an exception), so a
 * send is safe; `uncertain` — a send may have reached SUNAT (in flight, lost reply, timeout, 1033), so the next
 * step asks SUNAT before anything else; `done` — the verdict (or the deadline's rejection) is final.
 */
export type SubmissionState = "queued" | "uncertain" | "done";

export interface SubmissionRecord {
  /** The document id. */
  _id: string;
  /** W3C trace context of the delivery that queued it: attempts and the verdict continue the document's trace. */
  trace?: Record<string, string>;
  company_id: string;
  livemode: boolean;
  ruc: string;
  type: string;
  series: string;
  number: number;
  issue_date: string;
  /** `RUC-TT-SERIE-NUMERO`, without extension. */
  file_name: string;
  xml_key: string;
  /** ds:DigestValue of the signed XML, passed on with the verdict; absent on records of older versions. */
  hash?: string;
  state: SubmissionState;
  /** sendBill calls made. */
  attempts: number;
  /** getStatusCdr calls made. */
  status_queries: number;
  /** Failed tries (sends or queries) since the last success; drives the backoff. */
  failures: number;
  /** ISO time the scheduler may next work on it. */
  next_attempt_at: string;
  /** ISO time after which an unanswered document is rejected. */
  deadline_at: string;
  /** ISO time until which one replica owns the record; the epoch when nobody does. */
  lease_until: string;
  last_error: string | null;
  /** `last_error` in the caller's words; absent on records of older versions and of guides (GRE). */
  last_problem?: SubmissionProblemCode | null;
  outcome: VerdictOutcome | null;
  sunat: SunatVerdict | null;
  status_details: StatusDetails | null;
  cdr_key: string | null;
  /** Whether the verdict reached JetStream; the scheduler republishes until it has. */
  verdict_published: boolean;
  /** Guides (GRE REST): SUNAT's ticket once the send was answered; absent/null before. */
  ticket?: string | null;
  /** Guides: ticket polls answered 98 (in process) so far; drives the poll backoff. */
  ticket_polls?: number;
  created_at: string;
  updated_at: string;
}

export const NO_LEASE = new Date(0).toISOString();

/** What a submission holds before its first send: queued, never tried, no answer, no CDR, no verdict to publish. */
export const NOT_YET_SENT = {
  state: "queued",
  attempts: 0,
  status_queries: 0,
  failures: 0,
  last_error: null,
  outcome: null,
  sunat: null,
  status_details: null,
  cdr_key: null,
  verdict_published: false,
} as const satisfies Partial<SubmissionRecord>;

/** States the scheduler works on. */
const DUE_STATES: readonly SubmissionState[] = ["queued", "uncertain"];

/** The store's order for strings (code units; ISO times and ids are ASCII). */
const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const submissionsCollection: CollectionSpec = {
  name: "submissions",
  // Only what the scheduler queries: a record is read by id, or among the due or the unpublished.
  indexes: [{ fields: ["state", "next_attempt_at"] }, { fields: ["verdict_published", "state"] }],
};

export class SubmissionRepository {
  private readonly submissions: Collection<SubmissionRecord>;

  constructor(scope: TransactionScope) {
    this.submissions = scope.collection<SubmissionRecord>(submissionsCollection);
  }

  find(companyId: string, livemode: boolean, documentId: string): Promise<SubmissionRecord | null> {
    return this.submissions.findOne({ _id: documentId, company_id: companyId, livemode });
  }

  /** Throws DuplicateKeyError when the document was queued before (a redelivered message). */
  insert(record: SubmissionRecord): Promise<void> {
    return this.submissions.insertOne(record);
  }

  /**
   * Work the scheduler may start now, across companies (it serves every tenant), oldest first: due, and not
   * claimed by anyone (records in progress here or in another replica hold a lease, and would only be read to be
   * skipped).
   *
   * One query per state, merged here: with `state IN (queued, uncertain)` SQLite reads and sorts every due record
   * of both states before the limit applies (on every scheduler pass, however many are queued), while one state
   * walks its (state, next_attempt_at) index in order and stops at the limit.
   */
  async due(now: Date, limit: number): Promise<SubmissionRecord[]> {
    const at = now.toISOString();
    const byState = await Promise.all(
      DUE_STATES.map((state) =>
        this.submissions.find(
          { state, next_attempt_at: { $lte: at }, lease_until: { $lte: at } },
          { sort: [{ field: "next_attempt_at", direction: 1 }], limit },
        ),
      ),
    );
    return byState
      .flat()
      .sort((a, b) => compareStrings(a.next_attempt_at, b.next_attempt_at) || compareStrings(a._id, b._id))
      .slice(0, limit);
  }

  /** Final verdicts not yet on JetStream (the process died between storing and publishing). */
  unpublished(limit: number): Promise<SubmissionRecord[]> {
    return this.submissions.find({ state: "done", verdict_published: false }, { limit });
  }

  /** Takes the record for `leaseMs` unless another replica holds it. Returns the claimed record or null. */
  claim(record: SubmissionRecord, now: Date, leaseMs: number): Promise<SubmissionRecord | null> {
    return this.submissions.updateOne(
      {
        _id: record._id,
        company_id: record.company_id,
        livemode: record.livemode,
        state: record.state,
        lease_until: { $lte: now.toISOString() },
      },
      { lease_until: new Date(now.getTime() + leaseMs).toISOString() },
    );
  }

  /**
   * Extends a claim that is still held. A claim the attempt already released (NO_LEASE, when it scheduled its
   * next try) stays released, so a renewal racing the attempt's last save cannot hold the record back.
   */
  async extendLease(record: SubmissionRecord, leaseUntil: string): Promise<void> {
    const updated = await this.submissions.updateOne(
      {
        _id: record._id,
        company_id: record.company_id,
        livemode: record.livemode,
        lease_until: { $ne: NO_LEASE },
      },
      { lease_until: leaseUntil },
    );
    if (updated && record.lease_until !== NO_LEASE) record.lease_until = leaseUntil;
  }

  /** Sets (or, with NO_LEASE, releases) this replica's claim; the in-memory record follows. */
  async renew(record: SubmissionRecord, leaseUntil: string): Promise<void> {
    record.lease_until = leaseUntil;
    await this.submissions.updateOne(
      { _id: record._id, company_id: record.company_id, livemode: record.livemode },
      { lease_until: leaseUntil },
    );
  }

  /** Saves progress of a claimed record. */
  async save(record: SubmissionRecord): Promise<void> {
    await this.submissions.upsert(record);
  }

  markPublished(record: SubmissionRecord): Promise<SubmissionRecord | null> {
    return this.submissions.updateOne(
      { _id: record._id, company_id: record.company_id, livemode: record.livemode },
      { verdict_published: true },
    );
  }
}
