import { summaryFileName, summaryId } from "@einvoice/domain";
import { todayInLima } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { readyBatches } from "./summary-plan.js";
import {
  type SummaryRecord,
  summariesCollection,
  type VoidItemRecord,
  voidItemsCollection,
} from "./summary-records.js";

/** The correlative counter of a RUC, mode, kind and day: `summary:<test|live>:<RUC>:<RA|RC>:<YYYYMMDD>`. */
export function summaryCounterKey(livemode: boolean, ruc: string, kind: string, day: string): string {
  return `summary:${livemode ? "live" : "test"}:${ruc}:${kind}:${day.replaceAll("-", "")}`;
}

export interface BatcherOptions {
  /** Voids of one group requested within this many milliseconds of the first travel in one summary. */
  windowMs: number;
  /** Lines per summary at most. */
  maxLines: number;
  /** From the summary's creation, how long SUNAT may take before its voids fail (`void_deadline_exceeded`). */
  deadlineMs: number;
}

/** A claim whose compare-and-set lost: another replica batched one of the items. */
class BatchRaceError extends Error {}

/**
 * Turns waiting voids into summaries. Each summary is created in one transaction with its correlative (a store
 * counter, which rolls back with the transaction) and the compare-and-set of each item from waiting to batched:
 * a correlative is never skipped or repeated, and an item never lands in two summaries, whatever the replicas do.
 */
export class SummaryBatcher {
  constructor(
    private readonly store: Store,
    private readonly options: BatcherOptions,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Batches what is ready; returns how many summaries were created. */
  async execute(): Promise<number> {
    const waiting = await this.store
      .collection<VoidItemRecord>(voidItemsCollection)
      .find({ state: "waiting" }, { sort: [{ field: "received_at", direction: 1 }], limit: 5_000 });
    const now = this.clock();
    let created = 0;
    for (const batch of readyBatches(waiting, now, this.options.windowMs, this.options.maxLines)) {
      try {
        await this.create(batch, now);
        created++;
      } catch (error) {
        if (!(error instanceof BatchRaceError)) throw error;
      }
    }
    return created;
  }

  private async create(batch: VoidItemRecord[], now: Date): Promise<void> {
    const first = batch[0]!;
    const day = todayInLima(now);
    await this.store.transaction(async (tx) => {
      const number = await tx.counters.increment(
        summaryCounterKey(first.livemode, first.ruc, first.kind, day),
      );
      const id = summaryId(first.kind, day, number);
      const recordId = `${first.livemode ? "live" : "test"}:${first.ruc}-${id}`;
      const items = tx.collection<VoidItemRecord>(voidItemsCollection);
      for (const item of batch) {
        const taken = await items.updateOne(
          { _id: item._id, state: "waiting" },
          { state: "batched", summary_id: recordId },
        );
        if (!taken) throw new BatchRaceError(`void ${item._id} was batched elsewhere`);
      }
      const at = now.toISOString();
      const summary: SummaryRecord = {
        _id: recordId,
        company_id: first.company_id,
        livemode: first.livemode,
        ruc: first.ruc,
        legal_name: first.legal_name,
        kind: first.kind,
        number,
        issue_date: day,
        reference_date: first.reference_date,
        summary_id: id,
        file_name: summaryFileName(first.ruc, first.kind, day, number),
        item_ids: batch.map((item) => item._id),
        state: "built",
        zip_key: null,
        ticket: null,
        uncertain: false,
        tries: 0,
        polls: 0,
        next_at: at,
        deadline_at: new Date(now.getTime() + this.options.deadlineMs).toISOString(),
        lease_until: at,
        last_error: null,
        outcome: null,
        sunat: null,
        failure: null,
        cdr_key: null,
        created_at: at,
      };
      await tx.collection<SummaryRecord>(summariesCollection).insertOne(summary);
    });
  }
}
