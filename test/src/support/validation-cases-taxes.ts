/** 422 table: ISC (rule 9), IVAP (rule 10), export (rule 5) and ICBPER (rule 8). */
import { DETRACTION, FOREIGN_CUSTOMER, item } from "./requests.js";
import { type CaseSpec, EXPORT, prepayment } from "./validation-case.js";

export const TAX_CASES: CaseSpec[] = [
  // --- ISC (rule 9) ---
  {
    name: "ISC rate 0",
    invoice: { items: [item({ isc: { rate: 0 } })] },
    errors: ["items.0.isc.rate:must_be_positive"],
  },
  {
    name: "ISC rate above 100",
    invoice: { items: [item({ isc: { rate: 101 } })] },
    errors: ["items.0.isc.rate:out_of_range"],
  },
  {
    name: "ISC with export",
    invoice: { ...EXPORT, items: [item({ tax_affectation: "40", isc: { rate: 10 } })] },
    errors: ["items.0.isc:isc_not_allowed_with_export"],
  },
  {
    name: "ISC with IVAP",
    invoice: {
      items: [item({ tax_affectation: "17" }), item({ tax_affectation: "17", isc: { rate: 10 } })],
    },
    errors: ["items.1.isc:isc_not_allowed_with_ivap"],
  },

  // --- IVAP (rule 10) and export (rule 5) ---
  {
    name: "IVAP mixed with a taxed line",
    invoice: { items: [item({ tax_affectation: "17" }), item()] },
    errors: ["items.1.tax_affectation:ivap_mixed"],
  },
  {
    name: "IVAP mixed with an exempt line on a receipt",
    receipt: { items: [item({ tax_affectation: "17" }), item({ tax_affectation: "20" })] },
    errors: ["items.1.tax_affectation:ivap_mixed"],
  },
  {
    name: "IVAP mixed with a free line",
    invoice: { items: [item({ tax_affectation: "17" }), item({ tax_affectation: "11" })] },
    errors: ["items.1.tax_affectation:ivap_mixed"],
  },
  {
    name: "export mixed with a taxed line",
    invoice: { ...EXPORT, items: [item({ tax_affectation: "40" }), item()] },
    errors: ["items.1.tax_affectation:export_mixed"],
  },
  {
    name: "export mixed with a free line",
    invoice: { ...EXPORT, items: [item({ tax_affectation: "13" }), item({ tax_affectation: "40" })] },
    errors: ["items.0.tax_affectation:export_mixed"],
  },
  {
    // A RUC buyer breaks all three export customer rules at once; each is reported on its own field.
    name: "export to a RUC customer",
    invoice: { items: [item({ tax_affectation: "40" })] },
    errors: [
      "customer.document_type:export_customer_must_be_foreign",
      "customer.document_number:export_customer_number",
      "customer.country_code:required",
    ],
  },
  {
    name: "export customer number other than -",
    invoice: { ...EXPORT, customer: { ...FOREIGN_CUSTOMER, document_number: "X123" } },
    errors: ["customer.document_number:export_customer_number"],
  },
  {
    name: "export customer without country_code",
    invoice: { ...EXPORT, customer: { ...FOREIGN_CUSTOMER, country_code: undefined } },
    errors: ["customer.country_code:required"],
  },
  {
    name: "export customer from Peru",
    invoice: { ...EXPORT, customer: { ...FOREIGN_CUSTOMER, country_code: "PE" } },
    errors: ["customer.country_code:required"],
  },
  {
    name: "export with detraction",
    invoice: { ...EXPORT, detraction: DETRACTION },
    errors: ["detraction:not_allowed_with_export"],
  },
  {
    name: "export with perception",
    invoice: { ...EXPORT, perception: { code: "51" } },
    errors: ["perception:not_allowed_with_export"],
  },
  {
    name: "export with prepayments",
    invoice: { ...EXPORT, prepayments: [prepayment()] },
    errors: ["prepayments:not_allowed_with_export"],
  },

  // --- ICBPER (rule 8) ---
  {
    name: "icbper in USD",
    invoice: { currency: "USD", items: [item({ icbper: true })] },
    errors: ["items.0.icbper:icbper_requires_pen"],
  },
  {
    name: "icbper with a fractional number of bags",
    receipt: { items: [item({ icbper: true, quantity: "1.5", unit_price: "0.10" })] },
    errors: ["items.0.quantity:quantity_not_integer"],
  },
  {
    // Through the API a date before 2019-08-01 is also outside the 3-day back-dating window, so both are
    // reported; the ICBPER check still names its field.
    name: "icbper before 2019-08-01",
    invoice: { issue_date: "2019-07-31", items: [item({ icbper: true })] },
    errors: ["issue_date:issue_date_too_old", "items.0.icbper:icbper_not_in_force"],
  },
];
