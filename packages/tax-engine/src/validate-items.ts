import type { ItemInput } from "@einvoice/domain";
import { AFFECTATIONS, type Affectation } from "./catalogs.js";
import { type ParsedDiscount, parseDiscount } from "./discounts.js";
import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";
import { type Dec, HUNDRED } from "./money.js";
import { parseDecimal } from "./parse-number.js";
import { hasInvalidXmlChar } from "./text.js";

/** Default `items[].unit_code`: `NIU` (unit of goods, UN/ECE rec 20). Services may send `ZZ`. */
export const DEFAULT_UNIT_CODE = "NIU";

export interface ParsedItem {
  index: number;
  param: string;
  description: string;
  quantity: Dec;
  unitPrice: Dec;
  unitCode: string;
  affectation: Affectation;
  priceIncludesTax: boolean;
  discount?: ParsedDiscount;
  icbper: boolean;
  /** ISC ad valorem percent (e.g. `10` = 10 %). */
  iscPercent?: Dec;
}

/** Shape and per-line rules; returns undefined for a line with errors (its errors are recorded). */
export function parseItem(item: ItemInput, index: number, errors: Errors): ParsedItem | undefined {
  const param = `items.${index}`;
  const before = errors.count;
  if (item === null || typeof item !== "object") {
    errors.add(param, TAX_ERRORS.invalid_item, "each item must be an object");
    return undefined;
  }
  const description = typeof item.description === "string" ? item.description.trim() : "";
  if (description.length === 0 || description.length > 500) {
    // ERR 2026/2027: description an..500.
    errors.add(
      `${param}.description`,
      description ? TAX_ERRORS.invalid_length : TAX_ERRORS.required,
      "description: 1 to 500 characters",
    );
  } else if (hasInvalidXmlChar(description)) {
    // ERR 2027 allows line breaks and tabs here, but XML cannot carry other control characters (0306).
    errors.add(
      `${param}.description`,
      TAX_ERRORS.invalid_characters,
      "description contains a control character XML cannot carry",
    );
  }
  const quantity = parseDecimal(item.quantity, `${param}.quantity`, { decimals: 10 }, errors); // ERR 2025
  const unitPrice = parseDecimal(item.unit_price, `${param}.unit_price`, { decimals: 10 }, errors); // ERR 2369
  const unitCode = item.unit_code ?? DEFAULT_UNIT_CODE;
  if (!/^[A-Z0-9]{1,3}$/.test(unitCode)) {
    errors.add(
      `${param}.unit_code`,
      TAX_ERRORS.invalid_unit_code,
      "unit_code is a UN/ECE rec 20 code such as NIU, ZZ, KGM",
    );
  }
  const code = item.tax_affectation ?? "10";
  const affectation = AFFECTATIONS[code];
  if (!affectation) {
    errors.add(
      `${param}.tax_affectation`,
      TAX_ERRORS.unknown_tax_affectation,
      "tax_affectation: 10–17, 20, 21, 30–37 or 40",
    );
  }
  const priceIncludesTax = item.price_includes_tax === true;
  const discount = item.discount ? parseDiscount(item.discount, `${param}.discount`, errors) : undefined;
  let iscPercent: Dec | undefined;
  if (item.isc !== undefined && item.isc !== null) {
    iscPercent = parseDecimal(item.isc.rate, `${param}.isc.rate`, { decimals: 5, max: HUNDRED }, errors);
  }
  const icbper = item.icbper === true;
  if (icbper && quantity && !quantity.isInteger()) {
    // ERR 3237: BaseUnitMeasure is the number of bags.
    errors.add(
      `${param}.quantity`,
      TAX_ERRORS.quantity_not_integer,
      "with icbper the quantity is a whole number of bags",
    );
  }

  if (affectation?.free) {
    // Spec rule 2 and ERR 2640: a free line carries a reference value only.
    if (item.discount)
      errors.add(`${param}.discount`, TAX_ERRORS.not_allowed_on_free_line, "a free line admits no discount");
    if (item.isc)
      errors.add(`${param}.isc`, TAX_ERRORS.not_allowed_on_free_line, "a free line admits no ISC");
    if (priceIncludesTax) {
      errors.add(
        `${param}.price_includes_tax`,
        TAX_ERRORS.not_allowed_on_free_line,
        "a free line's unit_price is a reference value without taxes",
      );
    }
  }
  if (errors.count > before || !quantity || !unitPrice || !affectation) return undefined;
  const parsed: ParsedItem = {
    index,
    param,
    description,
    quantity,
    unitPrice,
    unitCode,
    affectation,
    priceIncludesTax,
    icbper,
  };
  if (discount) parsed.discount = discount;
  if (iscPercent) parsed.iscPercent = iscPercent;
  return parsed;
}
