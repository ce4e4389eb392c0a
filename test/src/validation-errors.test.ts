/**
 * Issue 3: every 422 of the spec (tax rules 1–12 and the Errors list for invoices and receipts), through the
 * public API of the real system. Each row owns a series; after its 422 a valid document in that series must get
 * number 1, which proves the refused request spent no number of its series.
 *
 * Sources of the table: the spec's "Tax rules for invoices and receipts" and "Errors", the tax engine's
 * validators (packages/tax-engine/src/validate-*.ts, discounts, line, document-discount, payment, detraction,
 * perception, prepayments, compute-document) and the gateway's JSON Schema. Checks the gateway's schema makes
 * unreachable through the API (an impossible date, an unknown unit code, a non-boolean `affects_base`, more than
 * 999 lines, a prepayment number 0, an unknown payment type) answer 422 `parameter_invalid` on the same field
 * instead of the engine's code; those rows say so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { limaDay } from "./support/dates.js";
import {
  type Body,
  DNI_CUSTOMER,
  FOREIGN_CUSTOMER,
  item,
  type Kind,
  PATH,
  RUC_CUSTOMER,
  seriesFor,
  validBody,
} from "./support/requests.js";

interface Case {
  name: string;
  kind: Kind;
  /** The refused request; `series` is the row's own series (rows about the series itself override it). */
  body: (series: string) => Body;
  /** Every `param:code` the 422 must list, in order; the first is the error's `param`/`code`. */
  errors: string[];
}

const invoice =
  (over: Body = {}) =>
  (series: string) =>
    validBody("invoice", series, over);
const receipt =
  (over: Body = {}) =>
  (series: string) =>
    validBody("receipt", series, over);

const EXPORT = { customer: FOREIGN_CUSTOMER, items: [item({ tax_affectation: "40" })] };
const DETRACTION = { code: "037", percent: 12, account: "00-000-123456" };
const credit = (...installments: [string, string][]) => ({
  type: "credit",
  installments: installments.map(([amount, due_date]) => ({ amount, due_date })),
});
const prepayment = (over: Body = {}, document: Body = {}) => ({
  document: { type: "01", series: "F001", number: 1, ...document },
  amount: "10.00",
  ...over,
});

