import { type Broker, type Payload, subjects } from "@einvoice/broker";
import { isFinalStatus } from "@einvoice/domain";
import type { Document } from "@einvoice/proto";
import type { Subscription } from "@nats-io/transport-node";

/**
 * Lets `Prefer: wait=N` requests wait for a document's final state without polling: one core-NATS subscription
 * to `documents.state` per gateway fans each change out to the requests waiting on that document.
 */
export class DocumentWaiter {
  private readonly waiting = new Map<string, Set<(document: Document) => void>>();
  private subscription: Subscription | undefined;

  start(broker: Broker): void {
    this.subscription = broker.nc.subscribe(subjects.documentState.subject, {
      callback: (error, msg) => {
        // Most state changes have nobody waiting on them: skip the decode unless this document has a waiter.
        if (error || this.waiting.size === 0) return;
        // Subjects carry canonical proto JSON, with proto field names (document_id).
        const json = msg.json<{ document_id?: unknown }>();
        if (typeof json?.document_id !== "string" || !this.waiting.has(json.document_id)) return;
        const state = decodeState(json);
        if (!state?.document) return;
        for (const resolve of this.waiting.get(state.documentId) ?? []) resolve(state.document);
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
  async waitForFinal(id: string, timeoutMs: number, current: () => Promise<Document>): Promise<Document> {
    let resolveFinal!: (document: Document) => void;
    const final = new Promise<Document>((resolve) => {
      resolveFinal = resolve;
    });
    const listener = (document: Document) => {
      if (isFinalStatus(document.status)) resolveFinal(document);
    };
    const listeners = this.waiting.get(id) ?? new Set();
    listeners.add(listener);
    this.waiting.set(id, listeners);
    let timer: NodeJS.Timeout | undefined;
    try {
      const now = await current();
      if (isFinalStatus(now.status)) return now;
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

/** A state message, or null when it breaks the contract (a waiter then times out and reads the register). */
function decodeState(json: unknown): Payload<typeof subjects.documentState> | null {
  try {
    return subjects.documentState.payload.decode(json);
  } catch {
    return null;
  }
}
