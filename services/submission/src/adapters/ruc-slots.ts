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

/** Read by id only (a RUC's slots are `<ruc>#0` … `<ruc>#<cap - 1>`): no index beyond the primary key. */
export const rucSlotsCollection: CollectionSpec = { name: "ruc_slots" };

/**
 * The per-RUC concurrency cap as leases in the shared store, so it holds across replicas: SUNAT answers bursts
 * from one RUC with 0111 "Rejected by policy" whatever the number of our pods. A slot is taken with a
 * compare-and-set on its lease (or by creating it on first use) and lapses like a submission lease. Writes set
 * the slot's fields in place (`setFields`): none is indexed, so SQLite neither reads it back nor rewrites it whole.
 */
export class RucSlots {
  private readonly slots: Collection<RucSlot>;

  constructor(
    private readonly scope: TransactionScope,
    /** Calls in flight per RUC. */
    private readonly capacity: number,
  ) {
    this.slots = scope.collection<RucSlot>(rucSlotsCollection);
  }

  /**
   * Takes a free slot for `holder` until `leaseUntil`; null when the RUC is at its cap.
   *
   * Reads the RUC's slots first and writes only the one it takes: trying each slot with a compare-and-set (and a
   * create that collides) cost one store write per busy slot. The write is still a compare-and-set on the lease
   * (or a create of a slot not made yet), so two replicas racing for the same slot cannot both get it. Safe inside
   * a transaction: there a collision fails the transaction (the caller tries again on its next pass) instead of
   * moving on to the next slot.
   */
  async acquire(ruc: string, holder: string, now: Date, leaseUntil: string): Promise<string | null> {
    const nowIso = now.toISOString();
    const ids = Array.from({ length: this.capacity }, (_, index) => `${ruc}#${index}`);
    // By primary key: the slots of a RUC are its ids below the cap (slots past a lowered cap are never taken).
    const existing = new Map((await this.slots.find({ _id: { $in: ids } })).map((slot) => [slot._id, slot]));
    for (const _id of ids) {
      const slot = existing.get(_id);
      if (slot && slot.lease_until > nowIso) continue;
      if (slot) {
        const taken = await this.slots.setFields(
          { _id, lease_until: { $lte: nowIso } },
          { holder, lease_until: leaseUntil },
        );
        if (taken) return _id;
        continue; // another replica took it since the read
      }
      try {
        await this.slots.insertOne({ _id, ruc, holder, lease_until: leaseUntil });
        return _id;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    return null;
  }

  /**
   * Extends a slot its holder still has. A released slot stays released: the attempt's ending write frees it while
   * the attempt's renewal timer still runs, and a renewal then must not take it back.
   */
  async renew(slotId: string, holder: string, leaseUntil: string): Promise<void> {
    await this.slots.setFields(
      { _id: slotId, holder, lease_until: { $ne: NO_LEASE } },
      { lease_until: leaseUntil },
    );
  }

  release(slotId: string, holder: string): Promise<void> {
    return releaseRucSlot(this.scope, slotId, holder);
  }
}

/** Frees `holder`'s slot (a release does not depend on the cap, so it needs no `RucSlots`). */
export async function releaseRucSlot(scope: TransactionScope, slotId: string, holder: string): Promise<void> {
  await scope
    .collection<RucSlot>(rucSlotsCollection)
    .setFields({ _id: slotId, holder }, { lease_until: NO_LEASE });
}
