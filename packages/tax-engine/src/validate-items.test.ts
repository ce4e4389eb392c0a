import type { InvoiceRequest } from "@einvoice/domain";
import { describe, expect, it } from "vitest";
import { ctx, expectError, invoice, item, ok, refused } from "../test-support/fixtures.js";

/** [case, request, param, code]: each line-level check returns 422 naming the field. */
const CASES: [string, InvoiceRequest, string, string][] = [
  ["quantity 0", invoice({ items: [item({ quantity: 0 })] }), "items.0.quantity", "must_be_positive"],
  [
    "quantity with 11 decimals",
    invoice({ items: [item({ quantity: "1.00000000001" })] }),
    "items.0.quantity",
    "too_many_decimals",
  ],
  [
    "quantity in exponent notation",
    invoice({ items: [item({ quantity: 1e-7 })] }),
    "items.0.quantity",
    "invalid_number",
  ],
  [
    "unit_price not a number",
    invoice({ items: [item({ unit_price: "abc" })] }),
    "items.0.unit_price",
    "invalid_number",
  ],
  [
    "unit_price negative",
    invoice({ items: [item({ unit_price: "-1" })] }),
    "items.0.unit_price",
    "invalid_number",
  ],
  [
    "unit_price rounding the line to 0.00",
    invoice({ items: [item({ unit_price: "0.001" })] }),
    "items.0.unit_price",
    "line_amount_zero",
  ],
  [
    "description missing",
    invoice({ items: [item({ description: " " })] }),
    "items.0.description",
    "required",
  ],
  [
    "description with a control character XML cannot carry (0306)",
    invoice({ items: [item({ description: "Caja\u0007 azul" })] }),
    "items.0.description",
    "invalid_characters",
  ],
  [
    "unit_code invalid",
    invoice({ items: [item({ unit_code: "kilos" })] }),
    "items.0.unit_code",
    "invalid_unit_code",
  ],
  [
    "unknown affectation",
    invoice({ items: [item({ tax_affectation: "99" })] }),
    "items.0.tax_affectation",
    "unknown_tax_affectation",
  ],
  [
    "discount with percent and amount",
    invoice({ items: [item({ discount: { percent: 5, amount: "5" } })] }),
    "items.0.discount",
    "discount_percent_or_amount",
  ],
  [
    "discount with neither",
    invoice({ items: [item({ discount: {} })] }),
    "items.0.discount",
    "discount_percent_or_amount",
  ],
  [
    "discount amount above the line",
    invoice({ items: [item({ discount: { amount: "100.01" } })] }),
    "items.0.discount.amount",
    "discount_exceeds_amount",
  ],
  [
    "affects-base discount of the whole line (base 0, ERR 3105)",
    invoice({ items: [item({ discount: { percent: 100 } })] }),
    "items.0.discount.percent",
    "discount_exceeds_amount",
  ],
  [
    "price-with-tax discount above price × qty",
    invoice({
      items: [item({ unit_price: "118", price_includes_tax: true, discount: { amount: "118.01" } })],
    }),
    "items.0.discount.amount",
    "discount_exceeds_amount",
  ],
  [
    "not-affecting-base discount above the line with taxes",
    invoice({ items: [item({ discount: { amount: "118.01", affects_base: false } })] }),
    "items.0.discount.amount",
    "discount_exceeds_amount",
  ],
  [
    "discount percent above 100",
    invoice({ items: [item({ discount: { percent: 101 } })] }),
    "items.0.discount.percent",
    "out_of_range",
  ],
  [
    "discount percent with 4 decimals",
    invoice({ items: [item({ discount: { percent: "1.2345" } })] }),
    "items.0.discount.percent",
    "too_many_decimals",
  ],
  [
    "free line with discount",
    invoice({ items: [item({ tax_affectation: "13", discount: { percent: 5 } })] }),
    "items.0.discount",
    "not_allowed_on_free_line",
  ],
  [
    "free line with ISC",
    invoice({ items: [item({ tax_affectation: "21", isc: { rate: 10 } })] }),
    "items.0.isc",
    "not_allowed_on_free_line",
  ],
  [
    "free line with price_includes_tax",
    invoice({ items: [item({ tax_affectation: "31", price_includes_tax: true })] }),
    "items.0.price_includes_tax",
    "not_allowed_on_free_line",
  ],
  [
    "ICBPER with fractional bags",
    invoice({ items: [item({ icbper: true, quantity: "1.5" })] }),
    "items.0.quantity",
    "quantity_not_integer",
  ],
  [
    "ICBPER in USD",
    invoice({ currency: "USD", items: [item({ icbper: true })] }),
    "items.0.icbper",
    "icbper_requires_pen",
  ],
  ["ISC rate 0", invoice({ items: [item({ isc: { rate: 0 } })] }), "items.0.isc.rate", "must_be_positive"],
  [
    "ISC with export",
    invoice({
      customer: { document_type: "0", document_number: "-", name: "Buyer Inc", country_code: "US" },
      items: [item({ tax_affectation: "40", isc: { rate: 10 } })],
    }),
    "items.0.isc",
    "isc_not_allowed_with_export",
  ],
  [
    "ISC with IVAP",
    invoice({ items: [item({ tax_affectation: "17" }), item({ tax_affectation: "17", isc: { rate: 10 } })] }),
    "items.1.isc",
    "isc_not_allowed_with_ivap",
  ],
  [
    "IVAP mixed with taxed",
    invoice({ items: [item({ tax_affectation: "17" }), item()] }),
    "items.1.tax_affectation",
    "ivap_mixed",
  ],
  [
    "IVAP mixed with a free line",
    invoice({ items: [item({ tax_affectation: "17" }), item({ tax_affectation: "11" })] }),
    "items.1.tax_affectation",
    "ivap_mixed",
  ],
  [
    "export mixed with taxed",
    invoice({
      customer: { document_type: "0", document_number: "-", name: "Buyer Inc", country_code: "US" },
      items: [item({ tax_affectation: "40" }), item()],
    }),
    "items.1.tax_affectation",
    "export_mixed",
  ],
];

describe("line checks → 422", () => {
  it.each(CASES)("%s", (_name, req, param, code) => {
    expectError(req, param, code);
  });

  it("ICBPER before 2019-08-01 is refused (ERR 2949)", () => {
    expectError(
      invoice({ issue_date: "2019-07-31", items: [item({ icbper: true })] }),
      "items.0.icbper",
      "icbper_not_in_force",
      ctx("01", "2019-07-31"),
    );
  });

  it("a description may hold line breaks and tabs (ERR 2027 allows them)", () => {
    const doc = ok(invoice({ items: [item({ description: "Caja azul\n\tcon tapa\r\n" })] }));
    expect(doc.lines[0]!.description).toBe("Caja azul\n\tcon tapa");
  });

  it("collects every error, across lines and fields", () => {
    const errors = refused(
      invoice({
        series: "X1",
        items: [
          item({ quantity: 0 }),
          item({ discount: { amount: "500" } }),
          item({ tax_affectation: "13", discount: { percent: 1 } }),
        ],
      }),
    );
    expect(errors.map((e) => `${e.param}:${e.code}`)).toEqual([
      "series:invalid_series",
      "items.0.quantity:must_be_positive",
      "items.2.discount:not_allowed_on_free_line",
      "items.1.discount.amount:discount_exceeds_amount",
    ]);
  });
});
