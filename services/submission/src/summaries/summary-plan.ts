import type { SunatVerdict } from "@einvoice/domain";
import type { SummaryLineData, VoidItemRecord } from "./summary-records.js";

/** The document fields an RC line needs, as `documents.void_requested` carries them (decimal strings). */
export interface VoidedDocumentData {
  type: string;
  series: string;
  number: number;
  currency?: string;
  total?: string;
  customer?: { documentType: string; documentNumber: string };
  amounts?: {
    taxed: string;
    exempt: string;
    unaffected: string;
    export: string;
    free: string;
    igv: string;
    ivap: string;
    isc: string;
    icbper: string;
  };
  /** The IGV (or IVAP) rate the document's lines state, in percent (`18.00`, `10.50`). */
  igvPercent?: string;
}

const isPositive = (value: string | undefined) => value !== undefined && /[1-9]/.test(value);

/**
 * The summary line of a voided document. RC (CustomizationID 1.1) repeats the receipt's amounts: BillingPayment
 * per catálogo 11 (01 taxed, 02 exempt, 03 unaffected, 04 export, 05 free; only those above zero) and TaxTotal
 * per catálogo 05 (1000 IGV always, ERR 2048; 1016 IVAP, 2000 ISC, 7152 ICBPER when above zero). The IGV or IVAP
 * entry carries the rate of the receipt's lines: with 18 % and the special 10.5 % in force, SUNAT cannot infer it.
 */
export function summaryLineOf(document: VoidedDocumentData, reason: string): SummaryLineData {
  const a = document.amounts;
  const payments = a
    ? (
        [
          ["01", a.taxed],
          ["02", a.exempt],
          ["03", a.unaffected],
          ["04", a.export],
          ["05", a.free],
        ] as const
      )
        .filter(([, amount]) => isPositive(amount))
        .map(([code, amount]) => ({ code, amount }))
    : [];
  const vatScheme = a && isPositive(a.ivap) ? "1016" : "1000";
  const rate = (code: string) =>
    code === vatScheme && document.igvPercent !== undefined ? { percent: document.igvPercent } : {};
  const taxes = a
    ? [
        { code: "1000", amount: a.igv, ...rate("1000") },
        ...(
          [
            ["1016", a.ivap],
            ["2000", a.isc],
            ["7152", a.icbper],
          ] as const
        )
          .filter(([, amount]) => isPositive(amount))
          .map(([code, amount]) => ({ code, amount, ...rate(code) })),
      ]
    : [];
  return {
    type: document.type,
    series: document.series,
    number: document.number,
    reason,
    currency: document.currency ?? "PEN",
    customer_document_type: document.customer?.documentType ?? "0",
    customer_document_number: document.customer?.documentNumber ?? "-",
    total: document.total ?? "0.00",
    payments,
    taxes,
  };
}

/** Voids that may share one summary: same company, mode, RUC, kind and document issue date (ReferenceDate). */
export function batchKey(
  item: Pick<VoidItemRecord, "company_id" | "livemode" | "ruc" | "kind" | "reference_date">,
) {
  return `${item.company_id}|${item.livemode}|${item.ruc}|${item.kind}|${item.reference_date}`;
}

/**
 * Groups waiting voids whose oldest member has waited `windowMs`: voids of one group requested within the window
 * travel together. Groups are cut into summaries of at most `maxLines`, oldest first.
 */
export function readyBatches(
  waiting: VoidItemRecord[],
  now: Date,
  windowMs: number,
  maxLines: number,
): VoidItemRecord[][] {
  const groups = new Map<string, VoidItemRecord[]>();
  for (const item of [...waiting].sort((x, y) => x.received_at.localeCompare(y.received_at))) {
    const key = batchKey(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const cutoff = now.getTime() - windowMs;
  return [...groups.values()]
    .filter((group) => Date.parse(group[0]!.received_at) <= cutoff)
    .flatMap((group) =>
      Array.from({ length: Math.ceil(group.length / maxLines) }, (_, i) =>
        group.slice(i * maxLines, (i + 1) * maxLines),
      ),
    );
}

/** Delay before the n-th poll of a ticket (n from 0): first, doubling, capped. */
export function pollDelay(n: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.min(n, 20));
}

/** What SUNAT's CDR (or fault) for a summary means for its voids. */
export function summaryOutcome(verdict: Pick<SunatVerdict, "code">): "voided" | "failed" {
  // A summary is accepted as a whole (code 0, or an observation ≥ 4000); 2000–3999 rejects all its lines.
  const code = Number(verdict.code);
  return code === 0 || code >= 4000 ? "voided" : "failed";
}
