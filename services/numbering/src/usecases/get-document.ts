import type { BuiltDocument, ComputedDocument, Issuer, Scope } from "@einvoice/domain";
import { notFound } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { type DocumentQuery, DocumentRepository } from "../adapters/document-repository.js";
import type { DocumentRecord } from "../domain/document-record.js";
import { presentDocument } from "../domain/present-document.js";

export interface DocumentView {
  document: BuiltDocument;
  files: DocumentRecord["files"];
  issuer: Issuer;
  /** Absent on despatch advices (their transport data is `document.despatch`). */
  computed?: ComputedDocument;
}

/** One document of the caller's company and mode; another scope's id is NOT_FOUND, never a leak. */
export class GetDocument {
  constructor(
    private readonly store: Store,
    private readonly filesBaseUrl: string,
  ) {}

  async execute(scope: Scope, id: string): Promise<DocumentView> {
    const record = await new DocumentRepository(this.store).findById(scope, id);
    if (!record) throw notFound("document", id);
    return viewOf(record, this.filesBaseUrl);
  }
}

/**
 * Several documents, each of its own company and mode, read with one query per scope; the answers in the items'
 * order, a document not found (or of another scope) as its own NOT_FOUND error.
 */
export class GetDocuments {
  constructor(
    private readonly store: Store,
    private readonly filesBaseUrl: string,
  ) {}

  async execute(items: readonly { scope: Scope; id: string }[]): Promise<(DocumentView | Error)[]> {
    const repository = new DocumentRepository(this.store);
    const key = (scope: Scope, id: string) => `${scope.companyId}/${scope.livemode}/${id}`;
    const byScope = new Map<string, { scope: Scope; ids: string[] }>();
    for (const { scope, id } of items) {
      const group = byScope.get(key(scope, ""));
      if (group) group.ids.push(id);
      else byScope.set(key(scope, ""), { scope, ids: [id] });
    }
    const found = new Map<string, DocumentRecord>();
    for (const { scope, ids } of byScope.values())
      for (const record of await repository.findByIds(scope, ids)) found.set(key(scope, record._id), record);
    return items.map(({ scope, id }) => {
      const record = found.get(key(scope, id));
      return record ? viewOf(record, this.filesBaseUrl) : notFound("document", id);
    });
  }
}

function viewOf(record: DocumentRecord, filesBaseUrl: string): DocumentView {
  return {
    document: presentDocument(record, filesBaseUrl),
    files: record.files,
    issuer: record.issuer,
    ...(record.computed ? { computed: record.computed } : {}),
  };
}

/** A page of the caller's documents, newest first. */
export class ListDocuments {
  constructor(
    private readonly store: Store,
    private readonly filesBaseUrl: string,
  ) {}

  async execute(
    scope: Scope,
    query: DocumentQuery,
  ): Promise<{ documents: BuiltDocument[]; hasMore: boolean }> {
    const page = await new DocumentRepository(this.store).list(scope, query);
    return {
      documents: page.rows.map((record) => presentDocument(record, this.filesBaseUrl)),
      hasMore: page.hasMore,
    };
  }
}
