/** 422 table: detraction (rule 6), perception (rule 11), credit sale (rule 4) and prepayments (rule 7). */
import { limaDay } from "./dates.js";
import { credit, DETRACTION, DNI_CUSTOMER, item } from "./requests.js";
import { type CaseSpec, prepayment } from "./validation-case.js";

export const OPERATION_CASES: CaseSpec[] = [
  // --- detraction (rule 6) ---
  {
    name: "detraction on a receipt",
    receipt: { detraction: DETRACTION },
    errors: ["detraction:detraction_not_allowed_on_receipt"],
  },
  ...["004", "027", "028"].map(
    (code): CaseSpec => ({
      name: `detraction code ${code} (not offered)`,
      invoice: { detraction: { ...DETRACTION, code } },
      errors: ["detraction.code:detraction_code_not_offered"],
    }),
  ),
  {
    name: "detraction code outside catalog 54",
    invoice: { detraction: { ...DETRACTION, code: "999" } },
    errors: ["detraction.code:unknown_detraction_code"],
  },
  {
    name: "detraction in USD without amount",
    invoice: { currency: "USD", detraction: DETRACTION },
    errors: ["detraction.amount:required_when_not_pen"],
  },
  {
    name: "detraction amount far from percent × total",
    invoice: { detraction: { ...DETRACTION, amount: "20.00" } },
    errors: ["detraction.amount:detraction_amount_mismatch"],
  },
  {
    name: "detraction payment method outside catalog 59",
    invoice: { detraction: { ...DETRACTION, payment_method: "777" } },
    errors: ["detraction.payment_method:unknown_payment_method"],
  },
  {
    name: "detraction account blank",
    invoice: { detraction: { ...DETRACTION, account: "   " } },
    errors: ["detraction.account:required"],
  },
  {
    name: "detraction account with a control character",
    invoice: { detraction: { ...DETRACTION, account: "00-000\u001b-123456" } },
    errors: ["detraction.account:invalid_characters"],
  },
  {
    name: "detraction percent 0",
    invoice: { detraction: { ...DETRACTION, percent: 0 } },
    errors: ["detraction.percent:must_be_positive"],
  },
  {
    name: "detraction percent with 3 decimals",
    invoice: { detraction: { ...DETRACTION, percent: "12.345" } },
    errors: ["detraction.percent:too_many_decimals"],
  },
  {
    name: "detraction with perception",
    invoice: { detraction: DETRACTION, perception: { code: "51" } },
    errors: ["perception:perception_with_detraction"],
  },

  // --- perception (rule 11) ---
  {
    name: "perception in USD",
    invoice: { currency: "USD", perception: { code: "51" } },
    errors: ["perception:perception_requires_pen"],
  },
  {
    name: "perception on a credit sale",
    invoice: () => ({ perception: { code: "51" }, payment: credit(["118.00", limaDay(30)]) }),
    errors: ["perception:perception_requires_cash"],
  },
  {
    name: "perception code outside 51/52/53",
    receipt: { customer: DNI_CUSTOMER, perception: { code: "54" } },
    errors: ["perception.code:unknown_perception_code"],
  },

  // --- credit sale (rule 4) ---
  {
    name: "credit sale on a receipt",
    receipt: () => ({ payment: credit(["118.00", limaDay(30)]) }),
    errors: ["payment.type:credit_not_allowed_on_receipt"],
  },
  {
    name: "installments on a cash receipt",
    receipt: () => ({
      payment: { type: "cash", installments: [{ amount: "118.00", due_date: limaDay(30) }] },
    }),
    errors: ["payment.installments:installments_require_credit"],
  },
  {
    name: "installments on a cash invoice",
    invoice: () => ({
      payment: { type: "cash", installments: [{ amount: "118.00", due_date: limaDay(30) }] },
    }),
    errors: ["payment.installments:installments_require_credit"],
  },
  {
    name: "credit sale without installments",
    invoice: { payment: { type: "credit" } },
    errors: ["payment.installments:required"],
  },
  {
    name: "installments not summing to the total",
    invoice: () => ({ payment: credit(["50.00", limaDay(30)], ["50.00", limaDay(60)]) }),
    errors: ["payment.installments:installments_sum_mismatch"],
  },
  {
    name: "installments summing to the total despite a detraction",
    invoice: () => ({ detraction: DETRACTION, payment: credit(["118.00", limaDay(30)]) }),
    errors: ["payment.installments:installments_sum_mismatch"],
  },
  {
    name: "installments above the total in USD with a detraction",
    invoice: () => ({
      currency: "USD",
      detraction: { ...DETRACTION, amount: "50.00" },
      payment: credit(["118.01", limaDay(30)]),
    }),
    errors: ["payment.installments:installments_sum_mismatch"],
  },
  {
    name: "installment due before the issue date",
    invoice: () => ({ payment: credit(["18.00", limaDay(30)], ["100.00", limaDay(-1)]) }),
    errors: ["payment.installments.1.due_date:due_date_not_after_issue_date"],
  },
  {
    // ERR 3267 also refuses a due date equal to the issue date (the tax-engine rule for credit terms: each due after the issue date).
    name: "installment due on the issue date",
    invoice: () => ({ payment: credit(["118.00", limaDay(0)]) }),
    errors: ["payment.installments.0.due_date:due_date_not_after_issue_date"],
  },
  {
    name: "installment amount with 3 decimals",
    invoice: () => ({ payment: credit(["118.001", limaDay(30)]) }),
    errors: ["payment.installments.0.amount:too_many_decimals"],
  },
  {
    name: "installment amount 0",
    invoice: () => ({ payment: credit(["118.00", limaDay(30)], ["0", limaDay(60)]) }),
    errors: ["payment.installments.1.amount:must_be_positive"],
  },
  {
    name: "1000 installments",
    invoice: () => ({
      payment: credit(...Array.from({ length: 1000 }, (): [string, string] => ["0.01", limaDay(30)])),
    }),
    errors: ["payment.installments:too_many_installments"],
  },

  // --- prepayments (rule 7) ---
  {
    name: "prepayment above the document",
    invoice: { prepayments: [prepayment({ amount: "118.01" })] },
    errors: ["prepayments.0.amount:prepayment_exceeds_document"],
  },
  {
    name: "two prepayments above the document together",
    invoice: {
      prepayments: [prepayment({ amount: "60.00" }), prepayment({ amount: "60.00" }, { number: 2 })],
    },
    errors: ["prepayments.1.amount:prepayment_exceeds_document"],
  },
  {
    name: "prepayment above a receipt",
    receipt: { prepayments: [prepayment({ amount: "118.01" }, { type: "03", series: "B001" })] },
    errors: ["prepayments.0.amount:prepayment_exceeds_document"],
  },
  {
    // Within the taxed value (100.00 / 1.18 = 84.75 ≤ 100.00) but above the total after a 03 discount (68.00).
    name: "prepayments above the total left by a discount",
    invoice: {
      discount: { amount: "50.00", affects_base: false },
      prepayments: [prepayment({ amount: "100.00" })],
    },
    errors: ["prepayments:prepayments_exceed_total"],
  },
  {
    name: "prepayment without tax_affectation on a mixed document",
    invoice: { items: [item(), item({ tax_affectation: "20" })], prepayments: [prepayment()] },
    errors: ["prepayments.0.tax_affectation:required"],
  },
  {
    name: "prepayment on a document with free lines only",
    invoice: { items: [item({ tax_affectation: "13" })], prepayments: [prepayment()] },
    errors: ["prepayments.0.tax_affectation:required"],
  },
  {
    name: "prepayment of a kind the document lacks",
    invoice: { prepayments: [prepayment({ tax_affectation: "30" })] },
    errors: ["prepayments.0.tax_affectation:tax_affectation_not_in_document"],
  },
  {
    name: "prepayment invoice cited with a receipt series",
    invoice: { prepayments: [prepayment({}, { series: "B001" })] },
    errors: ["prepayments.0.document.series:invalid_series"],
  },
  {
    name: "prepayment document type 07",
    invoice: { prepayments: [prepayment({}, { type: "07" })] },
    errors: ["prepayments.0.document.type:invalid_document_type"],
  },
  {
    name: "the same prepayment cited twice",
    invoice: { prepayments: [prepayment(), prepayment()] },
    errors: ["prepayments.1.document:duplicate_prepayment"],
  },
  {
    name: "prepayment amount 0",
    invoice: { prepayments: [prepayment({ amount: "0" })] },
    errors: ["prepayments.0.amount:must_be_positive"],
  },
];
