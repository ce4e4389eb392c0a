/**
 * 422 table: the request's shape and header. Shape errors come from the gateway's JSON Schema (ajv), before the tax
 * service; it makes some engine checks unreachable through the API (an impossible date, an unknown unit code, a
 * non-boolean `affects_base`, more than 999 lines, a prepayment number 0, an unknown payment type), which answer
 * `parameter_invalid` on the same field instead; those rows say so.
 */
import { limaDay } from "./dates.js";
import { credit, item } from "./requests.js";
import { type CaseSpec, prepayment } from "./validation-case.js";

export const SHAPE_CASES: CaseSpec[] = [
  // --- shape: the gateway's JSON Schema (ajv), before the tax service ---
  {
    name: "line without unit_price",
    invoice: { items: [{ description: "x", quantity: 1 }] },
    errors: ["items.0.unit_price:parameter_missing"],
  },
  {
    name: "unknown line field",
    invoice: { items: [item({ colour: "red" })] },
    errors: ["items.0.colour:parameter_unknown"],
  },
  {
    // Spec tax rule 12: charges and rounding are not offered, so there is no field for them.
    name: "charges are not offered (rule 12)",
    invoice: { charges: [{ amount: "5.00" }] },
    errors: ["charges:parameter_unknown"],
  },
  {
    name: "payment.type other than cash or credit (engine's invalid_payment_type is unreachable)",
    invoice: { payment: { type: "debit" } },
    errors: ["payment.type:parameter_invalid"],
  },
  {
    name: "issue_date not a calendar date (engine's invalid_date is unreachable)",
    invoice: { issue_date: "2024-02-30" },
    errors: ["issue_date:parameter_invalid"],
  },
  {
    name: "installment due_date not a calendar date",
    invoice: { payment: credit(["118.00", "2024-13-01"]) },
    errors: ["payment.installments.0.due_date:parameter_invalid"],
  },
  {
    name: "unit_code not a rec-20 code (engine's invalid_unit_code is unreachable)",
    invoice: { items: [item({ unit_code: "kilos" })] },
    errors: ["items.0.unit_code:parameter_invalid"],
  },
  {
    name: "affects_base not a boolean (engine's invalid_boolean is unreachable)",
    invoice: { discount: { amount: "1.00", affects_base: "yes" } },
    errors: ["discount.affects_base:parameter_invalid"],
  },
  {
    name: "no lines (engine's items/required is unreachable)",
    invoice: { items: [] },
    errors: ["items:parameter_invalid"],
  },
  {
    name: "1000 lines (engine's too_many_items is unreachable)",
    invoice: { items: Array.from({ length: 1000 }, () => item({ unit_price: "1.00" })) },
    errors: ["items:parameter_invalid"],
  },
  {
    name: "prepayment document number 0 (engine's invalid_number is unreachable)",
    invoice: { prepayments: [prepayment({}, { number: 0 })] },
    errors: ["prepayments.0.document.number:parameter_invalid"],
  },

  // --- header ---
  {
    // These rows cannot issue in the refused series (it is invalid); their own valid series proves nothing moved.
    name: "invoice with a receipt series",
    invoice: { series: "B001" },
    errors: ["series:invalid_series"],
  },
  {
    name: "receipt with an invoice series",
    receipt: { series: "F001" },
    errors: ["series:invalid_series"],
  },
  {
    name: "series of three characters",
    invoice: { series: "F01" },
    errors: ["series:invalid_series"],
  },
  {
    name: "currency other than PEN or USD",
    invoice: { currency: "EUR" },
    errors: ["currency:unsupported_currency"],
  },
  {
    name: "issue_date tomorrow",
    invoice: () => ({ issue_date: limaDay(1) }),
    errors: ["issue_date:issue_date_in_future"],
  },
  {
    name: "issue_date four days back",
    receipt: () => ({ issue_date: limaDay(-4) }),
    errors: ["issue_date:issue_date_too_old"],
  },
];
