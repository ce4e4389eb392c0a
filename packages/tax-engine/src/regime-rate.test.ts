import { describe, expect, it } from "vitest";
import { expectError, invoice, item, ok } from "../test-support/fixtures.js";
import { IGV_RESTAURANTS_HOTELS_RATES } from "./rates.js";

const restaurant = (today: string) => ({
  type: "01" as const,
  today,
  igvRegime: "restaurants_hotels" as const,
});

describe("IGV regime restaurants_hotels (Ley 31556 and its extensions)", () => {
  it("an invoice of S/ 100 + IGV in 2026 totals S/ 110.50, every IGV line at 10.50 (3462)", () => {
    const doc = ok(
      invoice({ issue_date: "2026-03-02", items: [item({ unit_price: "60" }), item({ unit_price: "40" })] }),
      restaurant("2026-03-02"),
    );
    expect(doc.amounts).toMatchObject({ taxed: "100.00", igv: "10.50", total: "110.50" });
    for (const line of doc.lines) expect(line.taxes[0]).toMatchObject({ scheme: "1000", percent: "10.50" });
    expect(doc.tax_subtotals).toEqual([{ scheme: "1000", taxable_amount: "100.00", tax_amount: "10.50" }]);
  });

  it.each([
    ["2022-09-01", "110.00"],
    ["2024-12-31", "110.00"],
    ["2025-06-30", "110.00"],
    ["2026-01-01", "110.50"],
    ["2026-12-31", "110.50"],
  ])("on %s the same invoice totals %s", (date, total) => {
    expect(ok(invoice({ issue_date: date }), restaurant(date)).amounts.total).toBe(total);
  });

  it("a price with taxes is still what the customer pays: 10.50 → 10.50 (base 9.50, IGV 1.00)", () => {
    const doc = ok(
      invoice({ issue_date: "2026-03-02", items: [item({ unit_price: "10.50", price_includes_tax: true })] }),
      restaurant("2026-03-02"),
    );
    expect(doc.amounts).toMatchObject({ taxed: "9.50", igv: "1.00", total: "10.50" });
  });

  it.each(["2022-08-31", "2027-01-01"])(
    "on %s no special rate is known: 422 on issue_date, not 18 %%",
    (date) => {
      expectError(invoice({ issue_date: date }), "issue_date", "igv_special_rate_unknown", restaurant(date));
    },
  );

  it("the general regime (the default) keeps 18 %", () => {
    expect(ok(invoice({ issue_date: "2026-03-02" }), { type: "01", today: "2026-03-02" }).amounts.total).toBe(
      "118.00",
    );
  });

  it("the table's rows are in order, without gaps or overlaps, each with its law", () => {
    IGV_RESTAURANTS_HOTELS_RATES.forEach((row, i) => {
      expect(row.from <= row.until).toBe(true);
      expect(row.law).toMatch(/Ley \d+/);
      const next = IGV_RESTAURANTS_HOTELS_RATES[i + 1];
      if (next)
        expect(new Date(`${row.until}T00:00:00Z`).getTime() + 86_400_000).toBe(
          Date.parse(`${next.from}T00:00:00Z`),
        );
    });
  });
});
