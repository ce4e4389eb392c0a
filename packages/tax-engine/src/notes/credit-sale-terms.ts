import type {
  ComputedDocument,
  ComputedLine,
  IsoDate,
  LineTax,
  NoteInstallmentsInput,
  TaxSchemeId,
  TaxSubtotal,
} from "@einvoice/domain";
import { amountInWords } from "../amount-in-words.js";
import { LEGEND } from "../catalogs.js";
import { TAX_ERRORS } from "../error-table.js";
import type { Errors } from "../errors.js";
import { D, fmt2, sum } from "../money.js";
import { paymentTerms } from "../payment.js";

const ZERO = "0.00";

/**
 * IGV-type schemes a zero line keeps (with their rate and exemption code). ISC, ICBPER and other taxes have
 * per-unit or tiered amounts that cannot be zero with their inputs, so a line of a schedule note carries none.
 */
const KEPT_SCHEMES: ReadonlySet<TaxSchemeId> = new Set<TaxSchemeId>([
  "1000",
  "1016",
  "9995",
  "9996",
  "9997",
  "9998",
]);

/**
 * Credit note code 13 (catalog 09): the new amount pending and due dates of a credit sale. NotaCredito2_0 sheet:
 * only on an invoice (ERR 3259) sold on credit (ERR 3260); the note's total is zero (field 48, ERR 3315), so its
 * lines are the invoice's at zero value; FormaPago `Credito` with the pending amount (field 63, ERR 3257,
 * 3251) equal to Σ installments (ERR 3319) and not above the invoice's total (ERR 3320), each installment
 * due after the invoice's issue date (fields 64–65, ERR 3321; the engine asks for after the note's own, which
 * is not before the invoice's).
 */
export function creditSaleTerms(
  payment: NoteInstallmentsInput | undefined,
  modified: { type: "01" | "03"; computed: ComputedDocument },
  issueDate: IsoDate,
  errors: Errors,
): ComputedDocument | undefined {
  const before = errors.count;
  if (modified.type !== "01") {
    errors.add(
      "reason_code",
      TAX_ERRORS.reason_not_for_receipt,
      "reason_code 13 (new due dates of a credit sale) modifies an invoice only: a receipt has no credit sale",
    ); // ERR 3259
    return undefined;
  }
  if (modified.computed.payment_terms.means !== "Credito") {
    errors.add(
      "reason_code",
      TAX_ERRORS.document_not_credit_sale,
      "reason_code 13 changes the installments of a credit sale: the modified invoice was paid in cash (Contado)",
    ); // ERR 3260
  }
  if (payment === null || typeof payment !== "object" || !Array.isArray(payment.installments)) {
    errors.add(
      "payment.installments",
      TAX_ERRORS.required,
      "reason_code 13 carries payment.installments: the new amount and due date of each installment",
    ); // ERR 3257
    return undefined;
  }
  const terms = paymentTerms(
    { type: "credit", installments: payment.installments },
    "01",
    modified.computed.currency,
    issueDate,
    undefined,
    undefined,
    errors,
  );
  if (errors.count > before) return undefined;
  const pending = sum(terms.installments.map((i) => new D(i.amount)));
  const total = new D(modified.computed.amounts.total);
  if (pending.greaterThan(total)) {
    errors.add(
      "payment.installments",
      TAX_ERRORS.installments_exceed_document_total,
      `the installments sum ${fmt2(pending)}, more than the invoice's total (${fmt2(total)})`,
    ); // ERR 3320
    return undefined;
  }
  const lines = modified.computed.lines.map(zeroLine);
  return {
    ...modified.computed,
    issue_date: issueDate,
    lines,
    allowance_charges: [],
    tax_subtotals: zeroSubtotals(lines),
    tax_total: ZERO,
    monetary_total: {
      line_extension_amount: ZERO,
      tax_inclusive_amount: ZERO,
      allowance_total_amount: ZERO,
      charge_total_amount: ZERO,
      prepaid_amount: ZERO,
      payable_amount: ZERO,
    },
    legends: [{ code: LEGEND.amountInWords, text: amountInWords(ZERO, modified.computed.currency) }],
    payment_terms: { means: "Credito", pending_amount: fmt2(pending), installments: terms.installments },
    prepayments: [],
    amounts: {
      taxed: ZERO,
      exempt: ZERO,
      unaffected: ZERO,
      export: ZERO,
      free: ZERO,
      igv: ZERO,
      ivap: ZERO,
      isc: ZERO,
      icbper: ZERO,
      discounts: ZERO,
      prepaid: ZERO,
      total: ZERO,
    },
  };
}

/** The invoice's line with every amount zero: its description, quantity, unit, affectation and rate remain. */
function zeroLine(line: ComputedLine): ComputedLine {
  const taxes: LineTax[] = line.taxes
    .filter((t) => KEPT_SCHEMES.has(t.scheme))
    .map((t) => ({
      scheme: t.scheme,
      taxable_amount: ZERO,
      tax_amount: ZERO,
      ...(t.percent !== undefined ? { percent: t.percent } : {}),
      ...(t.exemption_reason !== undefined ? { exemption_reason: t.exemption_reason } : {}),
    }));
  return {
    ...line,
    unit_value: ZERO,
    reference_price: { type_code: line.reference_price.type_code, amount: ZERO },
    line_extension_amount: ZERO,
    allowance_charges: [],
    taxes,
    tax_total: ZERO,
  };
}

/** One zero document subtotal per scheme the zero lines carry, in the order they first appear. */
function zeroSubtotals(lines: ComputedLine[]): TaxSubtotal[] {
  const schemes: TaxSchemeId[] = [];
  for (const line of lines)
    for (const t of line.taxes) if (!schemes.includes(t.scheme)) schemes.push(t.scheme);
  return schemes.map((scheme) => ({ scheme, taxable_amount: ZERO, tax_amount: ZERO }));
}