const CASES: Case[] = [
  // --- shape: the gateway's JSON Schema (ajv), before the tax service ---
  {
    name: "line without unit_price",
    kind: "invoice",
    body: invoice({ items: [{ description: "x", quantity: 1 }] }),
    errors: ["items.0.unit_price:parameter_missing"],
  },
  {
    name: "unknown line field",
    kind: "invoice",
    body: invoice({ items: [item({ colour: "red" })] }),
    errors: ["items.0.colour:parameter_unknown"],
  },
  {
    // Spec tax rule 12: charges and rounding are not offered, so there is no field for them.
    name: "charges are not offered (rule 12)",
    kind: "invoice",
    body: invoice({ charges: [{ amount: "5.00" }] }),
    errors: ["charges:parameter_unknown"],
  },
  {
    name: "payment.type other than cash or credit (engine's invalid_payment_type is unreachable)",
    kind: "invoice",
    body: invoice({ payment: { type: "debit" } }),
    errors: ["payment.type:parameter_invalid"],
  },
  {
    name: "issue_date not a calendar date (engine's invalid_date is unreachable)",
    kind: "invoice",
    body: invoice({ issue_date: "2024-02-30" }),
    errors: ["issue_date:parameter_invalid"],
  },
  {
    name: "installment due_date not a calendar date",
    kind: "invoice",
    body: invoice({ payment: credit(["118.00", "2024-13-01"]) }),
    errors: ["payment.installments.0.due_date:parameter_invalid"],
  },
  {
    name: "unit_code not a rec-20 code (engine's invalid_unit_code is unreachable)",
    kind: "invoice",
    body: invoice({ items: [item({ unit_code: "kilos" })] }),
    errors: ["items.0.unit_code:parameter_invalid"],
  },
  {
    name: "affects_base not a boolean (engine's invalid_boolean is unreachable)",
    kind: "invoice",
    body: invoice({ discount: { amount: "1.00", affects_base: "yes" } }),
    errors: ["discount.affects_base:parameter_invalid"],
  },
  {
    name: "no lines (engine's items/required is unreachable)",
    kind: "invoice",
    body: invoice({ items: [] }),
    errors: ["items:parameter_invalid"],
  },
  {
    name: "1000 lines (engine's too_many_items is unreachable)",
    kind: "invoice",
    body: invoice({ items: Array.from({ length: 1000 }, () => item({ unit_price: "1.00" })) }),
    errors: ["items:parameter_invalid"],
  },
  {
    name: "prepayment document number 0 (engine's invalid_number is unreachable)",
    kind: "invoice",
    body: invoice({ prepayments: [prepayment({}, { number: 0 })] }),
    errors: ["prepayments.0.document.number:parameter_invalid"],
  },

  // --- header ---
  {
    // These rows cannot issue in the refused series (it is invalid); their own valid series proves nothing moved.
    name: "invoice with a receipt series",
    kind: "invoice",
    body: invoice({ series: "B001" }),
    errors: ["series:invalid_series"],
  },
  {
    name: "receipt with an invoice series",
    kind: "receipt",
    body: receipt({ series: "F001" }),
    errors: ["series:invalid_series"],
  },
  {
    name: "series of three characters",
    kind: "invoice",
    body: invoice({ series: "F01" }),
    errors: ["series:invalid_series"],
  },
  {
    name: "currency other than PEN or USD",
    kind: "invoice",
    body: invoice({ currency: "EUR" }),
    errors: ["currency:unsupported_currency"],
  },
  {
    name: "issue_date tomorrow",
    kind: "invoice",
    body: (s) => validBody("invoice", s, { issue_date: limaDay(1) }),
    errors: ["issue_date:issue_date_in_future"],
  },
  {
    name: "issue_date four days back",
    kind: "receipt",
    body: (s) => validBody("receipt", s, { issue_date: limaDay(-4) }),
    errors: ["issue_date:issue_date_too_old"],
  },

  // --- customer ---
  {
    name: "invoice without customer",
    kind: "invoice",
    body: (s) => ({ series: s, items: [item()] }),
    errors: ["customer:required"],
  },
  {
    name: "invoice to a DNI holder",
    kind: "invoice",
    body: invoice({ customer: DNI_CUSTOMER }),
    errors: ["customer.document_type:invoice_requires_ruc"],
  },
  {
    name: "document_type omitted and not inferable from 9 digits",
    kind: "invoice",
    body: invoice({ customer: { document_number: "123456789", name: "ACME SAC" } }),
    errors: ["customer.document_type:required"],
  },
  {
    name: "document_type outside catalog 06",
    kind: "receipt",
    body: receipt({ customer: { document_type: "9", document_number: "X1", name: "ACME SAC" } }),
    errors: ["customer.document_type:unknown_document_type"],
  },
  {
    name: "RUC of 10 digits",
    kind: "invoice",
    body: invoice({ customer: { ...RUC_CUSTOMER, document_number: "2010007097" } }),
    errors: ["customer.document_number:invalid_ruc"],
  },
  {
    name: "DNI of 7 digits",
    kind: "receipt",
    body: receipt({ customer: { ...DNI_CUSTOMER, document_number: "4567891" } }),
    errors: ["customer.document_number:invalid_dni"],
  },
  {
    name: "foreigner's card number of 16 characters",
    kind: "receipt",
    body: receipt({ customer: { document_type: "4", document_number: "1234567890123456", name: "ANA" } }),
    errors: ["customer.document_number:invalid_document_number"],
  },
  {
    name: "customer name missing",
    kind: "invoice",
    body: invoice({ customer: { document_number: "20100070970" } }),
    errors: ["customer.name:required"],
  },
  {
    name: "customer name of 2 characters",
    kind: "invoice",
    body: invoice({ customer: { ...RUC_CUSTOMER, name: "AB" } }),
    errors: ["customer.name:invalid_length"],
  },
  {
    // ERR 2022: RegistrationName an..1500. The gateway's schema stops longer names as a shape error (it used to
    // stop at 500, refusing names SUNAT accepts; the UBL matrix issues one of 1500).
    name: "customer name of 1501 characters",
    kind: "invoice",
    body: invoice({ customer: { ...RUC_CUSTOMER, name: "A".repeat(1501) } }),
    errors: ["customer.name:parameter_invalid"],
  },
  {
    // ERR 2022: the buyer's RegistrationName admits spaces but no other whitespace (line break, tab).
    name: "customer name with a tab (ERR 2022)",
    kind: "invoice",
    body: invoice({ customer: { ...RUC_CUSTOMER, name: "CLIENTE\tSAC" } }),
    errors: ["customer.name:invalid_characters"],
  },
  {
    name: "customer name with a line break (ERR 2022)",
    kind: "receipt",
    body: receipt({ customer: { ...DNI_CUSTOMER, name: "JUAN\nPEREZ" } }),
    errors: ["customer.name:invalid_characters"],
  },
  {
    // A control character XML 1.0 cannot carry makes the XML unreadable (SUNAT 0306): refused before numbering.
    name: "customer address with a control character",
    kind: "invoice",
    body: invoice({ customer: { ...RUC_CUSTOMER, address: "AV. LIMA\u0001 123" } }),
    errors: ["customer.address:invalid_characters"],
  },
  {
    name: "foreign customer's document number with a control character",
    kind: "receipt",
    body: receipt({ customer: { document_type: "4", document_number: "AB\u000212", name: "ANA MARIA" } }),
    errors: ["customer.document_number:invalid_document_number"],
  },
  {
    name: "anonymous receipt above S/ 700",
    kind: "receipt",
    body: receipt({ items: [item({ quantity: 6 })] }),
    errors: ["customer:customer_required_above_limit"],
  },
  {
    name: "anonymous receipt in USD",
    kind: "receipt",
    body: receipt({ currency: "USD" }),
    errors: ["customer:customer_required_above_limit"],
  },

  // --- lines ---
  {
    name: "quantity 0",
    kind: "invoice",
    body: invoice({ items: [item({ quantity: 0 })] }),
    errors: ["items.0.quantity:must_be_positive"],
  },
  {
    name: "quantity with 11 decimals",
    kind: "invoice",
    body: invoice({ items: [item({ quantity: "1.00000000001" })] }),
    errors: ["items.0.quantity:too_many_decimals"],
  },
  {
    name: "quantity not a number",
    kind: "receipt",
    body: receipt({ items: [item({ quantity: "abc" })] }),
    errors: ["items.0.quantity:invalid_number"],
  },
  {
    name: "negative unit_price",
    kind: "invoice",
    body: invoice({ items: [item({ unit_price: "-1.00" })] }),
    errors: ["items.0.unit_price:invalid_number"],
  },
  {
    name: "line rounding to 0.00",
    kind: "invoice",
    body: invoice({ items: [item({ unit_price: "0.001" })] }),
    errors: ["items.0.unit_price:line_amount_zero"],
  },
  {
    name: "blank description",
    kind: "invoice",
    body: invoice({ items: [item({ description: " " })] }),
    errors: ["items.0.description:required"],
  },
  {
    // ERR 2027 allows line breaks and tabs in a description, but not the control characters XML cannot carry.
    name: "description with a control character",
    kind: "receipt",
    body: receipt({ items: [item(), item({ description: "Producto\u0001 defectuoso" })] }),
    errors: ["items.1.description:invalid_characters"],
  },
  {
    name: "tax_affectation outside catalog 07",
    kind: "invoice",
    body: invoice({ items: [item(), item({ tax_affectation: "99" })] }),
    errors: ["items.1.tax_affectation:unknown_tax_affectation"],
  },

  // --- discounts (rule 3) ---
  {
    name: "line discount with percent and amount",
    kind: "invoice",
    body: invoice({ items: [item({ discount: { percent: 5, amount: "5.00" } })] }),
    errors: ["items.0.discount:discount_percent_or_amount"],
  },
  {
    name: "line discount with neither percent nor amount",
    kind: "receipt",
    body: receipt({ items: [item({ discount: { affects_base: false } })] }),
    errors: ["items.0.discount:discount_percent_or_amount"],
  },
  {
    name: "document discount with percent and amount",
    kind: "invoice",
    body: invoice({ discount: { percent: 5, amount: "5.00" } }),
    errors: ["discount:discount_percent_or_amount"],
  },
  {
    name: "line discount amount above the line value (affects base)",
    kind: "invoice",
    body: invoice({ items: [item({ discount: { amount: "100.01" } })] }),
    errors: ["items.0.discount.amount:discount_exceeds_amount"],
  },
  {
    // The spec refuses a discount *larger* than what it reduces. The engine also refuses one *equal* to the line
    // value when it affects the base: a line needs a taxable value > 0 (ERR 3105); a line given away is a free
    // line. Documented in packages/tax-engine/README.md ("It must leave the line a value > 0").
    name: "line discount amount equal to the line value (affects base, ERR 3105)",
    kind: "invoice",
    body: invoice({ items: [item({ discount: { amount: "100.00" } })] }),
    errors: ["items.0.discount.amount:discount_exceeds_amount"],
  },
  {
    name: "line discount 100 percent (affects base, ERR 3105)",
    kind: "receipt",
    body: receipt({ items: [item(), item({ discount: { percent: 100 } })] }),
    errors: ["items.1.discount.percent:discount_exceeds_amount"],
  },
  {
    name: "line discount amount above price × quantity on a price with taxes",
    kind: "invoice",
    body: invoice({
      items: [item({ unit_price: "118.00", price_includes_tax: true, discount: { amount: "118.01" } })],
    }),
    errors: ["items.0.discount.amount:discount_exceeds_amount"],
  },
  {
    // Ambiguity: the spec reads a line amount "as a price: with taxes when the line has price_includes_tax".
    // A discount that does not affect the base lowers only what the buyer pays, so the engine reads its amount
    // against the line total with taxes (README: "Line 01 … percent or amount of the line total with taxes").
    // 118.00 is therefore allowed here and 118.01 is the first refused amount.
    name: "line discount amount above the line total with taxes (does not affect base)",
    kind: "invoice",
    body: invoice({ items: [item({ discount: { amount: "118.01", affects_base: false } })] }),
    errors: ["items.0.discount.amount:discount_exceeds_amount"],
  },
  {
    name: "line discount percent above 100",
    kind: "invoice",
    body: invoice({ items: [item({ discount: { percent: 101 } })] }),
    errors: ["items.0.discount.percent:out_of_range"],
  },
  {
    name: "line discount percent with 4 decimals",
    kind: "invoice",
    body: invoice({ items: [item({ discount: { percent: "1.2345" } })] }),
    errors: ["items.0.discount.percent:too_many_decimals"],
  },
  {
    name: "line discount amount with 3 decimals",
    kind: "invoice",
    body: invoice({ items: [item({ discount: { amount: "1.234" } })] }),
    errors: ["items.0.discount.amount:too_many_decimals"],
  },
  {
    name: "document discount amount above the taxed value (affects base)",
    kind: "invoice",
    body: invoice({ discount: { amount: "100.01" } }),
    errors: ["discount.amount:discount_exceeds_amount"],
  },
  {
    name: "document discount amount above the taxed value of a mixed receipt (affects base)",
    kind: "receipt",
    body: receipt({
      items: [item(), item({ tax_affectation: "20", unit_price: "50.00" })],
      discount: { amount: "100.01" },
    }),
    errors: ["discount.amount:discount_exceeds_amount"],
  },
  {
    // Ambiguity: "A document-level amount is a value without taxes". A discount that does not affect the base
    // (catalog 53 code 03) carries no tax; the engine subtracts it as given from the total with taxes less line
    // 01 discounts (README "Document 03"), so 118.01 on a 118.00 invoice is the first refused amount.
    name: "document discount amount above the total (does not affect base)",
    kind: "invoice",
    body: invoice({ discount: { amount: "118.01", affects_base: false } }),
    errors: ["discount.amount:discount_exceeds_amount"],
  },
  {
    name: "document discount above the total less line discounts that do not affect base",
    kind: "invoice",
    body: invoice({
      items: [item({ discount: { amount: "18.00", affects_base: false } })],
      discount: { amount: "100.01", affects_base: false },
    }),
    errors: ["discount.amount:discount_exceeds_amount"],
  },
  {
    name: "document discount percent above 100",
    kind: "invoice",
    body: invoice({ discount: { percent: "100.5" } }),
    errors: ["discount.percent:out_of_range"],
  },
  {
    name: "document discount amount 0",
    kind: "invoice",
    body: invoice({ discount: { amount: "0" } }),
    errors: ["discount.amount:must_be_positive"],
  },
  {
    name: "document discount affecting the base without taxed lines",
    kind: "invoice",
    body: invoice({ items: [item({ tax_affectation: "20" })], discount: { amount: "1.00" } }),
    errors: ["discount.affects_base:discount_requires_taxed_lines"],
  },

  // --- free lines (rule 2) ---
  {
    name: "free line with a discount",
    kind: "invoice",
    body: invoice({ items: [item({ tax_affectation: "13", discount: { percent: 5 } })] }),
    errors: ["items.0.discount:not_allowed_on_free_line"],
  },
  {
    name: "free line with ISC",
    kind: "receipt",
    body: receipt({ items: [item({ tax_affectation: "21", isc: { rate: 10 } })] }),
    errors: ["items.0.isc:not_allowed_on_free_line"],
  },
  {
    name: "free line with price_includes_tax",
    kind: "invoice",
    body: invoice({ items: [item({ tax_affectation: "31", price_includes_tax: true })] }),
    errors: ["items.0.price_includes_tax:not_allowed_on_free_line"],
  },

  // --- ISC (rule 9) ---
  {
    name: "ISC rate 0",
    kind: "invoice",
    body: invoice({ items: [item({ isc: { rate: 0 } })] }),
    errors: ["items.0.isc.rate:must_be_positive"],
  },
  {
    name: "ISC rate above 100",
    kind: "invoice",
    body: invoice({ items: [item({ isc: { rate: 101 } })] }),
    errors: ["items.0.isc.rate:out_of_range"],
  },
  {
    name: "ISC with export",
    kind: "invoice",
    body: invoice({ ...EXPORT, items: [item({ tax_affectation: "40", isc: { rate: 10 } })] }),
    errors: ["items.0.isc:isc_not_allowed_with_export"],
  },
  {
    name: "ISC with IVAP",
    kind: "invoice",
    body: invoice({
      items: [item({ tax_affectation: "17" }), item({ tax_affectation: "17", isc: { rate: 10 } })],
    }),
    errors: ["items.1.isc:isc_not_allowed_with_ivap"],
  },

  // --- IVAP (rule 10) and export (rule 5) ---
  {
    name: "IVAP mixed with a taxed line",
    kind: "invoice",
    body: invoice({ items: [item({ tax_affectation: "17" }), item()] }),
    errors: ["items.1.tax_affectation:ivap_mixed"],
  },
  {
    name: "IVAP mixed with an exempt line on a receipt",
    kind: "receipt",
    body: receipt({ items: [item({ tax_affectation: "17" }), item({ tax_affectation: "20" })] }),
    errors: ["items.1.tax_affectation:ivap_mixed"],
  },
  {
    name: "IVAP mixed with a free line",
    kind: "invoice",
    body: invoice({ items: [item({ tax_affectation: "17" }), item({ tax_affectation: "11" })] }),
    errors: ["items.1.tax_affectation:ivap_mixed"],
  },
  {
    name: "export mixed with a taxed line",
    kind: "invoice",
    body: invoice({ ...EXPORT, items: [item({ tax_affectation: "40" }), item()] }),
    errors: ["items.1.tax_affectation:export_mixed"],
  },
  {
    name: "export mixed with a free line",
    kind: "invoice",
    body: invoice({ ...EXPORT, items: [item({ tax_affectation: "13" }), item({ tax_affectation: "40" })] }),
    errors: ["items.0.tax_affectation:export_mixed"],
  },
  {
    // A RUC buyer breaks all three export customer rules at once; each is reported on its own field.
    name: "export to a RUC customer",
    kind: "invoice",
    body: invoice({ items: [item({ tax_affectation: "40" })] }),
    errors: [
      "customer.document_type:export_customer_must_be_foreign",
      "customer.document_number:export_customer_number",
      "customer.country_code:required",
    ],
  },
  {
    name: "export customer number other than -",
    kind: "invoice",
    body: invoice({ ...EXPORT, customer: { ...FOREIGN_CUSTOMER, document_number: "X123" } }),
    errors: ["customer.document_number:export_customer_number"],
  },
  {
    name: "export customer without country_code",
    kind: "invoice",
    body: invoice({ ...EXPORT, customer: { ...FOREIGN_CUSTOMER, country_code: undefined } }),
    errors: ["customer.country_code:required"],
  },
  {
    name: "export customer from Peru",
    kind: "invoice",
    body: invoice({ ...EXPORT, customer: { ...FOREIGN_CUSTOMER, country_code: "PE" } }),
    errors: ["customer.country_code:required"],
  },
  {
    name: "export with detraction",
    kind: "invoice",
    body: invoice({ ...EXPORT, detraction: DETRACTION }),
    errors: ["detraction:not_allowed_with_export"],
  },
  {
    name: "export with perception",
    kind: "invoice",
    body: invoice({ ...EXPORT, perception: { code: "51" } }),
    errors: ["perception:not_allowed_with_export"],
  },
  {
    name: "export with prepayments",
    kind: "invoice",
    body: invoice({ ...EXPORT, prepayments: [prepayment()] }),
    errors: ["prepayments:not_allowed_with_export"],
  },

  // --- ICBPER (rule 8) ---
  {
    name: "icbper in USD",
    kind: "invoice",
    body: invoice({ currency: "USD", items: [item({ icbper: true })] }),
    errors: ["items.0.icbper:icbper_requires_pen"],
  },
  {
    name: "icbper with a fractional number of bags",
    kind: "receipt",
    body: receipt({ items: [item({ icbper: true, quantity: "1.5", unit_price: "0.10" })] }),
    errors: ["items.0.quantity:quantity_not_integer"],
  },
  {
    // Through the API a date before 2019-08-01 is also outside the 3-day back-dating window, so both are
    // reported; the ICBPER check still names its field.
    name: "icbper before 2019-08-01",
    kind: "invoice",
    body: invoice({ issue_date: "2019-07-31", items: [item({ icbper: true })] }),
    errors: ["issue_date:issue_date_too_old", "items.0.icbper:icbper_not_in_force"],
  },

  // --- detraction (rule 6) ---
  {
    name: "detraction on a receipt",
    kind: "receipt",
    body: receipt({ detraction: DETRACTION }),
    errors: ["detraction:detraction_not_allowed_on_receipt"],
  },
  ...["004", "027", "028"].map(
    (code): Case => ({
      name: `detraction code ${code} (not offered)`,
      kind: "invoice",
      body: invoice({ detraction: { ...DETRACTION, code } }),
      errors: ["detraction.code:detraction_code_not_offered"],
    }),
  ),
  {
    name: "detraction code outside catalog 54",
    kind: "invoice",
    body: invoice({ detraction: { ...DETRACTION, code: "999" } }),
    errors: ["detraction.code:unknown_detraction_code"],
  },
  {
    name: "detraction in USD without amount",
    kind: "invoice",
    body: invoice({ currency: "USD", detraction: DETRACTION }),
    errors: ["detraction.amount:required_when_not_pen"],
  },
  {
    name: "detraction amount far from percent × total",
    kind: "invoice",
    body: invoice({ detraction: { ...DETRACTION, amount: "20.00" } }),
    errors: ["detraction.amount:detraction_amount_mismatch"],
  },
  {
    name: "detraction payment method outside catalog 59",
    kind: "invoice",
    body: invoice({ detraction: { ...DETRACTION, payment_method: "777" } }),
    errors: ["detraction.payment_method:unknown_payment_method"],
  },
  {
    name: "detraction account blank",
    kind: "invoice",
    body: invoice({ detraction: { ...DETRACTION, account: "   " } }),
    errors: ["detraction.account:required"],
  },
  {
    name: "detraction account with a control character",
    kind: "invoice",
    body: invoice({ detraction: { ...DETRACTION, account: "00-000\u001b-123456" } }),
    errors: ["detraction.account:invalid_characters"],
  },
  {
    name: "detraction percent 0",
    kind: "invoice",
    body: invoice({ detraction: { ...DETRACTION, percent: 0 } }),
    errors: ["detraction.percent:must_be_positive"],
  },
  {
    name: "detraction percent with 3 decimals",
    kind: "invoice",
    body: invoice({ detraction: { ...DETRACTION, percent: "12.345" } }),
    errors: ["detraction.percent:too_many_decimals"],
  },
  {
    name: "detraction with perception",
    kind: "invoice",
    body: invoice({ detraction: DETRACTION, perception: { code: "51" } }),
    errors: ["perception:perception_with_detraction"],
  },

  // --- perception (rule 11) ---
  {
    name: "perception in USD",
    kind: "invoice",
    body: invoice({ currency: "USD", perception: { code: "51" } }),
    errors: ["perception:perception_requires_pen"],
  },
  {
    name: "perception on a credit sale",
    kind: "invoice",
    body: (s) =>
      validBody("invoice", s, { perception: { code: "51" }, payment: credit(["118.00", limaDay(30)]) }),
    errors: ["perception:perception_requires_cash"],
  },
  {
    name: "perception code outside 51/52/53",
    kind: "receipt",
    body: receipt({ customer: DNI_CUSTOMER, perception: { code: "54" } }),
    errors: ["perception.code:unknown_perception_code"],
  },

  // --- credit sale (rule 4) ---
  {
    name: "credit sale on a receipt",
    kind: "receipt",
    body: (s) => validBody("receipt", s, { payment: credit(["118.00", limaDay(30)]) }),
    errors: ["payment.type:credit_not_allowed_on_receipt"],
  },
  {
    name: "installments on a cash receipt",
    kind: "receipt",
    body: (s) =>
      validBody("receipt", s, {
        payment: { type: "cash", installments: [{ amount: "118.00", due_date: limaDay(30) }] },
      }),
    errors: ["payment.installments:installments_require_credit"],
  },
  {
    name: "installments on a cash invoice",
    kind: "invoice",
    body: (s) =>
      validBody("invoice", s, {
        payment: { type: "cash", installments: [{ amount: "118.00", due_date: limaDay(30) }] },
      }),
    errors: ["payment.installments:installments_require_credit"],
  },
  {
    name: "credit sale without installments",
    kind: "invoice",
    body: invoice({ payment: { type: "credit" } }),
    errors: ["payment.installments:required"],
  },
  {
    name: "installments not summing to the total",
    kind: "invoice",
    body: (s) => validBody("invoice", s, { payment: credit(["50.00", limaDay(30)], ["50.00", limaDay(60)]) }),
    errors: ["payment.installments:installments_sum_mismatch"],
  },
  {
    name: "installments summing to the total despite a detraction",
    kind: "invoice",
    body: (s) =>
      validBody("invoice", s, { detraction: DETRACTION, payment: credit(["118.00", limaDay(30)]) }),
    errors: ["payment.installments:installments_sum_mismatch"],
  },
  {
    name: "installments above the total in USD with a detraction",
    kind: "invoice",
    body: (s) =>
      validBody("invoice", s, {
        currency: "USD",
        detraction: { ...DETRACTION, amount: "50.00" },
        payment: credit(["118.01", limaDay(30)]),
      }),
    errors: ["payment.installments:installments_sum_mismatch"],
  },
  {
    name: "installment due before the issue date",
    kind: "invoice",
    body: (s) =>
      validBody("invoice", s, { payment: credit(["18.00", limaDay(30)], ["100.00", limaDay(-1)]) }),
    errors: ["payment.installments.1.due_date:due_date_not_after_issue_date"],
  },
  {
    // ERR 3267 also refuses a due date equal to the issue date (README "Credit": "each due after the issue date").
    name: "installment due on the issue date",
    kind: "invoice",
    body: (s) => validBody("invoice", s, { payment: credit(["118.00", limaDay(0)]) }),
    errors: ["payment.installments.0.due_date:due_date_not_after_issue_date"],
  },
  {
    name: "installment amount with 3 decimals",
    kind: "invoice",
    body: (s) => validBody("invoice", s, { payment: credit(["118.001", limaDay(30)]) }),
    errors: ["payment.installments.0.amount:too_many_decimals"],
  },
  {
    name: "installment amount 0",
    kind: "invoice",
    body: (s) => validBody("invoice", s, { payment: credit(["118.00", limaDay(30)], ["0", limaDay(60)]) }),
    errors: ["payment.installments.1.amount:must_be_positive"],
  },
  {
    name: "1000 installments",
    kind: "invoice",
    body: (s) =>
      validBody("invoice", s, {
        payment: credit(...Array.from({ length: 1000 }, (): [string, string] => ["0.01", limaDay(30)])),
      }),
    errors: ["payment.installments:too_many_installments"],
  },

  // --- prepayments (rule 7) ---
  {
    name: "prepayment above the document",
    kind: "invoice",
    body: invoice({ prepayments: [prepayment({ amount: "118.01" })] }),
    errors: ["prepayments.0.amount:prepayment_exceeds_document"],
  },
  {
    name: "two prepayments above the document together",
    kind: "invoice",
    body: invoice({
      prepayments: [prepayment({ amount: "60.00" }), prepayment({ amount: "60.00" }, { number: 2 })],
    }),
    errors: ["prepayments.1.amount:prepayment_exceeds_document"],
  },
  {
    name: "prepayment above a receipt",
    kind: "receipt",
    body: receipt({ prepayments: [prepayment({ amount: "118.01" }, { type: "03", series: "B001" })] }),
    errors: ["prepayments.0.amount:prepayment_exceeds_document"],
  },
  {
    // Within the taxed value (100.00 / 1.18 = 84.75 ≤ 100.00) but above the total after a 03 discount (68.00).
    name: "prepayments above the total left by a discount",
    kind: "invoice",
    body: invoice({
      discount: { amount: "50.00", affects_base: false },
      prepayments: [prepayment({ amount: "100.00" })],
    }),
    errors: ["prepayments:prepayments_exceed_total"],
  },
  {
    name: "prepayment without tax_affectation on a mixed document",
    kind: "invoice",
    body: invoice({ items: [item(), item({ tax_affectation: "20" })], prepayments: [prepayment()] }),
    errors: ["prepayments.0.tax_affectation:required"],
  },
  {
    name: "prepayment on a document with free lines only",
    kind: "invoice",
    body: invoice({ items: [item({ tax_affectation: "13" })], prepayments: [prepayment()] }),
    errors: ["prepayments.0.tax_affectation:required"],
  },
  {
    name: "prepayment of a kind the document lacks",
    kind: "invoice",
    body: invoice({ prepayments: [prepayment({ tax_affectation: "30" })] }),
    errors: ["prepayments.0.tax_affectation:tax_affectation_not_in_document"],
  },
  {
    name: "prepayment invoice cited with a receipt series",
    kind: "invoice",
    body: invoice({ prepayments: [prepayment({}, { series: "B001" })] }),
    errors: ["prepayments.0.document.series:invalid_series"],
  },
  {
    name: "prepayment document type 07",
    kind: "invoice",
    body: invoice({ prepayments: [prepayment({}, { type: "07" })] }),
    errors: ["prepayments.0.document.type:invalid_document_type"],
  },
  {
    name: "the same prepayment cited twice",
    kind: "invoice",
    body: invoice({ prepayments: [prepayment(), prepayment()] }),
    errors: ["prepayments.1.document:duplicate_prepayment"],
  },
  {
    name: "prepayment amount 0",
    kind: "invoice",
    body: invoice({ prepayments: [prepayment({ amount: "0" })] }),
    errors: ["prepayments.0.amount:must_be_positive"],
  },
];

