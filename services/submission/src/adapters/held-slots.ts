import type { TransactionScope } from "@einvoice/store";
import { releaseRucSlot } from "./ruc-slots.js";

/**
 * The RUC slot each running attempt holds, so the write that ends an attempt (its verdict, or its next try on the
 * backoff) frees the slot in its own transaction: one commit per attempt instead of that write's and then the
 * release's. The scheduler releases on its own only what no ending write took (an attempt that threw, or one that
 * ended in another write).
 */
export class HeldSlots {
  private readonly held = new Map<string, string>();

  hold(documentId: string, slot: string): void {
    this.held.set(documentId, slot);
  }

  /**
   * Releases the document's slot inside `tx`. Returns what to call once `tx` has committed (the slot is then no
   * longer this replica's to release), or undefined when the document holds none here.
   */
  async releaseWithin(tx: TransactionScope, documentId: string): Promise<(() => void) | undefined> {
    const slot = this.held.get(documentId);
    if (slot === undefined) return undefined;
    await releaseRucSlot(tx, slot, documentId);
    return () => {
      if (this.held.get(documentId) === slot) this.held.delete(documentId);
    };
  }

  /** Forgets the document's slot; returns it when no ending write released it (the caller releases it then). */
  take(documentId: string): string | undefined {
    const slot = this.held.get(documentId);
    this.held.delete(documentId);
    return slot;
  }
}
