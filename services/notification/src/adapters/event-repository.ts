import type { JsonValue } from "@bufbuild/protobuf";
import type { Scope } from "@einvoice/domain";
import type { Collection, CollectionSpec, Filter, TransactionScope } from "@einvoice/store";

/** An Event as stored: the public resource plus the scope and keys it is found by. */
export interface EventRecord {
  /** `evt_…`, time-sortable, so id order is creation order. */
  _id: string;
  company_id: string;
  livemode: boolean;
  type: string;
  created_at: string;
  /** The document the event is about (for document events and the emails that carried a document). */
  document_id: string | null;
  /** What produced it (`<document id>:<event type>`): one event per change, however often it is delivered. */
  source_key: string;
  /** The resource as it stood, as its message's canonical JSON. */
  object: JsonValue;
}

export const eventsCollection: CollectionSpec = {
  name: "events",
  indexes: [
    { fields: ["source_key"], unique: true },
    { fields: ["company_id", "livemode", "type"] },
    { fields: ["company_id", "livemode", "document_id"] },
  ],
};

export interface EventQuery {
  type?: string;
  documentId?: string;
  /** Only events older than this id. */
  startingAfter?: string;
  limit: number;
}

export class EventRepository {
  private readonly events: Collection<EventRecord>;

  constructor(scope: TransactionScope) {
    this.events = scope.collection<EventRecord>(eventsCollection);
  }

  insert(record: EventRecord): Promise<void> {
    return this.events.insertOne(record);
  }

  findBySource(sourceKey: string): Promise<EventRecord | null> {
    return this.events.findOne({ source_key: sourceKey });
  }

  findById(scope: Scope, id: string): Promise<EventRecord | null> {
    return this.events.findOne({ _id: id, company_id: scope.companyId, livemode: scope.livemode });
  }

  /** Newest first. */
  list(scope: Scope, query: EventQuery): Promise<EventRecord[]> {
    const filter: Filter = { company_id: scope.companyId, livemode: scope.livemode };
    if (query.type) filter.type = query.type;
    if (query.documentId) filter.document_id = query.documentId;
    if (query.startingAfter) filter._id = { $lt: query.startingAfter };
    return this.events.find(filter, { sort: [{ field: "_id", direction: -1 }], limit: query.limit });
  }
}
