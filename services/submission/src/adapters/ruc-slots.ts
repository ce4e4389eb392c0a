import {
  type Collection,
  type CollectionSpec,
  DuplicateKeyError,
  type TransactionScope,
} from "@einvoice/store";
import { NO_LEASE } from "./submission-repository.js";

/** One of the N concurrent SUNAT calls an issuer RUC may have, across every replica. */
interface RucSlot {
  /** `<ruc>#<index>`, index < the cap. */
  _id: string;
  ruc: string;
  /** The document using the slot; only it may renew or release it. */
  holder: string;
  /** ISO time the slot frees itself if its holder vanished (crash); the epoch when free. */
  lease_until: string;
}

export const rucSlotsCollection: CollectionSpec = { name: "ruc_slots", indexes: [{ fields: ["ruc"] }] };

/**
 * The per-RUC concurrency cap as leases in the shared store, so it holds across replicas: SUNAT answers bursts
 * from one RUC with 0111 "Rejected by policy" whatever the number of our pods. A slot is taken with a
 * compare-and-set on its lease (or by creating it on first use) and lapses like a submission lease.
 */
export class RucSlots {
  private readonly slots: Collection<RucSlot>;

  constructor(
    scope: TransactionScope,
    /** Calls in flight per RUC. */
    private readonly capacity: number,
  ) {
    this.slots = scope.collection<RucSlot>(rucSlotsCollection);
  }

  /** Takes a free slot for `holder` until `leaseUntil`; null when the RUC is at its cap. */
  async acquire(ruc: string, holder: string, now: Date, leaseUntil: string): Promise<string | null> {
    for (let index = 0; index < this.capacity; index++) {
      const _id = `${ruc}#${index}`;
      const taken = await this.slots.updateOne(
        { _id, lease_until: { $lte: now.toISOString() } },
        { holder, lease_until: leaseUntil },
      );
      if (taken) return _id;
      try {
        await this.slots.insertOne({ _id, ruc, holder, lease_until: leaseUntil });
        return _id;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    return null;
  }

  async renew(slotId: string, holder: string, leaseUntil: string): Promise<void> {
    await this.slots.updateOne({ _id: slotId, holder }, { lease_until: leaseUntil });
  }

  async release(slotId: string, holder: string): Promise<void> {
    await this.slots.updateOne({ _id: slotId, holder }, { lease_until: NO_LEASE });
  }
}
