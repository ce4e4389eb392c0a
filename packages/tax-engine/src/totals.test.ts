/**
 * Property-based tests: random valid documents → every SUNAT sum rule holds exactly (3271, 3277, 3279, 3280,
 * 3291, 3292/3294, 3306, 4307, 4309, 4294, 4287) and the total equals the sum of its parts.
 */
import type { ComputedDocument, InvoiceRequest, ItemInput } from "@einvoice/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountInWords } from "./amount-in-words.js";
import { computeDocument } from "./compute-document.js";
import { D, type Dec, round2, sum } from "./money.js";

const TODAY = "2024-05-10";
const IGV = new D("0.18");
const IVAP = new D("0.04");
const d = (s: string | undefined) => new D(s ?? "0");

const money = (maxCents: number) => fc.integer({ min: 1, max: maxCents }).map((c) => (c / 100).toFixed(2));
const quantity = fc.oneof(
  fc.integer({ min: 1, max: 500 }).map(String),
  fc.integer({ min: 1, max: 99_999 }).map((n) => new D(n).dividedBy(1000).toFixed()),
);
const unitPrice = fc.oneof(
  money(500_000),
  fc.integer({ min: 100, max: 9_999_999 }).map((n) => new D(n).dividedBy(10_000).toFixed()),
);

/** Lines worth at least 1.00, so no discount (≤ 50 %) rounds a line to 0.00 (ERR 3105 is tested elsewhere). */
const bigEnough = (i: ItemInput) => d(i.unit_price).times(i.quantity).gte(1);

type Mode = "domestic" | "ivap" | "export";

const onerousItem = (codes: string[], allowIsc: boolean): fc.Arbitrary<ItemInput> =>
  fc
    .record({
      code: fc.constantFrom(...codes),
      quantity,
      unit_price: unitPrice,
      price_includes_tax: fc.boolean(),
      discount: fc.option(
        fc.record({
          kind: fc.constantFrom("percent", "amount"),
          percent: fc.integer({ min: 1, max: 500 }).map((n) => (n / 10).toString()),
          amountShare: fc.integer({ min: 1, max: 40 }),
          affects_base: fc.boolean(),
        }),
        { nil: undefined },
      ),
      isc: fc.option(fc.constantFrom("10", "17", "20", "30", "50"), { nil: undefined }),
      icbper: fc.boolean(),
    })
    .map((r) => {
      const it: ItemInput = {
        description: "x",
        quantity: r.quantity,
        unit_price: r.unit_price,
        tax_affectation: r.code,
      };
      if (r.price_includes_tax) it.price_includes_tax = true;
      if (r.isc && allowIsc) it.isc = { rate: r.isc };
      if (r.icbper && !r.quantity.includes(".")) it.icbper = true;
      if (r.discount) {
        // Amount: a share (≤ 40 %) of price × qty, so it never exceeds the line.
        const gross = round2(d(r.unit_price).times(r.quantity)).times(r.discount.amountShare).dividedBy(100);
        const amount = gross.toDecimalPlaces(2, D.ROUND_DOWN);
        it.discount =
          r.discount.kind === "percent" || amount.isZero()
            ? { percent: r.discount.percent, affects_base: r.discount.affects_base }
            : { amount: amount.toFixed(2), affects_base: r.discount.affects_base };
      }
      return it;
    })
    .filter(bigEnough);

const freeItem: fc.Arbitrary<ItemInput> = fc
  .record({
    code: fc.constantFrom("11", "12", "13", "14", "15", "16", "21", "31", "32", "33", "34", "35", "36", "37"),
    quantity,
    unit_price: unitPrice,
  })
  .map((r) => ({
    description: "gift",
    quantity: r.quantity,
    unit_price: r.unit_price,
    tax_affectation: r.code,
  }))
  .filter(bigEnough);

