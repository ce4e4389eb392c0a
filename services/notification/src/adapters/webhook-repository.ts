import type { Scope } from "@einvoice/domain";
import {
  type Collection,
  type CollectionSpec,
  type Filter,
  type Page,
  type PageRequest,
  pageByIdDescending,
  type TransactionScope,
} from "@einvoice/store";

export interface WebhookEndpointRecord {
  /** `we_…` */
  _id: string;
  company_id: string;
  livemode: boolean;
  url: string;
  /** Event types, or `["*"]` for every type. */
  events: string[];
  enabled: boolean;
  description: string;
  /** The whsec_ secret, sealed with the notification service's master key. */
  secret_box: string;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptRecord {
  at: string;
  response_status: number | null;
  duration_ms: number;
  response_body_excerpt: string;
  error: string | null;
}

export type DeliveryStatus = "pending" | "succeeded" | "failed";

export interface WebhookDeliveryRecord {
  /** `wd_…` */
  _id: string;
  company_id: string;
  livemode: boolean;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: WebhookAttemptRecord[];
  /** When the next attempt is due; null once succeeded or failed. */
  next_attempt_at: string | null;
  /** Keeps other workers off a delivery being sent (ISO time; "" when free). */
  lease_until: string;
  created_at: string;
  updated_at: string;
}

export const webhookEndpointsCollection: CollectionSpec = {
  name: "webhook_endpoints",
  indexes: [{ fields: ["company_id", "livemode", "_id"] }],
};

export const webhookDeliveriesCollection: CollectionSpec = {
  name: "webhook_deliveries",
  indexes: [
    // One delivery per endpoint and event, however often the event is recorded.
    { fields: ["endpoint_id", "event_id"], unique: true },
    { fields: ["status", "next_attempt_at"] },
    // An endpoint's newest-first delivery list, with or without a status.
    { fields: ["company_id", "livemode", "endpoint_id", "_id"] },
    { fields: ["company_id", "livemode", "endpoint_id", "status", "_id"] },
  ],
};

/** Endpoints and their deliveries, always within one company and mode (the worker alone reads across). */
export class WebhookRepository {
  private readonly endpoints: Collection<WebhookEndpointRecord>;
  private readonly deliveries: Collection<WebhookDeliveryRecord>;

  constructor(scope: TransactionScope) {
    this.endpoints = scope.collection<WebhookEndpointRecord>(webhookEndpointsCollection);
    this.deliveries = scope.collection<WebhookDeliveryRecord>(webhookDeliveriesCollection);
  }

  insertEndpoint(record: WebhookEndpointRecord): Promise<void> {
    return this.endpoints.insertOne(record);
  }

  findEndpoint(scope: Scope, id: string): Promise<WebhookEndpointRecord | null> {
    return this.endpoints.findOne({ _id: id, company_id: scope.companyId, livemode: scope.livemode });
  }

  /** The endpoint a delivery goes to, whatever its scope (the worker's view). */
  endpointById(id: string): Promise<WebhookEndpointRecord | null> {
    return this.endpoints.findOne({ _id: id });
  }

  listEndpoints(scope: Scope, page: PageRequest): Promise<Page<WebhookEndpointRecord>> {
    return pageByIdDescending(
      this.endpoints,
      { company_id: scope.companyId, livemode: scope.livemode },
      page,
    );
  }

  enabledEndpoints(scope: Scope): Promise<WebhookEndpointRecord[]> {
    return this.endpoints.find({ company_id: scope.companyId, livemode: scope.livemode, enabled: true });
  }

  updateEndpoint(
    scope: Scope,
    id: string,
    changes: Partial<Omit<WebhookEndpointRecord, "_id" | "company_id" | "livemode">>,
  ): Promise<WebhookEndpointRecord | null> {
    return this.endpoints.updateOne(
      { _id: id, company_id: scope.companyId, livemode: scope.livemode },
      changes,
    );
  }

  deleteEndpoint(scope: Scope, id: string): Promise<boolean> {
    return this.endpoints.deleteOne({ _id: id, company_id: scope.companyId, livemode: scope.livemode });
  }

  insertDelivery(record: WebhookDeliveryRecord): Promise<void> {
    return this.deliveries.insertOne(record);
  }

  findDelivery(scope: Scope, endpointId: string, id: string): Promise<WebhookDeliveryRecord | null> {
    return this.deliveries.findOne({
      _id: id,
      endpoint_id: endpointId,
      company_id: scope.companyId,
      livemode: scope.livemode,
    });
  }

  listDeliveries(
    scope: Scope,
    endpointId: string,
    status: DeliveryStatus | undefined,
    page: PageRequest,
  ): Promise<Page<WebhookDeliveryRecord>> {
    const filter: Filter = { company_id: scope.companyId, livemode: scope.livemode, endpoint_id: endpointId };
    if (status) filter.status = status;
    return pageByIdDescending(this.deliveries, filter, page);
  }

  /** Pending deliveries whose next attempt is due and that no worker holds, oldest due first. */
  due(now: string, limit: number): Promise<WebhookDeliveryRecord[]> {
    return this.deliveries.find(
      { status: "pending", next_attempt_at: { $lte: now }, lease_until: { $lte: now } },
      { sort: [{ field: "next_attempt_at", direction: 1 }], limit },
    );
  }

  /** Takes a delivery for `until`, unless another worker took it first. */
  claim(record: WebhookDeliveryRecord, now: string, until: string): Promise<WebhookDeliveryRecord | null> {
    return this.deliveries.updateOne(
      { _id: record._id, status: "pending", lease_until: { $lte: now } },
      { lease_until: until },
    );
  }

  updateDelivery(
    id: string,
    changes: Partial<Omit<WebhookDeliveryRecord, "_id">>,
  ): Promise<WebhookDeliveryRecord | null> {
    return this.deliveries.updateOne({ _id: id }, changes);
  }
}
