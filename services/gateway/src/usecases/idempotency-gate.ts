import { createHash } from "node:crypto";
import type { Scope } from "@einvoice/domain";
import { DuplicateKeyError, type Store } from "@einvoice/store";
import { type IdempotencyRecord, IdempotencyRepository } from "../adapters/idempotency-repository.js";

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key and its response are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentRequest {
  scope: Scope;
  key: string;
  method: string;
  path: string;
  body: unknown;
}

export type Admission =
  /** First use of the key (or a takeover after a lost request): run the request, then `complete` or `abandon`. */
  | { kind: "proceed"; id: string }
  | { kind: "replay"; response: NonNullable<IdempotencyRecord["response"]> }
  | { kind: "reused" }
  | { kind: "in_flight"; retryAfterSeconds: number };

/**
 * Idempotency keys on POST: the first request with a key runs; a replay gets the stored response; the same key on
 * another request is refused; a concurrent repeat waits. A request whose process died leaves an in-flight record
 * whose lease runs out, after which a retry runs again — and numbering, which keeps the key with the document in
 * the transaction that assigns the number, returns the document it already issued instead of a second number.
 */
export class IdempotencyGate {
  constructor(
    private readonly store: Store,
    /** How long a request may run before a retry may take over, in milliseconds (above the longest wait). */
    private readonly leaseMs: number,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async admit(request: IdempotentRequest): Promise<Admission> {
    const repository = new IdempotencyRepository(this.store);
    const id = hash(`${request.scope.companyId}|${request.scope.livemode ? "live" : "test"}|${request.key}`);
    const fingerprint = hash(`${request.method} ${request.path}\n${JSON.stringify(request.body ?? null)}`);
    for (let tries = 0; tries < 3; tries++) {
      const now = this.clock();
      let record = await repository.find(id);
      if (record && record.expires_at <= now.toISOString()) {
        await repository.delete(id);
        record = null;
      }
      if (!record) {
        try {
          await repository.insert(this.fresh(id, request.scope, fingerprint, now));
          return { kind: "proceed", id };
        } catch (error) {
          if (error instanceof DuplicateKeyError) continue; // a concurrent first use won: look again
          throw error;
        }
      }
      if (record.fingerprint !== fingerprint) return { kind: "reused" };
      if (record.state === "done" && record.response) return { kind: "replay", response: record.response };
      if (record.lease_until > now.toISOString()) {
        const seconds = Math.ceil((Date.parse(record.lease_until) - now.getTime()) / 1000);
        return { kind: "in_flight", retryAfterSeconds: Math.min(Math.max(seconds, 1), 5) };
      }
      if (await repository.takeOver(record, this.leaseEnd(now))) return { kind: "proceed", id };
    }
    return { kind: "in_flight", retryAfterSeconds: 1 };
  }

  /** Keeps the response for replays. */
  async complete(id: string, response: NonNullable<IdempotencyRecord["response"]>): Promise<void> {
    await new IdempotencyRepository(this.store).complete(id, response);
  }

  /** Forgets a request that failed without a definite answer, so a retry runs it again. */
  async abandon(id: string): Promise<void> {
    await new IdempotencyRepository(this.store).delete(id);
  }

  private fresh(id: string, scope: Scope, fingerprint: string, now: Date): IdempotencyRecord {
    return {
      _id: id,
      company_id: scope.companyId,
      livemode: scope.livemode,
      fingerprint,
      state: "in_flight",
      lease_until: this.leaseEnd(now),
      response: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
    };
  }

  private leaseEnd(now: Date): string {
    return new Date(now.getTime() + this.leaseMs).toISOString();
  }
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
