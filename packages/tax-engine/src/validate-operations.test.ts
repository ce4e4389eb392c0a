import type { ComputeContext, InvoiceRequest } from "@einvoice/domain";
import { describe, expect, it } from "vitest";
import { ctx, expectError, invoice, item, ok, receipt } from "../test-support/fixtures.js";

const FOREIGN = { document_type: "0", document_number: "-", name: "Buyer Inc", country_code: "US" };
const EXPORT_ITEMS = [item({ tax_affectation: "40" })];
const DETRACTION = { code: "037", percent: 12, account: "00-123" };
const R03 = ctx("03");

/** [case, request, param, code, context]: document-level checks → 422 naming the field. */
const CASES: [string, InvoiceRequest, string, string, ComputeContext?][] = [
  // header
  ["invoice series not F…", invoice({ series: "B001" }), "series", "invalid_series"],
  ["receipt series not B…", receipt({ series: "F001" }), "series", "invalid_series", R03],
  ["series too long", invoice({ series: "F0001" }), "series", "invalid_series"],
  ["currency EUR", invoice({ currency: "EUR" }), "currency", "unsupported_currency"],
  ["issue_date after today", invoice({ issue_date: "2024-05-11" }), "issue_date", "issue_date_in_future"],
  ["issue_date 4 days back", invoice({ issue_date: "2024-05-06" }), "issue_date", "issue_date_too_old"],
  ["issue_date not a date", invoice({ issue_date: "2024-02-30" }), "issue_date", "invalid_date"],
  ["no items", invoice({ items: [] }), "items", "required"],
  ["1000 items", invoice({ items: Array.from({ length: 1000 }, () => item()) }), "items", "too_many_items"],
  // customer
  ["invoice without customer", invoice({ customer: undefined }), "customer", "required"],
  [
    "invoice to a DNI",
    invoice({ customer: { document_type: "1", document_number: "12345678", name: "Juan" } }),
    "customer.document_type",
    "invoice_requires_ruc",
  ],
  [
    "type not inferable",
    invoice({ customer: { document_number: "123456789", name: "ACME" } }),
    "customer.document_type",
    "required",
  ],
  [
    "type not in catalog 06",
    receipt({ customer: { document_type: "9", document_number: "X1", name: "ACME" } }),
    "customer.document_type",
    "unknown_document_type",
    R03,
  ],
  [
    "RUC of 10 digits",
    invoice({ customer: { document_type: "6", document_number: "2012345678", name: "ACME" } }),
    "customer.document_number",
    "invalid_ruc",
  ],
  [
    "DNI of 7 digits",
    receipt({ customer: { document_type: "1", document_number: "1234567", name: "Juan" } }),
    "customer.document_number",
    "invalid_dni",
    R03,
  ],
  ["name missing", invoice({ customer: { document_number: "20123456786" } }), "customer.name", "required"],
  [
    "name of 1501 characters (ERR 2022)",
    invoice({ customer: { document_number: "20123456786", name: "A".repeat(1501) } }),
    "customer.name",
    "invalid_length",
  ],
  [
    "name with a tab (ERR 2022)",
    invoice({ customer: { document_number: "20123456786", name: "ACME\tS.A.C." } }),
    "customer.name",
    "invalid_characters",
  ],
  [
    "name with a line break (ERR 2022)",
    receipt({ customer: { document_number: "12345678", name: "Juan\nPérez" } }),
    "customer.name",
    "invalid_characters",
    R03,
  ],
  [
    "address with a control character (0306)",
    invoice({ customer: { document_number: "20123456786", name: "ACME", address: "Av. Lima\u0000 1" } }),
    "customer.address",
    "invalid_characters",
  ],
  [
    "foreign document number with a control character",
    receipt({ customer: { document_type: "4", document_number: "AB\u000212", name: "Ana" } }),
    "customer.document_number",
    "invalid_document_number",
    R03,
  ],
  [
    "anonymous receipt above S/ 700",
    receipt({ items: [item({ quantity: 6 })] }),
    "customer",
    "customer_required_above_limit",
    R03,
  ],
  [
    "anonymous receipt in USD",
    receipt({ currency: "USD" }),
    "customer",
    "customer_required_above_limit",
    R03,
  ],
  // export
  [
    "export to a RUC",
    invoice({ items: EXPORT_ITEMS }),
    "customer.document_type",
    "export_customer_must_be_foreign",
  ],
  [
    "export number not -",
    invoice({ items: EXPORT_ITEMS, customer: { ...FOREIGN, document_number: "X123" } }),
    "customer.document_number",
    "export_customer_number",
  ],
  [
    "export without country",
    invoice({ items: EXPORT_ITEMS, customer: { ...FOREIGN, country_code: undefined } }),
    "customer.country_code",
    "required",
  ],
  [
    "export with detraction",
    invoice({ items: EXPORT_ITEMS, customer: FOREIGN, detraction: DETRACTION }),
    "detraction",
    "not_allowed_with_export",
  ],
  [
    "export with perception",
    invoice({ items: EXPORT_ITEMS, customer: FOREIGN, perception: { code: "51" } }),
    "perception",
    "not_allowed_with_export",
  ],
  [
    "export with prepayments",
    invoice({
      items: EXPORT_ITEMS,
      customer: FOREIGN,
      prepayments: [{ document: { type: "01", series: "F001", number: 1 }, amount: "10" }],
    }),
    "prepayments",
    "not_allowed_with_export",
  ],
  // document discount
  [
    "document discount above the taxed value",
    invoice({ discount: { amount: "100.01" } }),
    "discount.amount",
    "discount_exceeds_amount",
  ],
  [
    "document 03 discount above the total",
    invoice({ discount: { amount: "118.01", affects_base: false } }),
    "discount.amount",
    "discount_exceeds_amount",
  ],
  [
    "document discount percent above 100",
    invoice({ discount: { percent: "100.5" } }),
    "discount.percent",
    "out_of_range",
  ],
  [
    "document discount both fields",
    invoice({ discount: { percent: 1, amount: "1" } }),
    "discount",
    "discount_percent_or_amount",
  ],
  [
    "affects-base discount without taxed lines",
    invoice({ items: [item({ tax_affectation: "20" })], discount: { amount: "1" } }),
    "discount.affects_base",
    "discount_requires_taxed_lines",
  ],
  // perception
  [
    "perception in USD",
    invoice({ currency: "USD", perception: { code: "51" } }),
    "perception",
    "perception_requires_pen",
  ],
  [
    "perception on credit",
    invoice({
      perception: { code: "51" },
      payment: { type: "credit", installments: [{ amount: "118", due_date: "2024-06-01" }] },
    }),
    "perception",
    "perception_requires_cash",
  ],
  [
    "perception code 54",
    invoice({ perception: { code: "54" } }),
    "perception.code",
    "unknown_perception_code",
  ],
  [
    "perception with detraction",
    invoice({ perception: { code: "51" }, detraction: DETRACTION }),
    "perception",
    "perception_with_detraction",
  ],
  // detraction
  [
    "detraction on a receipt",
    receipt({ detraction: DETRACTION }),
    "detraction",
    "detraction_not_allowed_on_receipt",
    R03,
  ],
  [
    "detraction code 027",
    invoice({ detraction: { ...DETRACTION, code: "027" } }),
    "detraction.code",
    "detraction_code_not_offered",
  ],
  [
    "detraction code 004",
    invoice({ detraction: { ...DETRACTION, code: "004" } }),
    "detraction.code",
    "detraction_code_not_offered",
  ],
  [
    "detraction code 999",
    invoice({ detraction: { ...DETRACTION, code: "999" } }),
    "detraction.code",
    "unknown_detraction_code",
  ],
  [
    "detraction in USD without amount",
    invoice({ currency: "USD", detraction: DETRACTION }),
    "detraction.amount",
    "required_when_not_pen",
  ],
  [
    "detraction amount far from percent × total",
    invoice({ detraction: { ...DETRACTION, amount: "20.00" } }),
    "detraction.amount",
    "detraction_amount_mismatch",
  ],
  [
    "detraction payment method 777",
    invoice({ detraction: { ...DETRACTION, payment_method: "777" } }),
    "detraction.payment_method",
    "unknown_payment_method",
  ],
  [
    "detraction without account",
    invoice({ detraction: { ...DETRACTION, account: "" } }),
    "detraction.account",
    "required",
  ],
  [
    "detraction account with a control character (0306)",
    invoice({ detraction: { ...DETRACTION, account: "00-\u001b123" } }),
    "detraction.account",
    "invalid_characters",
  ],
  [
    "detraction percent 0",
    invoice({ detraction: { ...DETRACTION, percent: 0 } }),
    "detraction.percent",
    "must_be_positive",
  ],
  // payment
  [
    "credit on a receipt",
    receipt({ payment: { type: "credit", installments: [{ amount: "118", due_date: "2024-06-01" }] } }),
    "payment.type",
    "credit_not_allowed_on_receipt",
    R03,
  ],
  [
    "credit without installments",
    invoice({ payment: { type: "credit" } }),
    "payment.installments",
    "required",
  ],
  [
    "installments not summing to the total",
    invoice({ payment: { type: "credit", installments: [{ amount: "100", due_date: "2024-06-01" }] } }),
    "payment.installments",
    "installments_sum_mismatch",
  ],
  [
    "installments summing to the total despite a detraction",
    invoice({
      detraction: DETRACTION,
      payment: { type: "credit", installments: [{ amount: "118", due_date: "2024-06-01" }] },
    }),
    "payment.installments",
    "installments_sum_mismatch",
  ],
  [
    "installment due on the issue date (ERR 3267)",
    invoice({
      payment: {
        type: "credit",
        installments: [
          { amount: "18", due_date: "2024-06-01" },
          { amount: "100", due_date: "2024-05-10" },
        ],
      },
    }),
    "payment.installments.1.due_date",
    "due_date_not_after_issue_date",
  ],
  [
    "installment amount with 3 decimals",
    invoice({ payment: { type: "credit", installments: [{ amount: "118.001", due_date: "2024-06-01" }] } }),
    "payment.installments.0.amount",
    "too_many_decimals",
  ],
  [
    "installments on a cash sale",
    invoice({ payment: { type: "cash", installments: [{ amount: "118", due_date: "2024-06-01" }] } }),
    "payment.installments",
    "installments_require_credit",
  ],
  // prepayments
  [
    "prepayment above the document",
    invoice({ prepayments: [{ document: { type: "01", series: "F001", number: 1 }, amount: "118.01" }] }),
    "prepayments.0.amount",
    "prepayment_exceeds_document",
  ],
  [
    "prepayment on a mixed document without kind",
    invoice({
      items: [item(), item({ tax_affectation: "20" })],
      prepayments: [{ document: { type: "01", series: "F001", number: 1 }, amount: "10" }],
    }),
    "prepayments.0.tax_affectation",
    "required",
  ],
  [
    "prepayment of a kind the document lacks",
    invoice({
      prepayments: [
        { document: { type: "01", series: "F001", number: 1 }, amount: "10", tax_affectation: "30" },
      ],
    }),
    "prepayments.0.tax_affectation",
    "tax_affectation_not_in_document",
  ],
  [
    "prepayment invoice with a receipt series",
    invoice({ prepayments: [{ document: { type: "01", series: "B001", number: 1 }, amount: "10" }] }),
    "prepayments.0.document.series",
    "invalid_series",
  ],
  [
    "prepayment document type 07",
    invoice({ prepayments: [{ document: { type: "07", series: "F001", number: 1 }, amount: "10" }] }),
    "prepayments.0.document.type",
    "invalid_document_type",
  ],
  [
    "prepayment number 0",
    invoice({ prepayments: [{ document: { type: "01", series: "F001", number: 0 }, amount: "10" }] }),
    "prepayments.0.document.number",
    "invalid_number",
  ],
  [
    "same prepayment twice",
    invoice({
      prepayments: [
        { document: { type: "01", series: "F001", number: 1 }, amount: "10" },
        { document: { type: "01", series: "F001", number: 1 }, amount: "10" },
      ],
    }),
    "prepayments.1.document",
    "duplicate_prepayment",
  ],
];

describe("document checks → 422", () => {
  it.each(CASES)("%s", (_name, req, param, code, context) => {
    expectError(req, param, code, context);
  });

  it("a name of 1500 characters with spaces and accents is accepted (ERR 2022: an..1500)", () => {
    const name = `José Ñandú ${"A".repeat(1489)}`;
    expect(name).toHaveLength(1500);
    expect(ok(invoice({ customer: { document_number: "20123456786", name } })).customer.name).toBe(name);
  });

  it("a receipt of exactly S/ 700.00 may stay anonymous; above it an identified buyer passes", () => {
    expect(
      ok(receipt({ items: [item({ unit_price: "700", tax_affectation: "20" })] }), R03).customer
        .document_number,
    ).toBe("-");
    const named = receipt({
      items: [item({ quantity: 6 })],
      customer: { document_number: "12345678", name: "Juan Pérez" },
    });
    expect(ok(named, R03).amounts.total).toBe("708.00");
  });
});
