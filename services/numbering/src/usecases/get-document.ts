import type { ComputedDocument, DocumentResource, Issuer, Scope } from "@einvoice/domain";
import { notFound } from "@einvoice/platform";
import type { Store } from "@einvoice/store";
import { type DocumentQuery, DocumentRepository } from "../adapters/document-repository.js";
import type { DocumentRecord } from "../domain/document-record.js";
import { presentDocument } from "../domain/present-document.js";

export interface DocumentView {
  document: DocumentResource;
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
    return {
      document: presentDocument(record, this.filesBaseUrl),
      files: record.files,
      issuer: record.issuer,
      ...(record.computed ? { computed: record.computed } : {}),
    };
  }
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
  ): Promise<{ documents: DocumentResource[]; hasMore: boolean }> {
    const page = await new DocumentRepository(this.store).list(scope, query);
    return {
      documents: page.rows.map((record) => presentDocument(record, this.filesBaseUrl)),
      hasMore: page.hasMore,
    };
  }
}