const documentArb: fc.Arbitrary<{ mode: Mode; request: InvoiceRequest }> = fc
  .constantFrom<Mode>("domestic", "domestic", "domestic", "ivap", "export")
  .chain((mode) => {
    const items =
      mode === "domestic"
        ? fc.array(
            fc.oneof(
              { weight: 4, arbitrary: onerousItem(["10", "20", "30"], true) },
              { weight: 1, arbitrary: freeItem },
            ),
            { minLength: 1, maxLength: 12 },
          )
        : fc.array(onerousItem([mode === "ivap" ? "17" : "40"], false), { minLength: 1, maxLength: 12 });
    return fc.record({
      mode: fc.constant(mode),
      items,
      discount: fc.option(
        fc.record({ percent: fc.integer({ min: 1, max: 30 }), affects_base: fc.boolean() }),
        { nil: undefined },
      ),
      prepaidShare: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
    });
  })
  .map(({ mode, items, discount, prepaidShare }) => {
    const request: InvoiceRequest = {
      series: "F001",
      issue_date: TODAY,
      customer:
        mode === "export"
          ? { document_type: "0", document_number: "-", name: "Foreign Buyer", country_code: "US" }
          : { document_type: "6", document_number: "20123456786", name: "ACME S.A.C." },
      items: mode === "export" ? items.map(({ icbper: _bags, ...i }) => i) : items,
    };
    const hasTaxed = items.some((i) => i.tax_affectation === "10" || i.tax_affectation === "17");
    if (discount && (hasTaxed || !discount.affects_base))
      request.discount = { percent: discount.percent, affects_base: discount.affects_base };
    const kinds = new Set(
      items
        .filter((i) => ["10", "17", "20", "30"].includes(i.tax_affectation ?? ""))
        .map((i) => i.tax_affectation),
    );
    if (prepaidShare && mode !== "export" && kinds.size === 1) {
      // A small prepayment (well below the document) of the single kind present.
      const [kind] = [...kinds];
      const value = sum(
        items.filter((i) => i.tax_affectation === kind).map((i) => round2(d(i.unit_price).times(i.quantity))),
      );
      const amount = value.times(prepaidShare).dividedBy(400).toDecimalPlaces(2, D.ROUND_DOWN);
      if (amount.greaterThan(0))
        request.prepayments = [
          { document: { type: "01", series: "F001", number: 1 }, amount: amount.toFixed(2) },
        ];
    }
    return { mode, request };
  });

const lineTax = (doc: ComputedDocument, i: number, scheme: string) =>
  doc.lines[i]!.taxes.find((t) => t.scheme === scheme);
const sub = (doc: ComputedDocument, scheme: string) => doc.tax_subtotals.find((s) => s.scheme === scheme);
const allowances = (doc: ComputedDocument, code: string): Dec =>
  sum(doc.allowance_charges.filter((a) => a.reason_code === code).map((a) => d(a.amount)));

