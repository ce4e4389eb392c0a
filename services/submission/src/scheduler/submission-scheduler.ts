import { type Logger, SpanKind, withSpan, withTraceCarrier } from "@einvoice/platform";
import { DuplicateKeyError, type Store } from "@einvoice/store";
import { HeldSlots } from "../adapters/held-slots.js";
import { RucSlots, releaseRucSlot } from "../adapters/ruc-slots.js";
import { NO_LEASE, type SubmissionRecord, SubmissionRepository } from "../adapters/submission-repository.js";
import { nextAttemptAt } from "../domain/retry-schedule.js";

/** One pass over a claimed record (billService, or the GRE REST API for guides). */
interface Attempt {
  execute(record: SubmissionRecord): Promise<void>;
}

import type { PublishVerdict } from "../usecases/publish-verdict.js";

/** Another replica claimed the record first: the transaction that took a slot for it rolls back. */
class NotClaimed extends Error {}

export interface SchedulerSettings {
  /** Pause between scans for due work when nothing wakes the scheduler, in milliseconds. */
  pollMs: number;
  /** How long a claim keeps other replicas off a record, in milliseconds; renewed while the attempt runs. */
  leaseMs: number;
  /** Attempts running at once in this replica. */
  maxInFlight: number;
  /** Attempts running at once per issuer RUC across all replicas (SUNAT answers bursts with 0111 "Rejected by policy"). */
  maxPerRuc: number;
  /** On shutdown, how long to let running attempts finish before abandoning them, in milliseconds. */
  drainMs: number;
}

/**
 * Drives every submission from the store, not from JetStream redeliveries: the store holds the deadline, the
 * backoff and whether SUNAT may already have a copy, so a restart (or another replica, once a lease lapses)
 * continues exactly where the last one stopped.
 */
