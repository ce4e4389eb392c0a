import type { JsonValue } from "@bufbuild/protobuf";
import type { Scope } from "@einvoice/domain";
import { idRangeAt } from "@einvoice/platform";
import {
  type Collection,
  type CollectionSpec,
  type FieldOps,
  type Filter,
  type Page,
  type PageRequest,
  pageByIdDescending,
  type TransactionScope,
} from "@einvoice/store";

/** An Event as stored: the public resource plus the scope and keys it is found by. */
export interface EventRecord {
  /** `evt_…`, made at the instant of `created_at` (`newId("evt", …)`): id order is creation order. */
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
  /** What `object` is; absent on document events (and on records written before emails existed). */
  object_kind?: "document" | "email";
}

/**
 * How far an event's id time may lie from its created_at: both come from one clock reading (document events) or
 * two in a row (email events). Generous, as it only widens the part of the index read.
 */
const ID_TIME_MARGIN_MS = 60_000;

export const eventsCollection: CollectionSpec = {
  name: "events",
  indexes: [
    { fields: ["source_key"], unique: true },
    // The newest-first list, with or without a type or a document: each filter's events in id order, so a page
    // is read from the index's end without sorting every event of the company (created_at bounds are checked on
    // the entries read).
    { fields: ["company_id", "livemode", "_id"] },
    { fields: ["company_id", "livemode", "type", "_id"] },
    { fields: ["company_id", "livemode", "document_id", "_id"] },
    // The retention purge.
    { fields: ["created_at"] },
  ],
};

export interface EventQuery extends PageRequest {
  type?: string;
  documentId?: string;
  /** RFC 3339 bounds on `created_at`, inclusive. */
  createdGte?: string;
  createdLte?: string;
  /** Events created before this instant are past the retention: never listed or found. */
  notBefore: string;
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

  findById(scope: Scope, id: string, notBefore: string): Promise<EventRecord | null> {
    return this.events.findOne({
      _id: id,
      company_id: scope.companyId,
      livemode: scope.livemode,
      created_at: { $gte: notBefore },
    });
  }

  /**
   * Newest first, paged both ways by id. The created_at bounds also bound the id (an event's id is made from the
   * instant it records as created_at), so a page of an hour long past starts at that hour in the index instead
   * of reading every newer event; the bounds are widened by a margin and created_at is still checked exactly.
   */
  list(scope: Scope, query: EventQuery): Promise<Page<EventRecord>> {
    const gte = query.createdGte && query.createdGte > query.notBefore ? query.createdGte : query.notBefore;
    const filter: Filter = {
      company_id: scope.companyId,
      livemode: scope.livemode,
      created_at: { $gte: gte, ...(query.createdLte ? { $lte: query.createdLte } : {}) },
    };
    const from = Date.parse(gte);
    const to = query.createdLte ? Date.parse(query.createdLte) : Number.NaN;
    const ids: FieldOps = {
      ...(Number.isNaN(from) ? {} : { $gte: idRangeAt("evt", from - ID_TIME_MARGIN_MS).first }),
      ...(Number.isNaN(to) ? {} : { $lte: idRangeAt("evt", to + ID_TIME_MARGIN_MS).last }),
    };
    if (Object.keys(ids).length > 0) filter._id = ids;
    if (query.type) filter.type = query.type;
    if (query.documentId) filter.document_id = query.documentId;
    return pageByIdDescending(this.events, filter, query);
  }

  /** Deletes up to `batch` events created before `cutoff`; returns how many. */
  async purgeOlderThan(cutoff: string, batch: number): Promise<number> {
    const old = await this.events.find({ created_at: { $lt: cutoff } }, { limit: batch });
    for (const record of old) await this.events.deleteOne({ _id: record._id });
    return old.length;
  }
}
