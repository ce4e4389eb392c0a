import { type BuiltDocument, DOCUMENT_RESOURCE_NULLS, type DocumentVoid } from "@einvoice/domain";
import type { DocumentRecord, VoidRecord } from "./document-record.js";

/**
 * The public Document resource of a record; file links appear once the file exists. An optional field the record
 * does not hold stays null (`submission`: the gateway fills it on a read of one document, see the proto).
 */
export function presentDocument(record: DocumentRecord, filesBaseUrl: string): BuiltDocument {
  const link = (kind: "pdf" | "xml" | "cdr") =>
    record.files[kind] ? `${filesBaseUrl}/${record._id}/${kind}` : null;
  const computed = record.computed;
  return {
    ...DOCUMENT_RESOURCE_NULLS,
    id: record._id,
    object: "document",
    livemode: record.livemode,
    type: record.type,
    series: record.series,
    number: record.number,
    status: record.status,
    issue_date: record.issue_date,
    // A guide has no currency or amounts (spec despatch rule 2); its recipient stands as the customer.
    currency: computed?.currency ?? null,
    total: computed?.amounts.total ?? null,
    amounts: computed?.amounts ?? null,
    customer: computed?.customer ?? (record.despatch ? record.despatch.recipient : null),
    sunat: record.sunat,
    status_details: record.status_details ?? null,
    hash: record.hash,
    links: { pdf: link("pdf"), xml: link("xml"), cdr: link("cdr") },
    void: record.void ? presentVoid(record.void) : null,
    despatch: record.despatch ?? null,
    reference: computed?.reference ?? null,
    reason: computed?.reason ?? null,
    notes: record.notes ?? [],
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

function presentVoid(record: VoidRecord): DocumentVoid {
  return {
    status: record.status,
    reason: record.reason,
    requested_at: record.requested_at,
    summary_id: record.summary_id,
    ticket: record.ticket,
    sunat: record.sunat,
    failure: record.failure,
    completed_at: record.completed_at,
  };
}
