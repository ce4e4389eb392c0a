import { CREDIT_NOTE_REASONS, DEBIT_NOTE_REASONS } from "@einvoice/domain";
import { child, text, type XmlNode } from "@einvoice/sunat";
import { issueFor, type RuleIssue } from "./rule-issue.js";

/** What SUNAT's note rules read of a CreditNote or DebitNote. */
export interface NoteDocument {
  root: "CreditNote" | "DebitNote";
  /** The note's own series (`FC01` of `FC01-3`). */
  series: string;
  responseCode: string | undefined;
  description: string | undefined;
  /** `cac:BillingReference/cac:InvoiceDocumentReference`; undefined when absent. */
  reference: { id: string; type: string } | undefined;
}

/** Catalog 09 (credit) and catalog 10 (debit), as the Catálogos sheet lists them. */
const REASONS = { CreditNote: CREDIT_NOTE_REASONS, DebitNote: DEBIT_NOTE_REASONS } as const;

/** A note read from the tree parseXml made; undefined when the root is neither CreditNote nor DebitNote. */
export function readNote(parsed: XmlNode): NoteDocument | undefined {
  const root = child(parsed, "CreditNote")
    ? "CreditNote"
    : child(parsed, "DebitNote")
      ? "DebitNote"
      : undefined;
  if (!root) return undefined;
  const note = child(parsed, root);
  const discrepancy = child(note, "DiscrepancyResponse");
  const reference = child(child(note, "BillingReference"), "InvoiceDocumentReference");
  return {
    root,
    series: (text(note, "ID") ?? "").split("-")[0] ?? "",
    responseCode: text(discrepancy, "ResponseCode") || undefined,
    description: text(discrepancy, "Description") || undefined,
    reference: reference
      ? { id: text(reference, "ID") ?? "", type: text(reference, "DocumentTypeCode") ?? "" }
      : undefined,
  };
}

/**
 * The structural ERROR rules of the NotaCredito2_0 / NotaDebito2_0 sheets on the reason and the reference:
 * 2128 ResponseCode absent, 2172 not in catalog 09/10, 2136 Description absent (field 6–7), 2524 no
 * BillingReference when the code is not credit `10` (field 18), 2117 the modified id's format, 2116 / 2399 the
 * modified type against the note's series letter (`F…` modifies `01`, `B…` modifies `03`; field 19), 3259 a credit
 * code 13 on anything but an invoice (field 19).
 */
export function checkNoteRules(note: NoteDocument): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!note.responseCode) issues.push(issueFor("2128"));
  else if (!Object.hasOwn(REASONS[note.root], note.responseCode)) issues.push(issueFor("2172"));
  if (!note.description) issues.push(issueFor("2136"));
  const others = note.root === "CreditNote" && note.responseCode === "10";
  if (!note.reference) {
    if (!others) issues.push(issueFor("2524"));
    return issues;
  }
  const letter = note.series[0];
  const pattern = note.reference.type === "01" ? /^F[A-Z0-9]{3}-\d{1,8}$/ : /^B[A-Z0-9]{3}-\d{1,8}$/;
  if (!pattern.test(note.reference.id)) issues.push(issueFor("2117"));
  if (letter === "F" && note.reference.type !== "01") issues.push(issueFor("2116"));
  if (letter === "B" && note.reference.type !== "03") issues.push(issueFor("2399"));
  // Credit code 13 (new due dates of a credit sale) modifies an invoice only (field 19, ERR 3259).
  const refusedOnReceipts =
    note.root === "CreditNote" && CREDIT_NOTE_REASONS[note.responseCode ?? ""]?.receipts === "refused";
  if (refusedOnReceipts && note.reference.type !== "01") issues.push(issueFor("3259"));
  return issues;
}

/** `RUC-TT-SERIE-NUMERO` of the modified document, as the registry keys it; undefined when it does not parse. */
export function referencedIdentity(ruc: string, note: NoteDocument): string | undefined {
  const match = /^([A-Z0-9]{4})-(\d{1,8})$/.exec(note.reference?.id ?? "");
  if (!match || !note.reference) return undefined;
  return `${ruc}-${note.reference.type}-${match[1]}-${Number(match[2])}`;
}

/**
 * The rules on the modified document as SUNAT has it registered (NotaCredito/NotaDebito field 18): 2119 not
 * registered, 2121 registered as rejected,
 * 2120 voided.
 */
export function referenceIssues(
  registration: { outcome: string; voided_by?: string | null } | null,
): RuleIssue[] {
  if (!registration) return [issueFor("2119")];
  if (registration.outcome === "rejected") return [issueFor("2121")];
  if (registration.voided_by) return [issueFor("2120")];
  return [];
}
