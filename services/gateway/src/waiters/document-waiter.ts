import { type Broker, subjects } from "@einvoice/broker";
import { type DocumentResource, FINAL_STATUSES } from "@einvoice/domain";
import type { Subscription } from "@nats-io/transport-node";

/**
 * Lets `Prefer: wait=N` requests wait for a document's final state without polling: one core-NATS subscription
 * to `documents.state` per gateway fans each change out to the requests waiting on that document.
 */
export class DocumentWaiter {
  private readonly waiting = new Map<string, Set<(document: DocumentResource) => void>>();
  private subscription: Subscription | undefined;

  start(broker: Broker): void {
    this.subscription = broker.nc.subscribe(subjects.documentState.subject, {
      callback: (error, msg) => {
        if (error) return;
        const state = subjects.documentState.schema.safeParse(msg.json());
        if (!state.success) return;
        for (const resolve of this.waiting.get(state.data.document_id) ?? []) resolve(state.data.document);
      },
    });
  }

  stop(): void {
    this.subscription?.unsubscribe();
  }

  /**
   * Resolves with the document once final, or with the latest known state after `timeoutMs`. `current` is read
   * after subscribing, so a verdict that landed before the wait began is not missed.
   */
  async waitForFinal(
    id: string,
    timeoutMs: number,
    current: () => Promise<DocumentResource>,
  ): Promise<DocumentResource> {
    let resolveFinal!: (document: DocumentResource) => void;
    const final = new Promise<DocumentResource>((resolve) => {
      resolveFinal = resolve;
    });
    const listener = (document: DocumentResource) => {
      if (FINAL_STATUSES.includes(document.status)) resolveFinal(document);
    };
    const listeners = this.waiting.get(id) ?? new Set();
    listeners.add(listener);
    this.waiting.set(id, listeners);
    let timer: NodeJS.Timeout | undefined;
    try {
      const now = await current();
      if (FINAL_STATUSES.includes(now.status)) return now;
      const timedOut = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      });
      return (await Promise.race([final, timedOut])) ?? (await current());
    } finally {
      clearTimeout(timer);
      listeners.delete(listener);
      if (listeners.size === 0) this.waiting.delete(id);
    }
  }
}
