import { DOCUMENT_TYPES, type Scope } from "@einvoice/domain";
import {
  type Collection,
  type CollectionSpec,
  type Filter,
  type Page,
  type PageRequest,
  pageByIdDescending,
  type TransactionScope,
} from "@einvoice/store";
import type { DocumentRecord } from "../domain/document-record.js";

export const documentsCollection: CollectionSpec = {
  name: "documents",
  indexes: [
    // A number is never repeated within (company, mode, type, series).
    { fields: ["company_id", "livemode", "type", "series", "number"], unique: true },
    // The newest-first list: a page is read from the index's end, its filters checked on the entries read. The
    // two selective filters (a customer's documents, a document's notes) have their own, else a page of them
    // would read every document of the company.
    { fields: ["company_id", "livemode", "_id"] },
    { fields: ["company_id", "livemode", "computed.customer.document_number", "_id"] },
    { fields: ["company_id", "livemode", "computed.reference.document_id", "_id"] },
    // One document per caller's Idempotency-Key (documents issued without a key have none and never collide).
    { fields: ["company_id", "livemode", "idempotency_key"], unique: true },
  ],
};

/** What a document list may be filtered by; absent means any. */
export interface DocumentQuery extends PageRequest {
  type?: string;
  series?: string;
  status?: string;
  /** Issue dates, `YYYY-MM-DD`, inclusive. */
  issueDateGte?: string;
  issueDateLte?: string;
  customerDocumentNumber?: string;
  /** The notes of one document: its `doc_…` id. */
  referenceDocumentId?: string;
}

/** Documents, always queried within one company and mode. */
export class DocumentRepository {
  private readonly documents: Collection<DocumentRecord>;

  constructor(scope: TransactionScope) {
    this.documents = scope.collection<DocumentRecord>(documentsCollection);
  }

  insert(record: DocumentRecord): Promise<void> {
    return this.documents.insertOne(record);
  }

  findById(scope: Scope, id: string): Promise<DocumentRecord | null> {
    return this.documents.findOne({ _id: id, company_id: scope.companyId, livemode: scope.livemode });
  }

  /** The documents of `ids` the scope has, in no particular order. */
  findByIds(scope: Scope, ids: readonly string[]): Promise<DocumentRecord[]> {
    return this.documents.find({
      _id: { $in: [...ids] },
      company_id: scope.companyId,
      livemode: scope.livemode,
    });
  }

  findByIdempotencyKey(scope: Scope, key: string): Promise<DocumentRecord | null> {
    return this.documents.findOne({
      company_id: scope.companyId,
      livemode: scope.livemode,
      idempotency_key: key,
    });
  }

  /**
   * A document of another type numbered on the series, if any (a series belongs to one document type). One
   * lookup per other type, each an equality on (company, mode, type, series) that the numbers' unique index
   * answers at once (a `$ne` on the type would read every document of the company).
   */
  async findOtherTypeInSeries(scope: Scope, series: string, type: string): Promise<DocumentRecord | null> {
    for (const other of DOCUMENT_TYPES) {
      if (other === type) continue;
      // Sorted by number, which that index holds after the four: sorted by id, SQLite would rather walk the
      // company's documents in id order.
      const [found] = await this.documents.find(
        { company_id: scope.companyId, livemode: scope.livemode, type: other, series },
        { sort: [{ field: "number", direction: 1 }], limit: 1 },
      );
      if (found) return found;
    }
    return null;
  }

  /** Newest first, paged both ways by id (ids sort by creation time). */
  list(scope: Scope, query: DocumentQuery): Promise<Page<DocumentRecord>> {
    const filter: Filter = { company_id: scope.companyId, livemode: scope.livemode };
    if (query.type) filter.type = query.type;
    if (query.series) filter.series = query.series;
    if (query.status) filter.status = query.status;
    if (query.issueDateGte || query.issueDateLte)
      filter.issue_date = {
        ...(query.issueDateGte ? { $gte: query.issueDateGte } : {}),
        ...(query.issueDateLte ? { $lte: query.issueDateLte } : {}),
      };
    if (query.customerDocumentNumber)
      filter["computed.customer.document_number"] = query.customerDocumentNumber;
    if (query.referenceDocumentId) filter["computed.reference.document_id"] = query.referenceDocumentId;
    return pageByIdDescending(this.documents, filter, query);
  }

  /** Compare-and-set: applies `changes` only while the document still has `expected` values. */
  /** Whether the document exists and holds every value of `expected` (dotted paths allowed). */
  async holds(scope: Scope, id: string, expected: Filter): Promise<boolean> {
    const filter = { ...expected, _id: id, company_id: scope.companyId, livemode: scope.livemode };
    return (await this.documents.count(filter)) > 0;
  }

  /**
   * Sets fields of the document by dotted path (`"files.pdf"`) without reading or rewriting the rest, so a
   * concurrent change to another field is kept; only while the document still has `expected` values (a
   * compare-and-set); false when it does not (or does not exist).
   */
  setFields(scope: Scope, id: string, expected: Filter, set: Record<string, unknown>): Promise<boolean> {
    return this.documents.setFields(
      { ...expected, _id: id, company_id: scope.companyId, livemode: scope.livemode },
      set,
    );
  }

  update(
    scope: Scope,
    id: string,
    expected: Filter,
    changes: Partial<Omit<DocumentRecord, "_id">>,
  ): Promise<DocumentRecord | null> {
    return this.documents.updateOne(
      { ...expected, _id: id, company_id: scope.companyId, livemode: scope.livemode },
      changes,
    );
  }
}

/** The counter of a series: one per (company, mode, type, series). */
export function seriesCounterKey(scope: Scope, type: string, series: string): string {
  return `series:${scope.companyId}:${scope.livemode ? "live" : "test"}:${type}:${series}`;
}
