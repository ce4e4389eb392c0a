import { describe, expect, it } from "vitest";
import { ctx, invoice, item, ok, receipt, subtotal, TODAY } from "../test-support/fixtures.js";
import { D } from "./money.js";

describe("taxed line (10)", () => {
  it("value × qty, IGV 18 % (3271, 3103, 3277, 3291, 3279, 3280), legend 1000, Contado", () => {
    const doc = ok(invoice({ items: [item({ quantity: 2, unit_price: "100" })] }));
    const line = doc.lines[0]!;
    expect(line).toMatchObject({
      id: 1,
      quantity: "2",
      unit_code: "NIU",
      unit_value: "100.00",
      line_extension_amount: "200.00",
      tax_total: "36.00",
      reference_price: { type_code: "01", amount: "118.00" },
    });
    expect(line.taxes).toEqual([
      {
        scheme: "1000",
        taxable_amount: "200.00",
        tax_amount: "36.00",
        percent: "18.00",
        exemption_reason: "10",
      },
    ]);
    expect(doc.tax_subtotals).toEqual([{ scheme: "1000", taxable_amount: "200.00", tax_amount: "36.00" }]);
    expect(doc.monetary_total).toEqual({
      line_extension_amount: "200.00",
      tax_inclusive_amount: "236.00",
      allowance_total_amount: "0.00",
      charge_total_amount: "0.00",
      prepaid_amount: "0.00",
      payable_amount: "236.00",
    });
    expect(doc.legends).toEqual([{ code: "1000", text: "DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES" }]);
    expect(doc.payment_terms).toEqual({ means: "Contado", installments: [] });
    expect(doc).toMatchObject({
      operation_type: "0101",
      currency: "PEN",
      issue_date: TODAY,
      tax_total: "36.00",
    });
    expect(doc.amounts).toEqual({
      taxed: "200.00",
      exempt: "0.00",
      unaffected: "0.00",
      export: "0.00",
      free: "0.00",
      igv: "36.00",
      ivap: "0.00",
      isc: "0.00",
      icbper: "0.00",
      discounts: "0.00",
      prepaid: "0.00",
      total: "236.00",
    });
  });

  it.each([
    // [price with IGV, qty, unit value (10 decimals), value, IGV, total = round2(price × qty)]
    ["10", "1", "8.4745762712", "8.47", "1.53", "10.00"],
    ["10", "3", "8.4745762712", "25.42", "4.58", "30.00"],
    ["118", "1", "100.00", "100.00", "18.00", "118.00"],
    ["1.99", "7", "1.686440678", "11.81", "2.12", "13.93"],
    ["0.5", "1000", "0.4237288136", "423.73", "76.27", "500.00"],
  ])(
    "price_includes_tax %s × %s: the customer pays %s… total is price × qty (value + IGV = amount paid)",
    (price, qty, unitValue, value, igv, total) => {
      const doc = ok(
        invoice({ items: [item({ unit_price: price, quantity: qty, price_includes_tax: true })] }),
      );
      expect(doc.lines[0]).toMatchObject({
        unit_value: unitValue,
        line_extension_amount: value,
        tax_total: igv,
      });
      expect(doc.amounts.total).toBe(total);
    },
  );

  it("a café's walk: one coffee at 10.00 → 10.00; two items at 5.00 → 10.00; seven at 1.99 → 13.93", () => {
    const priced = (...lines: [string, number][]) =>
      ok(
        receipt({
          items: lines.map(([price, quantity]) =>
            item({ unit_price: price, quantity, price_includes_tax: true }),
          ),
        }),
        ctx("03"),
      ).amounts;
    expect(priced(["10.00", 1])).toMatchObject({ taxed: "8.47", igv: "1.53", total: "10.00" });
    expect(priced(["5.00", 2]).total).toBe("10.00");
    expect(priced(["5.00", 1], ["5.00", 1])).toMatchObject({ taxed: "8.47", igv: "1.53", total: "10.00" });
    expect(priced(["1.99", 7]).total).toBe("13.93");
    expect(priced(...Array.from({ length: 7 }, (): [string, number] => ["1.99", 1])).total).toBe("13.93");
  });

  it("999 lines at 1.99 with IGV: total 1988.01 and the IGV within SUNAT's ± 1 of Σ bases × 18 % (3291)", () => {
    const doc = ok(
      invoice({
        items: Array.from({ length: 999 }, () => item({ unit_price: "1.99", price_includes_tax: true })),
      }),
    );
    const bases = doc.lines.reduce((a, l) => a.plus(l.taxes[0]!.taxable_amount), new D(0));
    expect(doc.amounts.total).toBe("1988.01");
    expect(bases.toFixed(2)).toBe(doc.amounts.taxed);
    // Σ bases = round2(1988.01 / 1.18) = 1684.75; IGV = 303.26, 18 % of the bases is 303.255.
    expect(doc.amounts).toMatchObject({ taxed: "1684.75", igv: "303.26" });
    for (const l of doc.lines) expect(["1.68", "1.69"]).toContain(l.line_extension_amount);
  });

  it("mixed prices: each side exact (with taxes: Σ amounts paid; without: IGV on the Σ values)", () => {
    const doc = ok(
      invoice({
        items: [
          item({ unit_price: "1.99", quantity: 7, price_includes_tax: true }),
          item({ unit_price: "10.05", quantity: 3 }),
          item({ unit_price: "3.00", quantity: 1, price_includes_tax: true, tax_affectation: "20" }),
        ],
      }),
    );
    // 13.93 paid (11.81 + 2.12); 30.15 + round2(30.15 × 18 %) = 30.15 + 5.43; exempt 3.00.
    expect(doc.amounts).toMatchObject({ taxed: "41.96", igv: "7.55", exempt: "3.00", total: "52.51" });
  });
});

