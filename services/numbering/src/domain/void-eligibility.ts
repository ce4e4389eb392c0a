import type { DocumentStatus, DocumentVoid, SummaryKind } from "@einvoice/domain";
import { SERVICE_ERRORS, type ServiceError } from "@einvoice/platform";

/** How SUNAT takes the void of a document: comunicación de baja (RA) or resumen diario line, condition 3 (RC). */
export type VoidChannel = SummaryKind;

/**
 * SUNAT's window for both channels: a void (RA line, or RC line with condition code 3) of a document issued more
 * than 7 calendar days before the summary's date is rejected with ERR 2957 (sunat-facts §6). The summary is dated
 * the day it is built (Lima), so the request is refused once Lima's today is past issue date + 7.
 */
export const VOID_WINDOW_DAYS = 7;

export interface VoidCandidate {
  type: string;
  series: string;
  status: DocumentStatus;
  issue_date: string;
  void?: Pick<DocumentVoid, "status"> | null;
}

export type VoidDecision =
  | { ok: true; channel: VoidChannel }
  | { ok: false; kind: "conflict"; error: ServiceError; message: string }
  | { ok: false; kind: "invalid"; param: string; error: ServiceError; message: string };

/** Last day (`YYYY-MM-DD`) a document issued on `issueDate` can still be voided. */
export function lastVoidDay(issueDate: string): string {
  const day = new Date(`${issueDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + VOID_WINDOW_DAYS);
  return day.toISOString().slice(0, 10);
}

/**
 * Whether a document can be voided today (`today`: Lima's date). Order: guides (never through the API), the
 * document's status and any void already running, then the channel and SUNAT's 7-day window.
 */
export function decideVoid(document: VoidCandidate, today: string): VoidDecision {
  if (document.type === "09" || document.type === "31") {
    return conflict(
      SERVICE_ERRORS.despatch_void_in_portal,
      "A despatch advice cannot be voided through the API: SUNAT only takes its void in SUNAT Operaciones en Línea (SOL), before the transport starts or when the recipient changes.",
    );
  }
  if (document.status === "voided" || document.void?.status === "voided") {
    return conflict(SERVICE_ERRORS.document_already_voided, "This document is already voided.");
  }
  if (document.void?.status === "pending") {
    return conflict(
      SERVICE_ERRORS.void_in_progress,
      "A void of this document is already on its way to SUNAT; wait for document.voided or document.void_failed.",
    );
  }
  if (document.status !== "accepted" && document.status !== "observed") {
    return conflict(
      SERVICE_ERRORS.document_not_voidable,
      `Only documents SUNAT accepted can be voided; this one is ${document.status}.`,
    );
  }
  const channel = channelOf(document);
  if (!channel) {
    return conflict(
      SERVICE_ERRORS.document_not_voidable,
      `Documents of type ${document.type} in series ${document.series} cannot be voided through the API.`,
    );
  }
  const last = lastVoidDay(document.issue_date);
  if (today > last) {
    return {
      ok: false,
      kind: "invalid",
      param: "issue_date",
      error: SERVICE_ERRORS.void_window_closed,
      message: `SUNAT only takes a void up to ${VOID_WINDOW_DAYS} days after the issue date (${document.issue_date}); the last day was ${last}. Issue a credit note instead.`,
    };
  }
  return { ok: true, channel };
}

/**
 * Invoices and their notes (series F…) by RA; receipts (03) and their notes (series B…) by an RC line with
 * condition 3 (RV:Resumen_Diario1_1 items 11–11.2 ask for the modified receipt only when the condition is not 3).
 */
function channelOf(document: VoidCandidate): VoidChannel | undefined {
  const note = document.type === "07" || document.type === "08";
  if (document.type === "01" || (note && document.series.startsWith("F"))) return "RA";
  if (document.type === "03" || (note && document.series.startsWith("B"))) return "RC";
  return undefined;
}

function conflict(error: ServiceError, message: string): VoidDecision {
  return { ok: false, kind: "conflict", error, message };
}

/**
 * The caller's reason, as SUNAT prints it in VoidReasonDescription (an..100): 1 to 100 characters, not blank,
 * without control characters (they cannot travel in XML or would garble the printed summary). Returns the
 * problem in plain words, or undefined when the reason is fine.
 */
export function reasonProblem(reason: string): string | undefined {
  if (reason.trim() === "") return "Give the reason for the void (1 to 100 characters).";
  if ([...reason].length > 100) return "The reason can be at most 100 characters long (SUNAT's limit).";
  // C0 and C1 controls, DEL, and unpaired surrogates (not representable in XML).
  if (
    [...reason].some((c) => isControl(c.codePointAt(0) ?? 0)) ||
    /[\ud800-\udfff]/.test(reason.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""))
  )
    return "The reason cannot contain control characters such as line breaks or tabs.";
  return undefined;
}

const isControl = (code: number): boolean => code < 0x20 || (code >= 0x7f && code <= 0x9f);