/** Each row's own series: invoices `FV00`…, receipts `BV00`… (index within its kind). */
const ROWS = (() => {
  const next: Record<Kind, number> = { invoice: 0, receipt: 0 };
  return CASES.map((c) => ({ ...c, series: seriesFor(c.kind, "V", next[c.kind]++) }));
})();

describe("422 for every refused combination, spending no number", () => {
  let sys: TestSystem;
  /** Documents issued to probe the counters, drained before the system stops. */
  const probes: string[] = [];

  beforeAll(async () => {
    sys = await bootTestSystem();
  });

  afterAll(async () => {
    await sys?.stop();
  });

  it("the table has one row per distinct series", () => {
    expect(new Set(ROWS.map((r) => `${r.kind}:${r.series}`)).size).toBe(ROWS.length);
  });

  it.each(ROWS.map((row) => [`${row.kind}: ${row.name}`, row] as const))("%s", async (_name, row) => {
    const refused = await sys.request(PATH[row.kind], { body: row.body(row.series) });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    const error = refused.body.error;
    expect(error.type).toBe("invalid_request_error");
    expect(
      error.errors.map((e: { param: string; code: string }) => `${e.param}:${e.code}`),
      JSON.stringify(error.errors),
    ).toEqual(row.errors);
    const [param, code] = row.errors[0]!.split(":");
    expect({ param: error.param, code: error.code }).toEqual({ param, code });
    expect(typeof error.message).toBe("string");
    expect(refused.headers.get("location")).toBeNull();

    // The counter of this row's series did not move: the first valid document of the series is number 1.
    const valid = await sys.request(PATH[row.kind], { body: validBody(row.kind, row.series) });
    expect(valid.status, JSON.stringify(valid.body)).toBe(202);
    expect(valid.body).toMatchObject({ series: row.series, number: 1, status: "pending" });
    probes.push(valid.body.id);
  });

  it("the probe documents go through and end accepted", async () => {
    expect(probes.length).toBeGreaterThan(0);
    const deadline = Date.now() + 90_000;
    const statuses = new Map<string, string>();
    for (const id of probes) {
      for (;;) {
        const res = await sys.request(`/v1/documents/${id}`);
        statuses.set(id, res.body.status);
        if (res.body.status !== "pending" || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    expect([...statuses.values()].filter((s) => s !== "accepted")).toEqual([]);
  });
});