describe("discounts (catalog 53)", () => {
  it("line percent affecting base: code 00, factor, base (3271)", () => {
    const doc = ok(invoice({ items: [item({ discount: { percent: 10 } })] }));
    expect(doc.lines[0]!.allowance_charges).toEqual([
      { charge: false, reason_code: "00", factor: "0.1", amount: "10.00", base: "100.00", currency: "PEN" },
    ]);
    expect(doc.lines[0]!.line_extension_amount).toBe("90.00");
    expect(doc.amounts).toMatchObject({ igv: "16.20", total: "106.20", discounts: "0.00" });
  });

  it("line amount with price_includes_tax is read with taxes: 11.80 off a 118.00 price", () => {
    const doc = ok(
      invoice({
        items: [item({ unit_price: "118", price_includes_tax: true, discount: { amount: "11.80" } })],
      }),
    );
    expect(doc.lines[0]!.allowance_charges[0]).toMatchObject({
      reason_code: "00",
      amount: "10.00",
      base: "100.00",
      factor: "0.1",
    });
    expect(doc.amounts.total).toBe("106.20");
  });

  it("line discount not affecting base: code 01, in AllowanceTotalAmount (4307), price with taxes net (4287)", () => {
    const doc = ok(invoice({ items: [item({ discount: { amount: "10", affects_base: false } })] }));
    expect(doc.lines[0]).toMatchObject({ line_extension_amount: "100.00", tax_total: "18.00" });
    expect(doc.lines[0]!.allowance_charges[0]).toMatchObject({
      reason_code: "01",
      amount: "10.00",
      base: "118.00",
    });
    expect(doc.lines[0]!.reference_price).toEqual({ type_code: "01", amount: "108.00" });
    expect(doc.monetary_total).toMatchObject({ allowance_total_amount: "10.00", payable_amount: "108.00" });
  });

  it("document discount affecting base (02) lowers the taxed base only (3277, 3278, 3291)", () => {
    const doc = ok(
      invoice({
        items: [item(), item({ unit_price: "50", tax_affectation: "20" })],
        discount: { percent: 10 },
      }),
    );
    expect(doc.allowance_charges).toEqual([
      { charge: false, reason_code: "02", factor: "0.1", amount: "10.00", base: "100.00", currency: "PEN" },
    ]);
    expect(subtotal(doc, "1000")).toEqual({ scheme: "1000", taxable_amount: "90.00", tax_amount: "16.20" });
    expect(subtotal(doc, "9997")).toEqual({ scheme: "9997", taxable_amount: "50.00", tax_amount: "0.00" });
    expect(doc.monetary_total).toMatchObject({
      line_extension_amount: "140.00",
      tax_inclusive_amount: "156.20",
      payable_amount: "156.20",
    });
  });

  it("document discount not affecting base (03) lowers only the payable (3280, 4307)", () => {
    const doc = ok(invoice({ discount: { amount: "18.00", affects_base: false } }));
    expect(doc.allowance_charges[0]).toMatchObject({ reason_code: "03", amount: "18.00", base: "118.00" });
    expect(doc.monetary_total).toMatchObject({
      tax_inclusive_amount: "118.00",
      allowance_total_amount: "18.00",
      payable_amount: "100.00",
    });
    expect(doc.amounts.discounts).toBe("18.00");
  });
});

