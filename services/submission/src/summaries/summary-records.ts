import type { SummaryKind, SunatVerdict } from "@einvoice/domain";
import type { CollectionSpec } from "@einvoice/store";

/** One line of a summary as SigningService.SignSummary takes it (RC lines carry the receipt's amounts). */
export interface SummaryLineData {
  type: string;
  series: string;
  number: number;
  reason: string;
  currency: string;
  customer_document_type: string;
  customer_document_number: string;
  total: string;
  payments: { code: string; amount: string }[];
  /** `percent`: the IGV/IVAP rate the receipt's lines state (cbc:Percent of the RC line), when known. */
  taxes: { code: string; amount: string; percent?: string }[];
}

/** A void waiting for, or travelling in, a summary. `_id` is `<document>:<attempt>`. */
export interface VoidItemRecord {
  _id: string;
  document_id: string;
  attempt: number;
  company_id: string;
  livemode: boolean;
  ruc: string;
  legal_name: string;
  kind: SummaryKind;
  /** The document's issue date: the summary's ReferenceDate, so one summary only holds documents of one date. */
  reference_date: string;
  line: SummaryLineData;
  /** waiting: not in a summary yet; batched: in `summary_id`; published: its outcome is on the bus. */
  state: "waiting" | "batched" | "published";
  summary_id: string | null;
  received_at: string;
}

/**
 * A summary (RA or RC) and how far it got. `_id` is `<test|live>:<RUC>-<KIND>-<YYYYMMDD>-<N>`.
 * built → (signed, zip stored) ready → sending (the request may have reached SUNAT: persisted before the call)
 * → ticketed → done. `sending` survives a crash: the same file is presented again, and SUNAT's "already presented"
 * means the first one got through.
 */
export interface SummaryRecord {
  _id: string;
  company_id: string;
  livemode: boolean;
  ruc: string;
  legal_name: string;
  kind: SummaryKind;
  number: number;
  /** The summary's date (Lima), part of its name. */
  issue_date: string;
  reference_date: string;
  /** `RA-YYYYMMDD-N`. */
  summary_id: string;
  /** `RUC-RA-YYYYMMDD-N`. */
  file_name: string;
  item_ids: string[];
  state: "built" | "ready" | "sending" | "ticketed" | "done";
  zip_key: string | null;
  ticket: string | null;
  /** Set when a send may have reached SUNAT without an answer: the next send of the same file tells. */
  uncertain: boolean;
  tries: number;
  polls: number;
  next_at: string;
  deadline_at: string;
  lease_until: string;
  last_error: string | null;
  outcome: "voided" | "failed" | null;
  sunat: SunatVerdict | null;
  failure: { code: string; message: string } | null;
  cdr_key: string | null;
  created_at: string;
}

export const voidItemsCollection: CollectionSpec = {
  name: "void_items",
  indexes: [{ fields: ["state", "received_at"] }],
};

export const summariesCollection: CollectionSpec = {
  name: "summaries",
  indexes: [{ fields: ["state", "next_at"] }],
};