export class SubmissionScheduler {
  private readonly running = new Map<string, { record: SubmissionRecord; done: Promise<void> }>();
  /** Admissions between their room check and their start: counted as running so none overfills the replica. */
  private admitting = 0;
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private wakeAgain = false;
  private stopped = false;
  /**
   * Whether the store may hold due records this replica did not start: set when a record was queued without being
   * admitted, and when a pass left due records behind (no room, a RUC at its cap, a lost claim, a full page). Only
   * then does a finished attempt start a pass; the poll (`pollMs`) covers the rest (retries coming due, another
   * replica's records, verdicts whose publish failed). Most documents are admitted as they are queued, so a pass
   * after each of their attempts would scan for nothing.
   */
  private backlog = true;
  /** When a pass last looked for unpublished verdicts (`performance.now()`). */
  private lastPublishScan = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: Store,
    private readonly attempt: Attempt,
    private readonly publishVerdict: PublishVerdict,
    private readonly settings: SchedulerSettings,
    private readonly logger: Logger,
    /** Shared with the attempts, whose ending write releases the slot (see HeldSlots). */
    private readonly heldSlots: HeldSlots = new HeldSlots(),
    private readonly clock: () => Date = () => new Date(),
  ) {}

  start(): void {
    this.wake();
  }

  /** Scan now: new work was queued without being admitted. */
  wake(): void {
    this.backlog = true;
    this.pass();
  }

  private pass(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.wakeAgain = true;
      return;
    }
    this.scheduleTick(0);
  }

  /**
   * Stores a record being queued already claimed by this replica, with a slot of its RUC, in one transaction, and
   * starts it: no scan, no second write and no second commit between the signed document and its send. Returns
   * false having stored nothing when this replica is full, the RUC at its cap, or the record there already (a
   * redelivery); the caller then stores it for a later pass as before. A crash after the commit leaves a claimed
   * record, taken again once its lease lapses, like any claim.
   */
  async admit(record: SubmissionRecord): Promise<boolean> {
    if (this.stopped || this.running.size + this.admitting >= this.settings.maxInFlight) return false;
    this.admitting++;
    try {
      const now = this.clock();
      const leaseUntil = new Date(now.getTime() + this.settings.leaseMs).toISOString();
      const claimed: SubmissionRecord = { ...record, lease_until: leaseUntil };
      const slot = await this.store
        .transaction(async (tx) => {
          const taken = await new RucSlots(tx, this.settings.maxPerRuc).acquire(
            record.ruc,
            record._id,
            now,
            leaseUntil,
          );
          if (taken) await new SubmissionRepository(tx).insert(claimed);
          return taken;
        })
        .catch((error) => {
          if (error instanceof DuplicateKeyError) return null;
          throw error;
        });
      if (!slot) return false;
      if (this.stopped) {
        // Shut down meanwhile: leave it to whoever runs next, at once rather than after the lease.
        await new SubmissionRepository(this.store).renew(claimed, NO_LEASE).catch(() => undefined);
        await releaseRucSlot(this.store, slot, record._id).catch(() => undefined);
        return true;
      }
      this.run(claimed, slot);
      return true;
    } finally {
      this.admitting--;
    }
  }

  get inFlight(): number {
    return this.running.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const attempts = [...this.running.values()];
    const drained = Promise.allSettled(attempts.map((a) => a.done));
    const timeout = new Promise<"timeout">((r) =>
      setTimeout(() => r("timeout"), this.settings.drainMs).unref(),
    );
    if ((await Promise.race([drained, timeout])) !== "timeout") return;
    // Each abandoned record was saved as `uncertain` before its call, so whoever takes it next asks SUNAT
    // first; releasing the lease lets that happen at once instead of after the lease lapses.
    const repository = new SubmissionRepository(this.store);
    for (const { record } of this.running.values()) {
      this.logger.warn({ document: record._id }, "abandoning a running submission at shutdown");
      await repository.renew(record, NO_LEASE).catch(() => undefined);
      const slot = this.heldSlots.take(record._id);
      if (slot !== undefined) await releaseRucSlot(this.store, slot, record._id).catch(() => undefined);
    }
  }

  private scheduleTick(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    this.ticking = true;
    try {
      await this.publishPending();
      await this.startDue();
    } catch (error) {
      this.logger.error({ err: error }, "submission scheduler pass failed");
    } finally {
      this.ticking = false;
      if (!this.stopped) this.scheduleTick(this.wakeAgain ? 0 : this.settings.pollMs);
      this.wakeAgain = false;
    }
  }

  /**
   * Publishes verdicts stored but not published (the process died, or JetStream failed, in between). At most once
   * per `pollMs`: such verdicts are rare, and passes come as often as documents finish when work is queued.
   */
  private async publishPending(): Promise<void> {
    const now = performance.now();
    // A millisecond's slack: a poll timer may fire a fraction early by this clock, which would skip every other poll.
    if (now - this.lastPublishScan < this.settings.pollMs - 1) return;
    this.lastPublishScan = now;
    for (const record of await new SubmissionRepository(this.store).unpublished(50)) {
      await this.publishVerdict.execute(record);
    }
  }

  private async startDue(): Promise<void> {
    const free = this.settings.maxInFlight - this.running.size - this.admitting;
    if (free <= 0) return;
    // Cleared before the query, so a record queued while it runs sets it again.
    this.backlog = false;
    const now = this.clock();
    const leaseUntil = new Date(now.getTime() + this.settings.leaseMs).toISOString();
    // Records claimed here or by another replica are left out by the query; the over-fetch covers records of
    // RUCs at their cap, skipped below.
    const byRuc = new Map<string, SubmissionRecord[]>();
    const page = free + 20;
    const due = await new SubmissionRepository(this.store).due(now, page);
    let candidates = 0;
    let started = 0;
    for (const record of due) {
      if (this.running.has(record._id)) continue;
      byRuc.set(record.ruc, [...(byRuc.get(record.ruc) ?? []), record]);
      candidates++;
    }
    // One chain per RUC, the chains side by side: their claims reach the store together (one group commit)
    // instead of one commit after another. Within a RUC, records go in due order until its cap.
    let budget = free;
    await Promise.all(
      [...byRuc.values()].map(async (records) => {
        for (const record of records) {
          if (budget <= 0) return;
          budget--; // taken before the awaits, so side-by-side chains never start more than `free`
          const claim = await this.claim(record, now, leaseUntil).catch((error) => {
            // A replica racing for the same slot on MongoDB: this record waits for the next pass.
            this.logger.warn({ err: error, document: record._id }, "claim failed");
            return "not-claimed" as const;
          });
          if (claim === "at-cap") {
            budget++;
            return;
          }
          if (claim === "not-claimed") budget++;
          else {
            this.run(claim.record, claim.slot);
            started++;
          }
        }
      }),
    );
    // Due records left behind (no room, a RUC at its cap, a lost claim, a full page): a finished attempt looks again.
    if (started < candidates || due.length === page) this.backlog = true;
  }

  /**
   * Takes one of the RUC's slots and the record's lease in one transaction (one store write instead of two, and
   * never a slot held for a record another replica claimed first).
   */
  private async claim(
    record: SubmissionRecord,
    now: Date,
    leaseUntil: string,
  ): Promise<{ record: SubmissionRecord; slot: string } | "at-cap" | "not-claimed"> {
    return this.store
      .transaction(async (tx) => {
        const slot = await new RucSlots(tx, this.settings.maxPerRuc).acquire(
          record.ruc,
          record._id,
          now,
          leaseUntil,
        );
        if (!slot) return "at-cap" as const;
        const claimed = await new SubmissionRepository(tx).claim(record, now, this.settings.leaseMs);
        // Rolls the slot back with the transaction.
        if (!claimed) throw new NotClaimed();
        return { record: claimed, slot };
      })
      .catch((error) => {
        if (error instanceof NotClaimed) return "not-claimed" as const;
        throw error;
      });
  }

  private run(record: SubmissionRecord, slot: string): void {
    this.heldSlots.hold(record._id, slot);
    const repository = new SubmissionRepository(this.store);
    const slots = new RucSlots(this.store, this.settings.maxPerRuc);
    const renewal = setInterval(
      () => {
        const until = new Date(this.clock().getTime() + this.settings.leaseMs).toISOString();
        Promise.all([repository.extendLease(record, until), slots.renew(slot, record._id, until)]).catch(
          (err) => this.logger.warn({ err }, "lease renewal failed"),
        );
      },
      Math.max(100, Math.floor(this.settings.leaseMs / 3)),
    );
    const done = withTraceCarrier(record.trace, () =>
      withSpan(
        "submission",
        "submission.attempt",
        {
          kind: SpanKind.CLIENT,
          attributes: { "document.id": record._id, "submission.state": record.state },
        },
        () => this.attempt.execute(record),
      ),
    )
      .catch((error) => {
        // A bug or a missing file, not SUNAT: back off like a permanent failure so it is not hammered.
        this.logger.error({ err: error, document: record._id }, "submission attempt failed");
        return this.releaseAfterError(record, error);
      })
      .finally(async () => {
        clearInterval(renewal);
        // Most attempts end in a write that released the slot with it; this releases what none did. Not durable:
        // a release lost in a power cut leaves the slot taken until its lease lapses, as a crashed replica's
        // would, and no attempt waits for a disk sync of its own to free its slot.
        const unreleased = this.heldSlots.take(record._id);
        if (unreleased !== undefined)
          await this.store
            .transaction((tx) => releaseRucSlot(tx, unreleased, record._id), { durable: false })
            .catch((err) => this.logger.warn({ err }, "slot release failed"));
        this.running.delete(record._id);
        if (this.backlog) this.pass();
      });
    this.running.set(record._id, { record, done });
  }

  private async releaseAfterError(record: SubmissionRecord, error: unknown): Promise<void> {
    const retryAt = nextAttemptAt(this.clock(), this.settings.leaseMs, new Date(record.deadline_at));
    Object.assign(record, {
      last_error: (error as Error).message,
      last_problem: "submission_error",
      next_attempt_at: retryAt.toISOString(),
      lease_until: NO_LEASE,
    });
    await new SubmissionRepository(this.store).save(record).catch(() => undefined);
  }
}
