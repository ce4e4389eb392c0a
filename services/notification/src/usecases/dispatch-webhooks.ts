import { presentEvent } from "@einvoice/contracts";
import { type Logger, metrics, type SecretKeys } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { EventRepository } from "../adapters/event-repository.js";
import { type WebhookDeliveryRecord, WebhookRepository } from "../adapters/webhook-repository.js";
import type { SendResult } from "../adapters/webhook-sender.js";
import { eventMessageOf } from "../domain/event-message.js";
import { nextAttemptAfter } from "../domain/webhook-schedule.js";
import { signatureHeaders } from "../domain/webhook-signature.js";
import { endpointSecret } from "./webhook-endpoints.js";

export interface DispatchSettings {
  /** Pause between scans for due deliveries when nothing wakes the dispatcher, in milliseconds. */
  pollMs: number;
  /** Attempts in flight at once in this replica. */
  concurrency: number;
  /** Attempts in flight at once per endpoint, so a slow endpoint cannot hold every slot. */
  perEndpoint: number;
  /** How long a claim keeps other replicas off a delivery, in milliseconds (longer than an attempt's timeout). */
  leaseMs: number;
}

/**
 * Sends due webhook deliveries from the store: each attempt POSTs the event's public JSON signed the Standard
 * Webhooks way, is logged on the delivery, and a failure schedules the next attempt (5 s … 10 h) until the 8th,
 * after which the delivery is `failed`. The schedule lives in the store, so a restart resumes it; a disabled
 * endpoint's deliveries wait; bounded concurrency in total and per endpoint.
 */
export class WebhookDispatcher {
  private readonly inFlight = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      store: Store;
      sender: { send(url: string, headers: Record<string, string>, body: string): Promise<SendResult> };
      secretsKey: SecretKeys;
      logger: Logger;
      settings: DispatchSettings;
      clock?: () => Date;
    },
  ) {}

  start(): void {
    this.wake();
  }

  /** Scan now: a delivery was queued or retried, or a slot freed. */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    await Promise.allSettled([...this.running]);
  }

  /** One scan: claims what is due, up to the free slots, and starts sending. Resolves when the scan is done. */
  tick(): Promise<void> {
    this.ticking ??= this.scan().finally(() => {
      this.ticking = null;
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.tick(), this.again ? 0 : this.deps.settings.pollMs);
      this.again = false;
    });
    return this.ticking;
  }

  /** Resolves when every attempt started so far has finished (for tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async scan(): Promise<void> {
    const { settings } = this.deps;
    const free = settings.concurrency - this.inFlight.size;
    if (free <= 0) return;
    const now = this.now();
    const repository = new WebhookRepository(this.deps.store);
    try {
      for (const due of await repository.due(now.toISOString(), free * 4)) {
        if (this.inFlight.size >= settings.concurrency) break;
        const busy = [...this.inFlight.values()].filter((e) => e === due.endpoint_id).length;
        if (busy >= settings.perEndpoint || this.inFlight.has(due._id)) continue;
        const endpoint = await repository.endpointById(due.endpoint_id);
        if (endpoint && !endpoint.enabled) continue;
        const until = new Date(now.getTime() + settings.leaseMs).toISOString();
        const claimed = await repository.claim(due, now.toISOString(), until);
        if (!claimed) continue;
        this.inFlight.set(claimed._id, claimed.endpoint_id);
        const run = this.attempt(claimed).finally(() => {
          this.inFlight.delete(claimed._id);
          this.running.delete(run);
          this.wake();
        });
        this.running.add(run);
      }
    } catch (error) {
      this.deps.logger.error({ err: error }, "webhook scan failed");
    }
  }

  private async attempt(delivery: WebhookDeliveryRecord): Promise<void> {
    const repository = new WebhookRepository(this.deps.store);
    try {
      const endpoint = await repository.endpointById(delivery.endpoint_id);
      const scope = { companyId: delivery.company_id, livemode: delivery.livemode };
      const event = await new EventRepository(this.deps.store).findById(scope, delivery.event_id, "");
      const at = this.now();
      if (!endpoint || !event) {
        await this.record(
          delivery,
          at,
          {
            status: null,
            durationMs: 0,
            bodyExcerpt: "",
            error: endpoint ? "the event no longer exists" : "the endpoint was deleted",
          },
          true,
        );
        return;
      }
      const body = JSON.stringify(presentEvent(eventMessageOf(event)));
      const headers = signatureHeaders(
        endpointSecret(endpoint, this.deps.secretsKey),
        event._id,
        Math.floor(at.getTime() / 1000),
        body,
      );
      const result = await this.deps.sender.send(endpoint.url, headers, body);
      await this.record(delivery, at, result, false);
    } catch (error) {
      this.deps.logger.error({ err: error, delivery: delivery._id }, "webhook attempt failed to run");
      await repository.updateDelivery(delivery._id, { lease_until: "" }).catch(() => undefined);
    }
  }

  private async record(delivery: WebhookDeliveryRecord, at: Date, result: SendResult, final: boolean) {
    const attempts = [
      ...delivery.attempts,
      {
        at: at.toISOString(),
        response_status: result.status,
        duration_ms: result.durationMs,
        response_body_excerpt: result.bodyExcerpt,
        error: result.error,
      },
    ];
    const succeeded = result.error === null;
    metrics.webhookAttempts.inc({
      outcome: succeeded ? "succeeded" : result.status !== null ? "failed" : "error",
    });
    const next = succeeded || final ? null : nextAttemptAfter(attempts.length, this.now());
    await new WebhookRepository(this.deps.store).updateDelivery(delivery._id, {
      attempts,
      status: succeeded ? "succeeded" : next ? "pending" : "failed",
      next_attempt_at: next?.toISOString() ?? null,
      lease_until: "",
      updated_at: this.now().toISOString(),
    });
  }

  private now(): Date {
    return (this.deps.clock ?? (() => new Date()))();
  }
}