function checkRules(doc: ComputedDocument, request: InvoiceRequest): void {
  const withTaxes = (i: number) => request.items[i]!.price_includes_tax === true;
  const onerous = doc.lines.filter((l) => !l.free);
  for (const [i, l] of doc.lines.entries()) {
    const ext = d(l.line_extension_amount);
    const d00 = sum(l.allowance_charges.filter((a) => a.reason_code === "00").map((a) => d(a.amount)));
    const d01 = sum(l.allowance_charges.filter((a) => a.reason_code === "01").map((a) => d(a.amount)));
    const value = l.free ? d(l.reference_price.amount) : d(l.unit_value);
    // 3271: value × qty − discounts 00 (only the 2-decimal rounding of value × qty remains; a price with taxes
    // adds the roundings of its amount, its discount and its base: SUNAT allows ± 1).
    const slack = withTaxes(i) ? "0.02" : "0.005";
    expect(ext.minus(value.times(l.quantity).minus(d00)).abs().lte(slack)).toBe(true);
    // 3105: every line has a base > 0 in 1000/1016/9995–9998.
    expect(ext.greaterThan(0)).toBe(true);
    const vat = lineTax(doc, i, "1000") ?? lineTax(doc, i, "1016");
    const isc = d(lineTax(doc, i, "2000")?.tax_amount);
    if (vat && !l.free) {
      expect(d(vat.taxable_amount).equals(ext.plus(isc))).toBe(true); // 4294
      const rate = vat.scheme === "1000" ? IGV : IVAP;
      const exact = round2(d(vat.taxable_amount).times(rate));
      // 3103: rate × base, exactly for a price without taxes; for a price with taxes the IGV is what the amount
      // paid leaves after the base (within a few cents; SUNAT allows ± 1).
      if (withTaxes(i)) expect(d(vat.tax_amount).minus(exact).abs().lte("0.03")).toBe(true);
      else expect(d(vat.tax_amount).equals(exact)).toBe(true);
    }
    const charged = ["1000", "1016", "2000", "7152"].map((s) => d(lineTax(doc, i, s)?.tax_amount));
    expect(d(l.tax_total).equals(sum(charged))).toBe(true); // 3292
    if (!l.free) {
      // 4287: price with taxes × qty ≈ value + taxes − discounts 01.
      const expected = ext.plus(l.tax_total).minus(d01);
      expect(d(l.reference_price.amount).times(l.quantity).minus(expected).abs().lte("0.01")).toBe(true);
    } else {
      expect(l.unit_value).toBe("0.00"); // 2640
    }
  }
  const sumLines = (pred: (code: string) => boolean, f: (i: number) => Dec) =>
    sum(doc.lines.map((l, i) => (!l.free && pred(l.tax_affectation) ? f(i) : new D(0))));
  const extOf = (i: number) => d(doc.lines[i]!.line_extension_amount);
  const d02 = allowances(doc, "02");
  const p04 = allowances(doc, "04");
  const m = doc.monetary_total;
  const taxed = sumLines((c) => c === "10", extOf);
  const taxedBase = sumLines(
    (c) => c === "10",
    (i) => d(lineTax(doc, i, "1000")!.taxable_amount),
  );
  const ivapBase = sumLines(
    (c) => c === "17",
    (i) => d(lineTax(doc, i, "1016")!.taxable_amount),
  );
  // The IGV/IVAP as the engine states it: Σ line IGV of the lines priced with taxes, plus rate × the other lines'
  // Σ bases less the reductions, rounded once.
  const vatOf = (scheme: string, rate: Dec, reductions: Dec) => {
    const code = scheme === "1000" ? "10" : "17";
    const fromPrice = sumLines(
      (c) => c === code,
      (i) => (withTaxes(i) ? d(lineTax(doc, i, scheme)!.tax_amount) : new D(0)),
    );
    const otherBases = sumLines(
      (c) => c === code,
      (i) => (withTaxes(i) ? new D(0) : d(lineTax(doc, i, scheme)!.taxable_amount)),
    );
    return fromPrice.plus(round2(otherBases.minus(reductions).times(rate)));
  };
  const within1 = (a: Dec, b: Dec) => expect(a.minus(b).abs().lte(1)).toBe(true);
  if (sub(doc, "1000")) {
    expect(d(sub(doc, "1000")!.taxable_amount).equals(taxed.minus(d02).minus(p04))).toBe(true); // 3277
    const igv = d(sub(doc, "1000")!.tax_amount);
    expect(igv.equals(vatOf("1000", IGV, d02.plus(p04)))).toBe(true);
    within1(igv, taxedBase.minus(d02).minus(p04).times(IGV)); // 3291 (± 1)
  }
  if (sub(doc, "1016")) {
    const ivap = d(sub(doc, "1016")!.tax_amount);
    expect(ivap.equals(vatOf("1016", IVAP, d02.plus(p04)))).toBe(true);
    within1(ivap, ivapBase.minus(d02).minus(p04).times(IVAP)); // 3295 (± 1)
  }
  const schemes = ["1000", "1016", "2000", "7152"].map((s) => d(sub(doc, s)?.tax_amount));
  expect(d(doc.tax_total).equals(sum(schemes))).toBe(true); // 3294
  const bags = sum(doc.lines.map((_, i) => d(lineTax(doc, i, "7152")?.tax_amount)));
  expect(d(sub(doc, "7152")?.tax_amount).equals(bags)).toBe(true); // 3306
  const lineExt = sum(onerous.map((l) => d(l.line_extension_amount))).minus(d02);
  expect(d(m.line_extension_amount).equals(lineExt)).toBe(true); // 4309 / 3278
  const iscTotal = d(sub(doc, "2000")?.tax_amount);
  const vatPart = sub(doc, "1016")
    ? vatOf("1016", IVAP, d02)
    : sub(doc, "1000")
      ? vatOf("1000", IGV, d02)
      : new D(0);
  const inclusive = d(m.tax_inclusive_amount);
  expect(
    inclusive.equals(
      lineExt
        .plus(sub(doc, "1016") ? 0 : iscTotal)
        .plus(bags)
        .plus(vatPart),
    ),
  ).toBe(true);
  const vatRule = sub(doc, "1016") ? ivapBase.minus(d02).times(IVAP) : taxedBase.minus(d02).times(IGV);
  within1(
    inclusive,
    lineExt
      .plus(sub(doc, "1016") ? 0 : iscTotal)
      .plus(bags)
      .plus(vatRule),
  ); // 3279 (± 1)
  const d01 = sum(
    doc.lines.flatMap((l) =>
      l.allowance_charges.filter((a) => a.reason_code === "01").map((a) => d(a.amount)),
    ),
  );
  expect(d(m.allowance_total_amount).equals(d01.plus(allowances(doc, "03")))).toBe(true); // 4307
  expect(
    d(m.payable_amount).equals(
      d(m.tax_inclusive_amount).minus(m.allowance_total_amount).minus(m.prepaid_amount),
    ),
  ).toBe(true); // 3280
  expect(d(m.prepaid_amount).equals(sum(doc.prepayments.map((p) => d(p.amount))))).toBe(true);

  // The public amounts: total = Σ parts exactly (with a prepayment, its IGV share is rounded apart: ≤ 0.01).
  const a = doc.amounts;
  expect(a.total).toBe(m.payable_amount);
  const parts = sum([a.taxed, a.exempt, a.unaffected, a.export, a.igv, a.ivap, a.isc, a.icbper].map(d)).minus(
    a.discounts,
  );
  // With a prepayment, total − Σ parts = (IGV before − IGV after the 04 value) − (prepaid − its value): two
  // roundings of the same prepayment IGV, at most a cent apart.
  const gap = parts.minus(a.total);
  if (doc.prepayments.length === 0) expect(gap.isZero()).toBe(true);
  else expect(gap.abs().lte("0.01")).toBe(true);
  expect(d(a.free).equals(d(sub(doc, "9996")?.taxable_amount))).toBe(true);
  expect(doc.legends[0]!.text).toBe(amountInWords(a.total, doc.currency));
}

describe("SUNAT sum rules hold on random valid documents", () => {
  it("3271, 3277, 3279, 3280, 3291, 3292/3294, 3306, 4287, 4294, 4307, 4309 and total = Σ parts", () => {
    fc.assert(
      fc.property(documentArb, ({ request }) => {
        const r = computeDocument(request, { type: "01", today: TODAY });
        if (!r.ok) throw new Error(JSON.stringify({ request, errors: r.errors }));
        checkRules(r.document, request);
        // Pure: same input → same output.
        expect(computeDocument(structuredClone(request), { type: "01", today: TODAY })).toEqual(r);
      }),
      { numRuns: 200 },
    );
  });
});
