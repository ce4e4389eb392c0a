import type {
  ComputedDocument,
  DespatchAdvice,
  DocumentNote,
  DocumentStatus,
  DocumentVoid,
  Issuer,
  Scope,
  StatusDetails,
  SunatVerdict,
} from "@einvoice/domain";

/** Object-store keys by file; `pdf_ticket` is absent on records written before tickets existed. */
export interface DocumentFileKeys {
  xml: string | null;
  cdr: string | null;
  pdf: string | null;
  pdf_ticket?: string | null;
}

/** What the register stores per document: the public fields plus what other services need to finish it. */
export interface DocumentRecord {
  _id: string;
  company_id: string;
  livemode: boolean;
  type: string;
  series: string;
  number: number;
  status: DocumentStatus;
  issue_date: string;
  issuer: Issuer;
  /** Invoices and receipts: the tax engine's result. Absent on despatch advices. */
  computed?: ComputedDocument;
  /** Despatch advices (09, 31): the checked guide. Absent on invoices and receipts. */
  despatch?: DespatchAdvice;
  sunat: SunatVerdict | null;
  /** Absent on records written before the field existed. */
  status_details?: StatusDetails | null;
  hash: string | null;
  /** Object-store keys of the document's files, set as they are produced. */
  files: DocumentFileKeys;
  /** Invoices and receipts: the notes issued on them, oldest first (absent until the first). */
  notes?: DocumentNote[];
  /** The latest void requested (absent when none was). */
  void?: VoidRecord | null;
  /** The caller's Idempotency-Key of the create call, when it sent one. */
  idempotency_key?: string;
  created_at: string;
  updated_at: string;
}

/** A document's latest void as the register keeps it: the public fields plus the attempt and the CDR's key. */
export interface VoidRecord extends DocumentVoid {
  /** 1 for the first void of the document, 2 after a failed one…; the void request's identity on the bus. */
  attempt: number;
  /** Object-store key of the summary's CDR, once SUNAT answered. */
  cdr_key: string | null;
}

/** What a numbered document is when the register first stores it; `content` is its computed document or guide. */
export interface PendingDocument {
  id: string;
  scope: Scope;
  issuer: Issuer;
  type: string;
  series: string;
  number: number;
  issueDate: string;
  content: { computed: ComputedDocument } | { despatch: DespatchAdvice };
  idempotencyKey: string | undefined;
  now: string;
}

/** A freshly numbered document: pending, no verdict, no files yet; invoices, receipts and guides alike. */
export function pendingRecord(document: PendingDocument): DocumentRecord {
  return {
    _id: document.id,
    company_id: document.scope.companyId,
    livemode: document.scope.livemode,
    type: document.type,
    series: document.series,
    number: document.number,
    status: "pending",
    issue_date: document.issueDate,
    issuer: document.issuer,
    ...document.content,
    sunat: null,
    status_details: null,
    hash: null,
    files: { xml: null, cdr: null, pdf: null },
    ...(document.idempotencyKey ? { idempotency_key: document.idempotencyKey } : {}),
    created_at: document.now,
    updated_at: document.now,
  };
}