describe("free lines", () => {
  it.each(["11", "12", "13", "14", "15", "16"])(
    "%s declares IGV as 9996, not charged (3111, 2640), legend 1002",
    (code) => {
      const doc = ok(
        invoice({ items: [item(), item({ tax_affectation: code, quantity: 2, unit_price: "50" })] }),
      );
      const line = doc.lines[1]!;
      expect(line).toMatchObject({
        free: true,
        unit_value: "0.00",
        reference_price: { type_code: "02", amount: "50.00" },
        tax_total: "0.00",
      });
      expect(line.taxes).toEqual([
        {
          scheme: "9996",
          taxable_amount: "100.00",
          tax_amount: "18.00",
          percent: "18.00",
          exemption_reason: code,
        },
      ]);
      expect(subtotal(doc, "9996")).toEqual({
        scheme: "9996",
        taxable_amount: "100.00",
        tax_amount: "18.00",
      });
      expect(doc.amounts).toMatchObject({ free: "100.00", total: "118.00", igv: "18.00" });
      expect(doc.legends.map((l) => l.code)).toEqual(["1000", "1002"]);
    },
  );

  it.each(["21", "31", "32", "33", "34", "35", "36", "37"])("%s declares tax 0 (3110)", (code) => {
    const doc = ok(invoice({ items: [item({ tax_affectation: code })] }));
    expect(doc.lines[0]!.taxes[0]).toMatchObject({ scheme: "9996", tax_amount: "0.00", percent: "0.00" });
    expect(doc.amounts.total).toBe("0.00");
    expect(doc.legends[0]!.text).toBe("CERO CON 00/100 SOLES");
  });
});

describe("exempt, unaffected, IVAP, export", () => {
  it("mixed taxed, exempt and unaffected lines keep separate subtotals and amounts", () => {
    const doc = ok(
      invoice({
        items: [
          item(),
          item({ tax_affectation: "20", unit_price: "30" }),
          item({ tax_affectation: "30", unit_price: "20" }),
        ],
      }),
    );
    expect(doc.tax_subtotals.map((s) => s.scheme)).toEqual(["1000", "9997", "9998"]);
    expect(doc.amounts).toMatchObject({
      taxed: "100.00",
      exempt: "30.00",
      unaffected: "20.00",
      igv: "18.00",
      total: "168.00",
    });
  });

  it("IVAP (17): scheme 1016 at 4 %, legend 2007 (3293, 3295)", () => {
    const doc = ok(invoice({ items: [item({ tax_affectation: "17", quantity: 3 })] }));
    expect(doc.lines[0]!.taxes[0]).toMatchObject({ scheme: "1016", percent: "4.00", tax_amount: "12.00" });
    expect(subtotal(doc, "1016")).toEqual({ scheme: "1016", taxable_amount: "300.00", tax_amount: "12.00" });
    expect(doc.amounts).toMatchObject({ taxed: "300.00", ivap: "12.00", igv: "0.00", total: "312.00" });
    expect(doc.legends.map((l) => l.code)).toEqual(["1000", "2007"]);
  });

  it("export (40): operation 0200, scheme 9995, foreign customer, USD", () => {
    const doc = ok(
      invoice({
        currency: "USD",
        customer: { document_type: "0", document_number: "-", name: "Foreign Buyer Inc", country_code: "US" },
        items: [item({ tax_affectation: "40", quantity: 10, unit_price: "12.5" })],
      }),
    );
    expect(doc.operation_type).toBe("0200");
    expect(doc.tax_subtotals).toEqual([{ scheme: "9995", taxable_amount: "125.00", tax_amount: "0.00" }]);
    expect(doc.amounts).toMatchObject({ export: "125.00", total: "125.00" });
    expect(doc.legends[0]!.text).toBe("CIENTO VEINTICINCO CON 00/100 DÓLARES AMERICANOS");
  });
});

