import { attr, child, children, text, type XmlNode } from "@einvoice/sunat";
import { amount, sum } from "./amounts.js";
import { issueFor, type RuleIssue } from "./rule-issue.js";

/** One `cac:PaymentTerms` with `cbc:ID` FormaPago: the form (`Credito`) or an installment (`Cuota001`). */
export interface FormaPago {
  means: string | undefined;
  amount: string | undefined;
  dueDate: string | undefined;
}

/** What the FormaPago rules read of a CreditNote. */
export interface NotePayment {
  responseCode: string | undefined;
  /** `cac:LegalMonetaryTotal/cbc:PayableAmount`. */
  payable: string | undefined;
  /** Catalog 06 type of the customer (`6` RUC). */
  customerIdType: string | undefined;
  terms: FormaPago[];
}

/** The modified invoice as the simulated SUNAT registered it (undefined when its facts were not kept). */
export interface RegisteredFacts {
  issue_date: string;
  payable: string;
  /** FormaPago of the invoice: `Contado`, `Credito`, or undefined when it had none. */
  payment_means?: string;
}

const CUOTA = /^Cuota\d{3}$/;

/** Reads the payment facts of a CreditNote or DebitNote root element. */
export function readNotePayment(note: XmlNode | undefined): NotePayment {
  const party = child(child(note, "AccountingCustomerParty"), "Party");
  return {
    responseCode: text(note, "DiscrepancyResponse", "ResponseCode") || undefined,
    payable:
      text(note, "LegalMonetaryTotal", "PayableAmount") ??
      text(note, "RequestedMonetaryTotal", "PayableAmount"),
    customerIdType: attr(child(child(party, "PartyIdentification"), "ID"), "schemeID"),
    terms: children(note, "PaymentTerms")
      .filter((t) => text(t, "ID") === "FormaPago")
      .map((t) => ({
        means: text(t, "PaymentMeansID") || undefined,
        amount: text(t, "Amount") || undefined,
        dueDate: text(t, "PaymentDueDate") || undefined,
      })),
  };
}

/**
 * NotaCredito2_0 sheet, FormaPago (fields 63–65) and code 13: 3245 FormaPago without PaymentMeansID, 3246 a
 * means other than `Credito`/`CuotaNNN`, 3248 a means repeated, 3252 installments without `Credito`; for a RUC
 * customer 3249 `Credito` without installments, 3251 without the pending amount, 3254/3256 an installment
 * without amount/due date; code 13: 3257 no FormaPago, 3315 a total other than zero (field 48), 3319 the
 * pending amount not Σ installments (RUC customer).
 */
export function checkNotePayment(note: NotePayment): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (code: string) => {
    if (!issues.some((i) => i.code === code)) issues.push(issueFor(code));
  };
  const code13 = note.responseCode === "13";
  if (code13 && note.terms.length === 0) add("3257");
  const payable = amount(note.payable);
  if (code13 && payable !== undefined && !payable.isZero()) add("3315");
  const seen = new Set<string>();
  for (const term of note.terms) {
    if (!term.means) add("3245");
    else if (term.means !== "Credito" && !CUOTA.test(term.means)) add("3246");
    if (term.means && seen.has(term.means)) add("3248");
    if (term.means) seen.add(term.means);
  }
  const credit = note.terms.find((t) => t.means === "Credito");
  const installments = note.terms.filter((t) => t.means !== undefined && CUOTA.test(t.means));
  if (installments.length > 0 && !credit) add("3252");
  const ruc = note.customerIdType === "6";
  if (credit && ruc) {
    if (installments.length === 0) add("3249");
    if (!credit.amount) add("3251");
  }
  if (ruc) {
    for (const i of installments) {
      if (!i.amount) add("3254");
      if (!i.dueDate) add("3256");
    }
  }
  const pending = amount(credit?.amount);
  const parts = installments.map((i) => amount(i.amount));
  if (code13 && ruc && pending && parts.length > 0 && parts.every((p) => p !== undefined)) {
    if (!sum(parts as NonNullable<(typeof parts)[number]>[]).equals(pending)) add("3319");
  }
  return issues;
}

/**
 * Code 13 against the modified invoice as registered (NotaCredito2_0 fields 18 and 63–65): 3260 not a credit
 * sale, 3320 a pending amount above the invoice's total, 3321 an installment due on or before its issue date.
 */
export function checkNotePaymentAgainst(note: NotePayment, invoice: RegisteredFacts): RuleIssue[] {
  if (note.responseCode !== "13") return [];
  const issues: RuleIssue[] = [];
  if (invoice.payment_means !== "Credito") issues.push(issueFor("3260"));
  const credit = note.terms.find((t) => t.means === "Credito");
  const pending = amount(credit?.amount);
  const total = amount(invoice.payable);
  if (pending && total && pending.greaterThan(total)) issues.push(issueFor("3320"));
  const early = note.terms.some(
    (t) =>
      t.means !== undefined &&
      CUOTA.test(t.means) &&
      t.dueDate !== undefined &&
      t.dueDate <= invoice.issue_date,
  );
  if (early) issues.push(issueFor("3321"));
  return issues;
}

/** The facts a note's rules later need of an invoice or receipt being registered. */
export function registeredFactsOf(document: XmlNode | undefined): RegisteredFacts | undefined {
  const issueDate = text(document, "IssueDate");
  const payable = text(document, "LegalMonetaryTotal", "PayableAmount");
  if (!issueDate || !payable) return undefined;
  const form = children(document, "PaymentTerms").find(
    (t) => text(t, "ID") === "FormaPago" && !CUOTA.test(text(t, "PaymentMeansID") ?? ""),
  );
  const means = text(form, "PaymentMeansID");
  return { issue_date: issueDate, payable, ...(means ? { payment_means: means } : {}) };
}
