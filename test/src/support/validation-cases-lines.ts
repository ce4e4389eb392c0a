/** 422 table: the lines, their discounts and the document discount (rule 3), free lines (rule 2). */
import { item } from "./requests.js";
import type { CaseSpec } from "./validation-case.js";

export const LINE_CASES: CaseSpec[] = [
  // --- lines ---
  {
    name: "quantity 0",
    invoice: { items: [item({ quantity: 0 })] },
    errors: ["items.0.quantity:must_be_positive"],
  },
  {
    name: "quantity with 11 decimals",
    invoice: { items: [item({ quantity: "1.00000000001" })] },
    errors: ["items.0.quantity:too_many_decimals"],
  },
  {
    name: "quantity not a number",
    receipt: { items: [item({ quantity: "abc" })] },
    errors: ["items.0.quantity:invalid_number"],
  },
  {
    name: "negative unit_price",
    invoice: { items: [item({ unit_price: "-1.00" })] },
    errors: ["items.0.unit_price:invalid_number"],
  },
  {
    name: "line rounding to 0.00",
    invoice: { items: [item({ unit_price: "0.001" })] },
    errors: ["items.0.unit_price:line_amount_zero"],
  },
  {
    name: "blank description",
    invoice: { items: [item({ description: " " })] },
    errors: ["items.0.description:required"],
  },
  {
    // ERR 2027 allows line breaks and tabs in a description, but not the control characters XML cannot carry.
    name: "description with a control character",
    receipt: { items: [item(), item({ description: "Producto\u0001 defectuoso" })] },
    errors: ["items.1.description:invalid_characters"],
  },
  {
    name: "tax_affectation outside catalog 07",
    invoice: { items: [item(), item({ tax_affectation: "99" })] },
    errors: ["items.1.tax_affectation:unknown_tax_affectation"],
  },

  // --- discounts (rule 3) ---
  {
    name: "line discount with percent and amount",
    invoice: { items: [item({ discount: { percent: 5, amount: "5.00" } })] },
    errors: ["items.0.discount:discount_percent_or_amount"],
  },
  {
    name: "line discount with neither percent nor amount",
    receipt: { items: [item({ discount: { affects_base: false } })] },
    errors: ["items.0.discount:discount_percent_or_amount"],
  },
  {
    name: "document discount with percent and amount",
    invoice: { discount: { percent: 5, amount: "5.00" } },
    errors: ["discount:discount_percent_or_amount"],
  },
  {
    name: "line discount amount above the line value (affects base)",
    invoice: { items: [item({ discount: { amount: "100.01" } })] },
    errors: ["items.0.discount.amount:discount_exceeds_amount"],
  },
  {
    // The spec refuses a discount *larger* than what it reduces. The engine also refuses one *equal* to the line
    // value when it affects the base: a line needs a taxable value > 0 (ERR 3105); a line given away is a free
    // line. Documented in packages/tax-engine/README.md ("It must leave the line a value > 0").
    name: "line discount amount equal to the line value (affects base, ERR 3105)",
    invoice: { items: [item({ discount: { amount: "100.00" } })] },
    errors: ["items.0.discount.amount:discount_exceeds_amount"],
  },
  {
    name: "line discount 100 percent (affects base, ERR 3105)",
    receipt: { items: [item(), item({ discount: { percent: 100 } })] },
    errors: ["items.1.discount.percent:discount_exceeds_amount"],
  },
  {
    name: "line discount amount above price × quantity on a price with taxes",
    invoice: {
      items: [item({ unit_price: "118.00", price_includes_tax: true, discount: { amount: "118.01" } })],
    },
    errors: ["items.0.discount.amount:discount_exceeds_amount"],
  },
  {
    // Ambiguity: the spec reads a line amount "as a price: with taxes when the line has price_includes_tax".
    // A discount that does not affect the base lowers only what the buyer pays, so the engine reads its amount
    // against the line total with taxes (line discount code 01: a percent or amount of the line total with taxes).
    // 118.00 is therefore allowed here and 118.01 is the first refused amount.
    name: "line discount amount above the line total with taxes (does not affect base)",
    invoice: { items: [item({ discount: { amount: "118.01", affects_base: false } })] },
    errors: ["items.0.discount.amount:discount_exceeds_amount"],
  },
  {
    name: "line discount percent above 100",
    invoice: { items: [item({ discount: { percent: 101 } })] },
    errors: ["items.0.discount.percent:out_of_range"],
  },
  {
    name: "line discount percent with 4 decimals",
    invoice: { items: [item({ discount: { percent: "1.2345" } })] },
    errors: ["items.0.discount.percent:too_many_decimals"],
  },
  {
    name: "line discount amount with 3 decimals",
    invoice: { items: [item({ discount: { amount: "1.234" } })] },
    errors: ["items.0.discount.amount:too_many_decimals"],
  },
  {
    name: "document discount amount above the taxed value (affects base)",
    invoice: { discount: { amount: "100.01" } },
    errors: ["discount.amount:discount_exceeds_amount"],
  },
  {
    name: "document discount amount above the taxed value of a mixed receipt (affects base)",
    receipt: {
      items: [item(), item({ tax_affectation: "20", unit_price: "50.00" })],
      discount: { amount: "100.01" },
    },
    errors: ["discount.amount:discount_exceeds_amount"],
  },
  {
    // Ambiguity: "A document-level amount is a value without taxes". A discount that does not affect the base
    // (catalog 53 code 03) carries no tax; the engine subtracts it as given from the total with taxes less line
    // 01 discounts (document discount code 03), so 118.01 on a 118.00 invoice is the first refused amount.
    name: "document discount amount above the total (does not affect base)",
    invoice: { discount: { amount: "118.01", affects_base: false } },
    errors: ["discount.amount:discount_exceeds_amount"],
  },
  {
    name: "document discount above the total less line discounts that do not affect base",
    invoice: {
      items: [item({ discount: { amount: "18.00", affects_base: false } })],
      discount: { amount: "100.01", affects_base: false },
    },
    errors: ["discount.amount:discount_exceeds_amount"],
  },
  {
    name: "document discount percent above 100",
    invoice: { discount: { percent: "100.5" } },
    errors: ["discount.percent:out_of_range"],
  },
  {
    name: "document discount amount 0",
    invoice: { discount: { amount: "0" } },
    errors: ["discount.amount:must_be_positive"],
  },
  {
    name: "document discount affecting the base without taxed lines",
    invoice: { items: [item({ tax_affectation: "20" })], discount: { amount: "1.00" } },
    errors: ["discount.affects_base:discount_requires_taxed_lines"],
  },

  // --- free lines (rule 2) ---
  {
    name: "free line with a discount",
    invoice: { items: [item({ tax_affectation: "13", discount: { percent: 5 } })] },
    errors: ["items.0.discount:not_allowed_on_free_line"],
  },
  {
    name: "free line with ISC",
    receipt: { items: [item({ tax_affectation: "21", isc: { rate: 10 } })] },
    errors: ["items.0.isc:not_allowed_on_free_line"],
  },
  {
    name: "free line with price_includes_tax",
    invoice: { items: [item({ tax_affectation: "31", price_includes_tax: true })] },
    errors: ["items.0.price_includes_tax:not_allowed_on_free_line"],
  },
];
