import type { ComputedParty, CustomerInput, SaleDocumentType } from "@einvoice/domain";
import { IDENTITY_TYPES } from "./catalogs.js";
import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";
import { rucProblem } from "./ruc.js";
import { hasInvalidXmlChar, isSingleLineText } from "./text.js";

/** Name printed for an anonymous receipt customer. */
export const ANONYMOUS_NAME = "CLIENTES VARIOS";

/** `6` RUC for 11 digits, `1` DNI for 8 digits, otherwise undefined (then `document_type` is required). */
export function inferDocumentType(number: string | undefined): string | undefined {
  if (number === undefined) return undefined;
  if (/^\d{11}$/.test(number)) return "6";
  if (/^\d{8}$/.test(number)) return "1";
  return undefined;
}

/** Whether the party identifies a buyer (receipt rule: identification required above S/ 700). */
export const isIdentified = (p: ComputedParty): boolean =>
  p.document_type !== "0" && p.document_number !== "-";

/**
 * Resolves and checks the customer. Invoices need a RUC buyer (ERR 2800 for DNI on a factura) except for export,
 * whose buyer is foreign: `0` / `-` / country_code (spec rule 5). Receipts may omit the customer: anonymous
 * `0` / `-` / "CLIENTES VARIOS".
 */
export function resolveCustomer(
  input: CustomerInput | undefined,
  type: SaleDocumentType,
  isExport: boolean,
  errors: Errors,
): ComputedParty {
  if (input === undefined || input === null) {
    if (type === "01" || isExport) {
      errors.add("customer", TAX_ERRORS.required, "customer is required on an invoice and on an export");
    }
    return { document_type: "0", document_number: "-", name: ANONYMOUS_NAME };
  }

  const number = typeof input.document_number === "string" ? input.document_number.trim() : undefined;
  const docType = input.document_type ?? inferDocumentType(number);
  const name = typeof input.name === "string" ? input.name.trim() : "";
  const party: ComputedParty = {
    document_type: docType ?? "",
    document_number: number ?? "",
    name,
  };
  if (input.address) {
    party.address = input.address;
    if (typeof input.address !== "string" || hasInvalidXmlChar(input.address)) {
      errors.add(
        "customer.address",
        TAX_ERRORS.invalid_characters,
        "customer.address contains a control character XML cannot carry",
      );
    }
  }
  if (input.country_code) party.country_code = input.country_code;

  if (docType === undefined) {
    errors.add(
      "customer.document_type",
      TAX_ERRORS.required,
      "customer.document_type is required unless document_number has 11 digits (RUC) or 8 digits (DNI)",
    );
  } else if (!IDENTITY_TYPES.has(docType)) {
    errors.add(
      "customer.document_type",
      TAX_ERRORS.unknown_document_type,
      "customer.document_type is not in catalog 06",
    );
  }

  if (isExport) {
    // Spec rule 5; ERR 2800: an export buyer may not be identified by RUC.
    if (docType !== "0") {
      errors.add(
        "customer.document_type",
        TAX_ERRORS.export_customer_must_be_foreign,
        "an export customer has document_type 0",
      );
    }
    if (number !== "-") {
      errors.add(
        "customer.document_number",
        TAX_ERRORS.export_customer_number,
        'an export customer has document_number "-"',
      );
    }
    if (!input.country_code || !/^[A-Z]{2}$/.test(input.country_code) || input.country_code === "PE") {
      errors.add(
        "customer.country_code",
        TAX_ERRORS.required,
        "an export needs the customer's foreign country_code (ISO 3166-1)",
      );
    }
  } else if (type === "01" && docType !== undefined && docType !== "6") {
    // ERR 2800: an invoice (factura) is issued to a RUC holder.
    errors.add(
      "customer.document_type",
      TAX_ERRORS.invoice_requires_ruc,
      "an invoice customer must be identified by RUC (6)",
    );
  }

  const ruc = docType === "6" ? rucProblem(number ?? "") : undefined;
  if (ruc !== undefined) {
    // ERR 2017 (11 digits) and ERR 1083 (not in SUNAT's register: prefix and check digit), field 17.
    errors.add("customer.document_number", TAX_ERRORS.invalid_ruc, `customer.document_number: ${ruc}`);
  } else if (docType === "1" && !/^\d{8}$/.test(number ?? "")) {
    // ERR 2801 (Factura2_0 field 17), OBS 4207 (Boleta2_0 field 16).
    errors.add(
      "customer.document_number",
      TAX_ERRORS.invalid_dni,
      "customer.document_number: a DNI has 8 digits",
    );
  } else if (
    docType !== undefined &&
    docType !== "6" &&
    docType !== "1" &&
    (!/^\S{1,15}$/.test(number ?? "") || hasInvalidXmlChar(number ?? ""))
  ) {
    errors.add(
      "customer.document_number",
      TAX_ERRORS.invalid_document_number,
      "document_number: 1 to 15 characters, no spaces",
    ); // OBS 4208
  }

  if (name.length < 3 || name.length > 1500) {
    // ERR 2021/2022: RegistrationName 3..1500 characters.
    errors.add(
      "customer.name",
      name ? TAX_ERRORS.invalid_length : TAX_ERRORS.required,
      "customer.name needs 3 to 1500 characters",
    );
  } else if (!isSingleLineText(name)) {
    // ERR 2022: any character including space, but no line break, tab or other whitespace character.
    errors.add(
      "customer.name",
      TAX_ERRORS.invalid_characters,
      "customer.name may not contain line breaks, tabs or control characters",
    );
  }
  return party;
}
