/** 422 table: the customer (identity document, name, address) and when a receipt needs one. */
import { DNI_CUSTOMER, item, RUC_CUSTOMER } from "./requests.js";
import type { CaseSpec } from "./validation-case.js";

export const CUSTOMER_CASES: CaseSpec[] = [
  {
    name: "invoice without customer",
    // An undefined field is left out of the JSON sent.
    invoice: { customer: undefined },
    errors: ["customer:required"],
  },
  {
    name: "invoice to a DNI holder",
    invoice: { customer: DNI_CUSTOMER },
    errors: ["customer.document_type:invoice_requires_ruc"],
  },
  {
    name: "document_type omitted and not inferable from 9 digits",
    invoice: { customer: { document_number: "123456789", name: "ACME SAC" } },
    errors: ["customer.document_type:required"],
  },
  {
    name: "document_type outside catalog 06",
    receipt: { customer: { document_type: "9", document_number: "X1", name: "ACME SAC" } },
    errors: ["customer.document_type:unknown_document_type"],
  },
  {
    name: "RUC of 10 digits",
    invoice: { customer: { ...RUC_CUSTOMER, document_number: "2010007097" } },
    errors: ["customer.document_number:invalid_ruc"],
  },
  {
    name: "DNI of 7 digits",
    receipt: { customer: { ...DNI_CUSTOMER, document_number: "4567891" } },
    errors: ["customer.document_number:invalid_dni"],
  },
  {
    name: "foreigner's card number of 16 characters",
    receipt: { customer: { document_type: "4", document_number: "1234567890123456", name: "ANA" } },
    errors: ["customer.document_number:invalid_document_number"],
  },
  {
    name: "customer name missing",
    invoice: { customer: { document_number: "20100070970" } },
    errors: ["customer.name:required"],
  },
  {
    name: "customer name of 2 characters",
    invoice: { customer: { ...RUC_CUSTOMER, name: "AB" } },
    errors: ["customer.name:invalid_length"],
  },
  {
    // ERR 2022: RegistrationName an..1500. The gateway's schema stops longer names as a shape error (it used to
    // stop at 500, refusing names SUNAT accepts; the UBL matrix issues one of 1500).
    name: "customer name of 1501 characters",
    invoice: { customer: { ...RUC_CUSTOMER, name: "A".repeat(1501) } },
    errors: ["customer.name:parameter_invalid"],
  },
  {
    // ERR 2022: the buyer's RegistrationName admits spaces but no other whitespace (line break, tab).
    name: "customer name with a tab (ERR 2022)",
    invoice: { customer: { ...RUC_CUSTOMER, name: "CLIENTE\tSAC" } },
    errors: ["customer.name:invalid_characters"],
  },
  {
    name: "customer name with a line break (ERR 2022)",
    receipt: { customer: { ...DNI_CUSTOMER, name: "JUAN\nPEREZ" } },
    errors: ["customer.name:invalid_characters"],
  },
  {
    // The buyer's AddressLine/Line is an..200 in SUNAT's workbook (Factura row 19, Boleta row 18).
    name: "customer address of 201 characters",
    invoice: { customer: { ...RUC_CUSTOMER, address: "A".repeat(201) } },
    errors: ["customer.address:parameter_invalid"],
  },
  {
    // A control character XML 1.0 cannot carry makes the XML unreadable (SUNAT 0306): refused before numbering.
    name: "customer address with a control character",
    invoice: { customer: { ...RUC_CUSTOMER, address: "AV. LIMA\u0001 123" } },
    errors: ["customer.address:invalid_characters"],
  },
  {
    name: "foreign customer's document number with a control character",
    receipt: { customer: { document_type: "4", document_number: "AB\u000212", name: "ANA MARIA" } },
    errors: ["customer.document_number:invalid_document_number"],
  },
  {
    name: "anonymous receipt above S/ 700",
    receipt: { items: [item({ quantity: 6 })] },
    errors: ["customer:customer_required_above_limit"],
  },
  {
    name: "anonymous receipt in USD",
    receipt: { currency: "USD" },
    errors: ["customer:customer_required_above_limit"],
  },
];
