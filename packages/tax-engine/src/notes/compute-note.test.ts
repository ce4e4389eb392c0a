import type { NoteRequest } from "@einvoice/domain";
import { describe, expect, it } from "vitest";
import { ctx, invoice, item, ok, receipt, TODAY } from "../../test-support/fixtures.js";
import { computeNote, type ModifiedDocument } from "./compute-note.js";

/** An invoice of 2 × 100.00 + IGV issued two days before today: 236.00. */
const issuedInvoice = (): ModifiedDocument => ({
  id: "doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B00",
  type: "01",
  series: "F001",
  number: 7,
  issue_date: "2024-05-08",
  computed: ok(invoice({ issue_date: "2024-05-08", items: [item({ quantity: 2, unit_price: "100" })] })),
});

const issuedReceipt = (): ModifiedDocument => ({
  id: "doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B01",
  type: "03",
  series: "B001",
  number: 3,
  issue_date: TODAY,
  computed: ok(receipt({ items: [item({ unit_price: "50" })] }), ctx("03")),
});

const note = (over: Partial<NoteRequest> = {}): NoteRequest => ({
  series: "FC01",
  document: "doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B00",
  reason_code: "07",
  description: "Devolución de una unidad",
  items: [item({ quantity: 1, unit_price: "100" })],
  ...over,
});

const errorsOf = (r: ReturnType<typeof computeNote>) =>
  r.ok ? [] : r.errors.map((e) => `${e.param}:${e.code}`);

describe("computeNote", () => {
  it("computes a return per item with the invoice engine: 100.00 + 18.00 IGV, the reference and the reason", () => {
    const r = computeNote(note(), { type: "07", today: TODAY, modified: issuedInvoice() });
    expect(errorsOf(r)).toEqual([]);
    if (!r.ok) return;
    expect(r.document).toMatchObject({
      type: "07",
      series: "FC01",
      issue_date: TODAY,
      currency: "PEN",
      customer: { document_type: "6", document_number: "20123456786", name: "ACME S.A.C." },
      tax_total: "18.00",
      amounts: { taxed: "100.00", igv: "18.00", total: "118.00" },
      reference: {
        document_id: "doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B00",
        type: "01",
        series: "F001",
        number: 7,
        issue_date: "2024-05-08",
      },
      reason: { code: "07", description: "Devolución de una unidad" },
    });
    expect(r.document.legends).toEqual([{ code: "1000", text: "CIENTO DIECIOCHO CON 00/100 SOLES" }]);
  });

  it("carries the issuer's special IGV rate: a restaurant's return of 100.00 in 2026 is 100.00 + 10.50", () => {
    const today = "2026-03-02";
    const restaurant = { ...ctx("01", today), igvRegime: "restaurants_hotels" as const };
    const modified: ModifiedDocument = {
      ...issuedInvoice(),
      issue_date: "2026-03-01",
      computed: ok(
        invoice({ issue_date: "2026-03-01", items: [item({ quantity: 2, unit_price: "100" })] }),
        restaurant,
      ),
    };
    expect(modified.computed.amounts.total).toBe("221.00");
    const r = computeNote(note(), { type: "07", today, modified, igvRegime: "restaurants_hotels" });
    expect(errorsOf(r)).toEqual([]);
    if (!r.ok) return;
    expect(r.document.amounts).toMatchObject({ taxed: "100.00", igv: "10.50", total: "110.50" });
  });

  it("copies the document's lines and totals for an annulment (catalog 09 code 01)", () => {
    const modified = issuedInvoice();
    const r = computeNote(note({ reason_code: "01", items: undefined, description: "Anulación" }), {
      type: "07",
      today: TODAY,
      modified,
    });
    expect(errorsOf(r)).toEqual([]);
    if (!r.ok) return;
    expect(r.document.lines).toEqual(modified.computed.lines);
    expect(r.document.amounts.total).toBe("236.00");
    expect(r.document.issue_date).toBe(TODAY);
  });

  it("computes a debit note for late-payment interest on a receipt (catalog 10 code 01)", () => {
    const r = computeNote(
      note({
        series: "BD01",
        reason_code: "01",
        description: "Intereses",
        items: [item({ unit_price: "10" })],
      }),
      { type: "08", today: TODAY, modified: issuedReceipt() },
    );
    expect(errorsOf(r)).toEqual([]);
    if (r.ok) expect(r.document).toMatchObject({ type: "08", amounts: { total: "11.80" } });
  });

  it("names every refused field: series letter, currency, issue date, description, reason", () => {
    const r = computeNote(
      note({
        series: "BC01",
        currency: "USD",
        issue_date: "2024-05-07",
        description: "a\nb",
        reason_code: "99",
      }),
      { type: "07", today: TODAY, modified: issuedInvoice() },
    );
    expect(errorsOf(r)).toEqual(
      expect.arrayContaining([
        "series:series_letter_mismatch",
        "currency:currency_differs_from_document",
        "issue_date:issue_date_before_document",
        "description:invalid_description",
        "reason_code:invalid_reason_code",
      ]),
    );
  });

  it("refuses items on an annulment, code 13 (not offered) and codes SUNAT observes on receipts", () => {
    const ctxInvoice = { type: "07" as const, today: TODAY, modified: issuedInvoice() };
    expect(errorsOf(computeNote(note({ reason_code: "01" }), ctxInvoice))).toEqual([
      "items:items_not_allowed",
    ]);
    expect(errorsOf(computeNote(note({ reason_code: "13" }), ctxInvoice))).toEqual([
      "reason_code:note_reason_not_offered",
    ]);
    expect(
      errorsOf(
        computeNote(note({ series: "BC01", reason_code: "04" }), {
          type: "07",
          today: TODAY,
          modified: issuedReceipt(),
        }),
      ),
    ).toEqual(["reason_code:reason_not_for_receipt"]);
    expect(errorsOf(computeNote(note({ reason_code: "04" }), { ...ctxInvoice, type: "08" }))).toEqual([
      "reason_code:invalid_reason_code",
    ]);
  });

  it("names the engine's line errors as on invoices, and needs affectation 17 for an IVAP adjustment", () => {
    const r = computeNote(note({ items: [item({ quantity: -1 })] }), {
      type: "07",
      today: TODAY,
      modified: issuedInvoice(),
    });
    expect(errorsOf(r)).toContainEqual(expect.stringMatching(/^items\.0\.quantity:/));
    expect(
      errorsOf(
        computeNote(note({ reason_code: "12" }), { type: "07", today: TODAY, modified: issuedInvoice() }),
      ),
    ).toEqual(["items.0.tax_affectation:affectation_not_for_reason"]);
  });
});
