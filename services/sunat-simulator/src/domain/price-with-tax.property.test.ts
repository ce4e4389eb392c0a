/**
 * The tax engine's prices with taxes against the simulator's arithmetic rules (RV:Factura2_0 / RV:Boleta2_0): random
 * prices with IGV, quantities and line counts → the total is what the customer pays, Σ round2(price × qty), and the
 * UBL built from the document passes every sum rule (3103, 3271, 3277, 3279, 3280, 3291, 3292, 3294, 4309, …, ± 1).
 */
import type { InvoiceRequest, Issuer, ItemInput } from "@einvoice/domain";
import { computeDocument } from "@einvoice/tax-engine";
import { buildInvoiceXml } from "@einvoice/ubl";
import { Decimal } from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkInvoiceRules } from "./invoice-rules.js";

const TODAY = "2026-03-10";
const ISSUER: Issuer = {
  ruc: "20123456786",
  legal_name: "CAFE DEL PARQUE S.A.C.",
  address: { line: "AV. LARCO 101", establishment_code: "0000", country_code: "PE", ubigeo: "150122" },
};

const price = fc.oneof(
  fc.integer({ min: 1, max: 99_999 }).map((c) => new Decimal(c).dividedBy(100).toFixed(2)),
  fc.integer({ min: 1, max: 9_999_999 }).map((n) => new Decimal(n).dividedBy(10_000).toFixed()),
);
const quantity = fc.oneof(
  fc.integer({ min: 1, max: 60 }).map(String),
  fc.integer({ min: 1, max: 99_999 }).map((n) => new Decimal(n).dividedBy(1000).toFixed()),
);
const line = (codes: string[], withTaxes: fc.Arbitrary<boolean>): fc.Arbitrary<ItemInput> =>
  fc
    .record({ unit_price: price, quantity, code: fc.constantFrom(...codes), withTaxes })
    .map(({ unit_price, quantity, code, withTaxes }) => ({
      description: "Item",
      unit_price,
      quantity,
      tax_affectation: code,
      price_includes_tax: withTaxes,
    }))
    // A line whose amount rounds to a cent or less is refused (3105); priced at least 0.10 here.
    .filter((i) => new Decimal(i.unit_price).times(i.quantity).gte("0.1"));

const request = (type: "01" | "03", items: ItemInput[]): InvoiceRequest => ({
  series: type === "01" ? "F001" : "B001",
  issue_date: TODAY,
  customer:
    type === "01"
      ? { document_type: "6", document_number: "20100070970", name: "CLIENTE S.A.C." }
      : { document_type: "1", document_number: "12345678", name: "JUAN PEREZ" },
  items,
});

function issue(type: "01" | "03", items: ItemInput[]) {
  const computed = computeDocument(request(type, items), { type, today: TODAY });
  if (!computed.ok) throw new Error(JSON.stringify(computed.errors));
  const xml = buildInvoiceXml({ issuer: ISSUER, document: computed.document, number: 1 });
  return { document: computed.document, issues: checkInvoiceRules(xml) };
}

const paid = (items: ItemInput[]) =>
  items
    .reduce((a, i) => a.plus(new Decimal(i.unit_price).times(i.quantity).toDecimalPlaces(2)), new Decimal(0))
    .toFixed(2);

describe("prices with taxes: total = Σ round2(price × qty), and SUNAT's sum rules pass", () => {
  it.each(["01", "03"] as const)("type %s, taxed lines (10) priced with IGV", (type) => {
    fc.assert(
      fc.property(fc.array(line(["10"], fc.constant(true)), { minLength: 1, maxLength: 40 }), (items) => {
        const { document, issues } = issue(type, items);
        expect(document.amounts.total).toBe(paid(items));
        expect(issues).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("taxed, exempt and unaffected lines priced with taxes: the total is still Σ round2(price × qty)", () => {
    fc.assert(
      fc.property(
        fc.array(line(["10", "20", "30"], fc.constant(true)), { minLength: 1, maxLength: 30 }),
        (items) => {
          const { document, issues } = issue("01", items);
          expect(document.amounts.total).toBe(paid(items));
          expect(issues).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("mixed: some lines with taxes, some without, pass every sum rule", () => {
    fc.assert(
      fc.property(fc.array(line(["10", "20"], fc.boolean()), { minLength: 1, maxLength: 30 }), (items) => {
        expect(issue("01", items).issues).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it("999 lines at the same price (the rounding of each line leans one way): still within 3291's ± 1", () => {
    const items = Array.from({ length: 999 }, () => ({
      description: "Item",
      unit_price: "1.99",
      quantity: 1,
      price_includes_tax: true,
    }));
    const { document, issues } = issue("01", items);
    expect(document.amounts.total).toBe("1988.01");
    expect(issues).toEqual([]);
  });
});