describe("ICBPER (7152)", () => {
  it.each([
    ["2019-08-01", "0.10"],
    ["2019-12-31", "0.10"],
    ["2020-06-15", "0.20"],
    ["2021-03-01", "0.30"],
    ["2022-12-31", "0.40"],
    ["2023-01-01", "0.50"],
    ["2026-02-01", "0.50"],
  ])("on %s each bag pays %s, added apart from IGV (4318, 3306)", (date, perBag) => {
    const doc = ok(
      invoice({ issue_date: date, items: [item({ quantity: 3, unit_price: "0.10", icbper: true })] }),
      ctx("01", date),
    );
    const tax = doc.lines[0]!.taxes.find((t) => t.scheme === "7152")!;
    const expected = (Number(perBag) * 3).toFixed(2);
    expect(tax).toMatchObject({ per_unit_amount: perBag, base_unit_quantity: "3", tax_amount: expected });
    expect(doc.lines[0]!.taxes.find((t) => t.scheme === "1000")).toMatchObject({
      taxable_amount: "0.30",
      tax_amount: "0.05",
    });
    expect(subtotal(doc, "7152")!.tax_amount).toBe(expected);
    expect(doc.amounts.icbper).toBe(expected);
  });
});

describe("ISC (2000) ad valorem", () => {
  it("ISC over the value, IGV over value + ISC (4294), tier range 01", () => {
    const doc = ok(invoice({ items: [item({ isc: { rate: 10 } })] }));
    expect(doc.lines[0]!.taxes).toEqual([
      { scheme: "2000", taxable_amount: "100.00", tax_amount: "10.00", percent: "10.00", tier_range: "01" },
      {
        scheme: "1000",
        taxable_amount: "110.00",
        tax_amount: "19.80",
        percent: "18.00",
        exemption_reason: "10",
      },
    ]);
    expect(doc.monetary_total).toMatchObject({
      line_extension_amount: "100.00",
      tax_inclusive_amount: "129.80",
    });
    expect(doc.amounts).toMatchObject({ isc: "10.00", igv: "19.80", total: "129.80" });
  });

  it("price_includes_tax removes IGV and ISC from the price", () => {
    const doc = ok(
      invoice({ items: [item({ unit_price: "129.80", price_includes_tax: true, isc: { rate: "10" } })] }),
    );
    expect(doc.lines[0]).toMatchObject({ unit_value: "100.00", line_extension_amount: "100.00" });
    expect(doc.amounts.total).toBe("129.80");
  });
});

describe("defaults", () => {
  it("receipt without customer: anonymous 0 / - / CLIENTES VARIOS up to S/ 700", () => {
    const doc = ok(
      receipt({ items: [item({ quantity: 5, unit_price: "118", price_includes_tax: true })] }),
      ctx("03"),
    );
    expect(doc.customer).toEqual({ document_type: "0", document_number: "-", name: "CLIENTES VARIOS" });
    expect(doc.amounts.total).toBe("590.00");
  });

  it("customer.document_type inferred: 11 digits → 6 (RUC), 8 digits → 1 (DNI)", () => {
    expect(
      ok(invoice({ customer: { document_number: "20123456786", name: "ACME" } })).customer.document_type,
    ).toBe("6");
    expect(
      ok(receipt({ customer: { document_number: "12345678", name: "Juan Pérez" } }), ctx("03")).customer
        .document_type,
    ).toBe("1");
  });

  it("issue_date defaults to today; 3 calendar days back are accepted", () => {
    expect(ok(invoice()).issue_date).toBe(TODAY);
    expect(ok(invoice({ issue_date: "2024-05-07" })).issue_date).toBe("2024-05-07");
  });
});
