import type {
  ComputedDocument,
  ComputeResult,
  CustomerInput,
  FieldError,
  IgvRegime,
  InvoiceRequest,
  IsoDate,
  NoteDocumentType,
  NoteReasonSpec,
  NoteRequest,
} from "@einvoice/domain";
import { noteReasons } from "@einvoice/domain";
import { computeDocument } from "../compute-document.js";
import { TAX_ERRORS } from "../error-table.js";
import { Errors } from "../errors.js";
import { D } from "../money.js";
import { isSingleLineText } from "../text.js";
import { isIdentified } from "../validate-customer.js";
import { creditSaleTerms } from "./credit-sale-terms.js";

/** The invoice or receipt a note modifies, as the register stores it. */
export interface ModifiedDocument {
  id: string;
  type: "01" | "03";
  series: string;
  number: number;
  issue_date: IsoDate;
  computed: ComputedDocument;
}

export interface NoteContext {
  type: NoteDocumentType;
  /** Today in Lima; issue-date windows are checked against it. */
  today: IsoDate;
  modified: ModifiedDocument;
  /**
   * The issuer's IGV regime today: used only when the modified document has no IGV line to take the rate from
   * (a note's IGV lines carry the modified document's rate, see {@link igvRateOf}).
   */
  igvRegime?: IgvRegime;
}

/** cac:DiscrepancyResponse/cbc:Description is an..500 on one line (ERR 2136 absent, 2135 format). */
const MAX_DESCRIPTION = 500;
const NOTE_SERIES = /^[FB][A-Z0-9]{3}$/;

/**
 * Computes a credit (07) or debit (08) note: the note's own checks, then the lines through the invoice engine
 * ({@link computeDocument}, so a note rounds exactly as an invoice does) with the modified document's customer
 * and currency, then the reference and the reason. Pure; every error is collected and named by its field.
 */
export function computeNote(request: NoteRequest, ctx: NoteContext): ComputeResult {
  const errors = new Errors();
  const { modified } = ctx;
  const reason = checkReason(request, ctx, errors);
  checkDescription(request.description, errors);
  checkSeries(request.series, modified, errors);
  if (request.currency !== undefined && request.currency !== modified.computed.currency) {
    // ERR 3209 (invoices) / OBSERV 4368 (receipts), NotaCredito and NotaDebito sheets, field 18.
    errors.add(
      "currency",
      TAX_ERRORS.currency_differs_from_document,
      `a note is in the currency of the document it modifies (${modified.computed.currency})`,
    );
  }
  const issueDate = request.issue_date ?? ctx.today;
  if (typeof issueDate === "string" && issueDate < modified.issue_date) {
    // ERR 2885 (NotaCredito and NotaDebito sheets, field 18).
    errors.add(
      "issue_date",
      TAX_ERRORS.issue_date_before_document,
      `a note's issue_date may not precede the modified document's (${modified.issue_date})`,
    );
  }
  const items = request.items ?? [];
  if (reason?.body === "copy" && items.length > 0) {
    errors.add(
      "items",
      TAX_ERRORS.items_not_allowed,
      `reason_code ${request.reason_code} annuls or returns the whole document: send no items, the note copies its lines`,
    );
  }
  // An empty list is no items: the request crosses the tax service as protobuf, where absent and empty are one.
  if (reason?.body === "installments" && items.length > 0) {
    errors.add(
      "items",
      TAX_ERRORS.items_not_allowed,
      "reason_code 13 changes only the installments of the credit sale: send payment.installments and no items (the note's amounts are zero)",
    );
  }
  if (reason && reason.body !== "installments" && request.payment !== undefined) {
    errors.add(
      "payment",
      TAX_ERRORS.payment_not_allowed,
      "payment goes only with credit note reason_code 13 (new installments of a credit sale)",
    );
  }
  if (reason?.body === "copy" && hasDocumentLevelCharges(modified.computed)) {
    // The NotaCredito2_0 sheet has no detraction, perception or prepayment fields: a copy of such a document's
    // totals could not state them, so the whole-document codes are refused and its lines are credited instead.
    errors.add(
      "reason_code",
      TAX_ERRORS.reason_not_supported_for_document,
      `reason_code ${request.reason_code} copies the whole document, and a note cannot carry its detraction, perception or prepayments: credit its lines with reason_code 07 (return per item) instead`,
    );
  }
  checkAffectations(request, reason, errors);

  let computed: ComputedDocument | undefined;
  if (reason?.body === "copy") {
    computed = { ...modified.computed, issue_date: issueDate };
  } else if (reason?.body === "installments") {
    computed = creditSaleTerms(request.payment, modified, issueDate, errors);
  } else {
    const igvRate = igvRateOf(modified.computed);
    const result = computeDocument(invoiceRequestOf(request, modified, issueDate), {
      type: modified.type,
      today: ctx.today,
      ...(igvRate !== undefined ? { igvRate } : { igvRegime: ctx.igvRegime }),
    });
    // The series is the note's (checked above), not the engine's invoice or receipt pattern.
    if (!result.ok) for (const e of result.errors) if (e.param !== "series") errors.list.push(e);
    if (result.ok) computed = result.document;
  }
  if (errors.count > 0 || !computed || !reason) return { ok: false, errors: dedupe(errors.list) };

  const { detraction: _d, perception: _p, ...rest } = computed;
  return {
    ok: true,
    document: {
      ...rest,
      type: ctx.type,
      series: request.series,
      prepayments: [],
      reference: {
        document_id: modified.id,
        type: modified.type,
        series: modified.series,
        number: modified.number,
        issue_date: modified.issue_date,
      },
      reason: { code: request.reason_code, description: request.description.trim() },
    },
  };
}

