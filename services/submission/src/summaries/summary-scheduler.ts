import type { Logger } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import type { SummaryBatcher } from "./summary-batcher.js";
import { type SummaryRecord, summariesCollection } from "./summary-records.js";
import type { SummaryWorker } from "./summary-worker.js";

export interface SummarySchedulerOptions {
  pollMs: number;
  leaseMs: number;
  maxInFlight: number;
}

/**
 * A store-driven loop, like the submission scheduler: every `pollMs` (or when woken) it batches waiting voids
 * into summaries, then claims due summaries with a lease (compare-and-set on `lease_until`) and runs one step of
 * each. Everything it knows is in the store, so a restart, or another replica, picks up where it stopped.
 */
export class SummaryScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;
  private stopped = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly batcher: SummaryBatcher,
    private readonly worker: SummaryWorker,
    private readonly options: SummarySchedulerOptions,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.wake();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.tick()
      .catch((error) => this.logger.error({ err: error }, "summary scheduler tick failed"))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  private async tick(): Promise<void> {
    await this.batcher.execute();
    const now = this.clock();
    const summaries = this.store.collection<SummaryRecord>(summariesCollection);
    const due = await summaries.find(
      { next_at: { $lte: now.toISOString() }, lease_until: { $lte: now.toISOString() } },
      { sort: [{ field: "next_at", direction: 1 }], limit: this.options.maxInFlight },
    );
    for (const summary of due) {
      if (this.inFlight.size >= this.options.maxInFlight || this.stopped) break;
      const claimed = await summaries.updateOne(
        { _id: summary._id, lease_until: summary.lease_until },
        { lease_until: new Date(now.getTime() + this.options.leaseMs).toISOString() },
      );
      if (!claimed) continue;
      const work: Promise<void> = this.worker
        .execute(claimed)
        .then(() => {
          // Release the lease so the next step runs at `next_at`, not after the lease.
          return summaries.updateOne({ _id: claimed._id }, { lease_until: this.clock().toISOString() });
        })
        .then(() => undefined)
        .catch((error) => this.logger.error({ err: error, summary: claimed._id }, "summary step crashed"))
        .finally(() => {
          this.inFlight.delete(work);
          if (!this.stopped) this.again = true;
        });
      this.inFlight.add(work);
    }
  }
}
