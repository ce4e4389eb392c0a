import { create } from "@bufbuild/protobuf";
import { type Scope, WEBHOOK_DELIVERY_OBJECT_VALUES } from "@einvoice/domain";
import { newId, notFound } from "@einvoice/platform";
import { api } from "@einvoice/proto";
import { DuplicateKeyError, type PageRequest, type Store } from "@einvoice/store";
import type { EventRecord } from "../adapters/event-repository.js";
import {
  type DeliveryStatus,
  type WebhookDeliveryRecord,
  WebhookRepository,
} from "../adapters/webhook-repository.js";
import { endpointWants } from "../domain/webhook-events.js";

export function deliveryMessage(record: WebhookDeliveryRecord): api.WebhookDelivery {
  const last = record.attempts.at(-1);
  return create(api.WebhookDeliverySchema, {
    id: record._id,
    object: WEBHOOK_DELIVERY_OBJECT_VALUES[0],
    endpointId: record.endpoint_id,
    eventId: record.event_id,
    eventType: record.event_type,
    status: record.status,
    ...(last?.response_status ? { responseStatus: last.response_status } : {}),
    ...(last?.error ? { lastError: last.error } : {}),
    ...(record.next_attempt_at ? { nextAttemptAt: record.next_attempt_at } : {}),
    attempts: record.attempts.map((a) => ({
      at: a.at,
      ...(a.response_status ? { responseStatus: a.response_status } : {}),
      durationMs: a.duration_ms,
      responseBodyExcerpt: a.response_body_excerpt,
      ...(a.error ? { error: a.error } : {}),
    })),
    createdAt: record.created_at,
    livemode: record.livemode,
  });
}

/** Queues one delivery per enabled endpoint of the event's company and mode that wants its type (once each). */
export class EnqueueWebhookDeliveries {
  constructor(
    private readonly store: Store,
    private readonly onQueued: () => void = () => {},
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async execute(event: EventRecord): Promise<number> {
    const repository = new WebhookRepository(this.store);
    const scope = { companyId: event.company_id, livemode: event.livemode };
    const now = this.clock().toISOString();
    let queued = 0;
    for (const endpoint of await repository.enabledEndpoints(scope)) {
      if (!endpointWants(endpoint.events, event.type)) continue;
      try {
        await repository.insertDelivery({
          _id: newId("wd"),
          company_id: event.company_id,
          livemode: event.livemode,
          endpoint_id: endpoint._id,
          event_id: event._id,
          event_type: event.type,
          status: "pending",
          attempts: [],
          next_attempt_at: now,
          lease_until: "",
          created_at: now,
          updated_at: now,
        });
        queued++;
      } catch (error) {
        // Already queued by an earlier delivery of the same event.
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    if (queued > 0) this.onQueued();
    return queued;
  }
}

export class ListWebhookDeliveries {
  constructor(private readonly store: Store) {}

  async execute(
    scope: Scope,
    endpointId: string,
    status: DeliveryStatus | undefined,
    page: PageRequest,
  ): Promise<{ deliveries: api.WebhookDelivery[]; hasMore: boolean }> {
    const repository = new WebhookRepository(this.store);
    if (!(await repository.findEndpoint(scope, endpointId))) throw notFound("webhook endpoint", endpointId);
    const found = await repository.listDeliveries(scope, endpointId, status, page);
    return { deliveries: found.rows.map(deliveryMessage), hasMore: found.hasMore };
  }
}

/** Sends a delivery again at once, whatever its status; its attempts so far stay in its log. */
export class RetryWebhookDelivery {
  constructor(
    private readonly store: Store,
    private readonly onQueued: () => void = () => {},
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async execute(scope: Scope, endpointId: string, id: string): Promise<api.WebhookDelivery> {
    const repository = new WebhookRepository(this.store);
    const found = await repository.findDelivery(scope, endpointId, id);
    if (!found) throw notFound("webhook delivery", id);
    const now = this.clock().toISOString();
    const record = await repository.updateDelivery(id, {
      status: "pending",
      next_attempt_at: now,
      lease_until: "",
      updated_at: now,
    });
    this.onQueued();
    return deliveryMessage(record ?? found);
  }
}
