import type { IsoDate, PaymentInput, PaymentTerms, SaleDocumentType } from "@einvoice/domain";
import { isIsoDate } from "./dates.js";
import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";
import { type Dec, fmt2, sum } from "./money.js";
import { parseDecimal } from "./parse-number.js";

/** Installment ids are `Cuota001`…`Cuota999` (ERR 3246). */
export const MAX_INSTALLMENTS = 999;

export const paymentType = (p: PaymentInput | undefined): string => p?.type ?? "cash";

/**
 * FormaPago (RS 193-2020, ERR 3244): `Contado`, or `Credito` with the net amount pending (≤ total, ERR 3265) and
 * its installments (ERR 3249), each due after the issue date (ERR 3267). Invoices only (spec rule 4).
 * `detractionPen` is subtracted from the pending amount when the document is in PEN; a USD document cannot
 * subtract a PEN detraction without an exchange rate, so its pending amount is Σ installments (≤ total).
 */
export function paymentTerms(
  input: PaymentInput | undefined,
  type: SaleDocumentType,
  currency: string,
  issueDate: IsoDate,
  payable: Dec | undefined,
  detractionPen: Dec | undefined,
  errors: Errors,
): PaymentTerms {
  const kind = paymentType(input);
  const installments = input?.installments ?? [];
  if (kind !== "cash" && kind !== "credit") {
    errors.add("payment.type", TAX_ERRORS.invalid_payment_type, "payment.type is cash or credit");
    return { means: "Contado", installments: [] };
  }
  if (kind === "cash") {
    if (installments.length > 0) {
      errors.add(
        "payment.installments",
        TAX_ERRORS.installments_require_credit,
        "installments go with payment.type credit",
      );
    }
    return { means: "Contado", installments: [] };
  }
  if (type === "03") {
    errors.add(
      "payment.type",
      TAX_ERRORS.credit_not_allowed_on_receipt,
      "a credit sale is issued on an invoice only",
    );
    return { means: "Contado", installments: [] };
  }
  if (installments.length === 0) {
    errors.add("payment.installments", TAX_ERRORS.required, "a credit sale needs at least one installment"); // ERR 3249
    return { means: "Credito", installments: [] };
  }
  if (installments.length > MAX_INSTALLMENTS) {
    errors.add(
      "payment.installments",
      TAX_ERRORS.too_many_installments,
      `at most ${MAX_INSTALLMENTS} installments`,
    );
    return { means: "Credito", installments: [] };
  }
  const before = errors.count;
  const amounts: Dec[] = [];
  const out: PaymentTerms["installments"] = [];
  installments.forEach((inst, i) => {
    const param = `payment.installments.${i}`;
    const amount = parseDecimal(inst?.amount, `${param}.amount`, { decimals: 2 }, errors);
    const due = inst?.due_date;
    if (!isIsoDate(due)) {
      errors.add(`${param}.due_date`, TAX_ERRORS.invalid_date, "due_date must be a calendar date YYYY-MM-DD");
    } else if (due <= issueDate) {
      errors.add(
        `${param}.due_date`,
        TAX_ERRORS.due_date_not_after_issue_date,
        "an installment falls due after the issue date",
      );
    }
    if (amount && isIsoDate(due)) {
      amounts.push(amount);
      out.push({ id: `Cuota${String(i + 1).padStart(3, "0")}`, amount: fmt2(amount), due_date: due });
    }
  });
  if (errors.count > before) return { means: "Credito", installments: [] };
  if (payable === undefined) return { means: "Credito", installments: out }; // lines failed: no sum to check
  const total = sum(amounts);
  const subtractDetraction = detractionPen !== undefined && currency === "PEN";
  const pending = subtractDetraction ? payable.minus(detractionPen) : payable;
  if (detractionPen !== undefined && currency !== "PEN") {
    if (total.greaterThan(payable)) {
      errors.add(
        "payment.installments",
        TAX_ERRORS.installments_sum_mismatch,
        "installments may not exceed the total",
      ); // 3265
    }
    return { means: "Credito", pending_amount: fmt2(total), installments: out };
  }
  if (!total.equals(pending)) {
    const what = subtractDetraction ? "the total less the detraction" : "the total";
    errors.add(
      "payment.installments",
      TAX_ERRORS.installments_sum_mismatch,
      `installments sum ${fmt2(total)} but must sum to ${what} (${fmt2(pending)})`,
    );
  }
  return { means: "Credito", pending_amount: fmt2(pending), installments: out };
}