function checkReason(request: NoteRequest, ctx: NoteContext, errors: Errors): NoteReasonSpec | undefined {
  const catalog = noteReasons(ctx.type);
  const code = request.reason_code;
  const name = ctx.type === "07" ? "catalog 09 (credit notes)" : "catalog 10 (debit notes)";
  if (typeof code !== "string" || code === "") {
    errors.add("reason_code", TAX_ERRORS.required, `reason_code is required: a code of ${name}`);
    return undefined;
  }
  const spec = catalog[code];
  if (!spec) {
    // ERR 2172 (NotaCredito) / the same rule on NotaDebito, field 6.
    errors.add(
      "reason_code",
      TAX_ERRORS.invalid_reason_code,
      `reason_code must be one of ${Object.keys(catalog).join(", ")} (${name})`,
    );
    return undefined;
  }
  if (ctx.modified.type === "03" && spec.receipts === "observed") {
    // OBSERV 4367 (NotaCredito sheet, field 19).
    errors.add(
      "reason_code",
      TAX_ERRORS.reason_not_for_receipt,
      `reason_code ${code} (${spec.name}) may not modify a receipt: SUNAT observes it`,
    );
  }
  if (code === "11" && ctx.modified.computed.operation_type !== "0200") {
    errors.add(
      "reason_code",
      TAX_ERRORS.reason_not_for_document,
      "reason_code 11 adjusts an export: the modified document is not one",
    );
  }
  return spec;
}

/** ERR 2642 (code 11: every line 40) and ERR 2644 (code 12: every line 17), NotaCredito sheet field 33. */
function checkAffectations(request: NoteRequest, reason: NoteReasonSpec | undefined, errors: Errors): void {
  const required = reason?.itemAffectation;
  if (!required) return;
  (request.items ?? []).forEach((item, i) => {
    if ((item.tax_affectation ?? "10") !== required) {
      errors.add(
        `items.${i}.tax_affectation`,
        TAX_ERRORS.affectation_not_for_reason,
        `reason_code ${request.reason_code} needs tax_affectation ${required} on every item`,
      );
    }
  });
}

function checkDescription(description: unknown, errors: Errors): void {
  if (typeof description !== "string" || description.trim() === "") {
    errors.add(
      "description",
      TAX_ERRORS.required,
      "description is required: the reason for the note in words",
    );
  } else if (description.length > MAX_DESCRIPTION || !isSingleLineText(description)) {
    errors.add(
      "description",
      TAX_ERRORS.invalid_description,
      `description is 1–${MAX_DESCRIPTION} characters on one line (no tabs or line breaks)`,
    );
  }
}

/** The series letter follows the modified document: F… for an invoice (ERR 2116), B… for a receipt (ERR 2399). */
function checkSeries(series: unknown, modified: ModifiedDocument, errors: Errors): void {
  const letter = modified.type === "01" ? "F" : "B";
  if (typeof series !== "string" || !NOTE_SERIES.test(series)) {
    errors.add(
      "series",
      TAX_ERRORS.invalid_series,
      `series must be 4 characters: ${letter} and 3 letters or digits`,
    );
  } else if (series[0] !== letter) {
    errors.add(
      "series",
      TAX_ERRORS.series_letter_mismatch,
      `a note on ${modified.type === "01" ? "an invoice" : "a receipt"} has a series starting with ${letter}`,
    );
  }
}

/**
 * The IGV rate of the modified document as a fraction (its IGV lines' `cbc:Percent`, one per document: ERR 3462),
 * so a note corrects a sale at the rate it was taxed with, not at the issuer's regime of today. Undefined when
 * the document has no IGV line.
 */
export function igvRateOf(doc: ComputedDocument): string | undefined {
  for (const line of doc.lines) {
    for (const tax of line.taxes) {
      if (tax.scheme === "1000" && tax.percent !== undefined) return new D(tax.percent).div(100).toFixed();
    }
  }
  return undefined;
}

function hasDocumentLevelCharges(doc: ComputedDocument): boolean {
  return doc.detraction !== undefined || doc.perception !== undefined || doc.prepayments.length > 0;
}

/** The note's lines as an invoice request of the modified document's type, customer and currency. */
function invoiceRequestOf(
  request: NoteRequest,
  modified: ModifiedDocument,
  issueDate: string,
): InvoiceRequest {
  const party = modified.computed.customer;
  // An invoice always names its buyer, a foreign one (`0`/`-`) on an export; only an anonymous receipt does not.
  const named = isIdentified(party) || modified.type === "01" || party.country_code !== undefined;
  const customer: CustomerInput | undefined = named
    ? {
        document_type: party.document_type,
        document_number: party.document_number,
        name: party.name,
        ...(party.address ? { address: party.address } : {}),
        ...(party.country_code ? { country_code: party.country_code } : {}),
      }
    : undefined;
  return {
    series: request.series,
    currency: modified.computed.currency,
    issue_date: issueDate,
    ...(customer ? { customer } : {}),
    items: request.items ?? [],
  };
}

function dedupe(list: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const key = `${e.param}|${e.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
