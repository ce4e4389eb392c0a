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

  it("refuses items on an annulment, payment outside code 13 and codes SUNAT observes on receipts", () => {
    const ctxInvoice = { type: "07" as const, today: TODAY, modified: issuedInvoice() };
    expect(errorsOf(computeNote(note({ reason_code: "01" }), ctxInvoice))).toEqual([
      "items:items_not_allowed",
    ]);
    expect(
      errorsOf(
        computeNote(
          note({ payment: { installments: [{ amount: "1.00", due_date: "2024-06-01" }] } }),
          ctxInvoice,
        ),
      ),
    ).toEqual(["payment:payment_not_allowed"]);
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

/** An invoice of 236.00 sold on credit in two installments, issued two days before today. */
const creditInvoice = (): ModifiedDocument => ({
  ...issuedInvoice(),
  computed: ok(
    invoice({
      issue_date: "2024-05-08",
      items: [item({ quantity: 2, unit_price: "100" })],
      payment: {
        type: "credit",
        installments: [
          { amount: "118.00", due_date: "2024-06-08" },
          { amount: "118.00", due_date: "2024-07-08" },
        ],
      },
    }),
  ),
});

const schedule = (over: Partial<NoteRequest> = {}): NoteRequest =>
  note({
    reason_code: "13",
    description: "Nuevo cronograma",
    items: undefined,
    payment: {
      installments: [
        { amount: "100.00", due_date: "2024-07-01" },
        { amount: "50.50", due_date: "2024-08-01" },
      ],
    },
    ...over,
  });

describe("computeNote, credit code 13 (new amount pending and due dates of a credit sale)", () => {
  it("carries the new installments and zero amounts: the invoice's lines at zero, total 0.00 (ERR 3315)", () => {
    const modified = creditInvoice();
    const r = computeNote(schedule(), { type: "07", today: TODAY, modified });
    expect(errorsOf(r)).toEqual([]);
    if (!r.ok) return;
    expect(r.document.payment_terms).toEqual({
      means: "Credito",
      pending_amount: "150.50",
      installments: [
        { id: "Cuota001", amount: "100.00", due_date: "2024-07-01" },
        { id: "Cuota002", amount: "50.50", due_date: "2024-08-01" },
      ],
    });
    expect(r.document.amounts.total).toBe("0.00");
    expect(r.document.amounts.igv).toBe("0.00");
    expect(r.document.tax_total).toBe("0.00");
    expect(r.document.monetary_total.payable_amount).toBe("0.00");
    expect(r.document.legends).toEqual([{ code: "1000", text: "CERO CON 00/100 SOLES" }]);
    expect(r.document.lines).toHaveLength(1);
    expect(r.document.lines[0]).toMatchObject({
      description: modified.computed.lines[0]!.description,
      quantity: modified.computed.lines[0]!.quantity,
      unit_value: "0.00",
      line_extension_amount: "0.00",
      tax_total: "0.00",
      taxes: [{ scheme: "1000", taxable_amount: "0.00", tax_amount: "0.00", percent: "18.00" }],
    });
    expect(r.document.tax_subtotals).toEqual([
      { scheme: "1000", taxable_amount: "0.00", tax_amount: "0.00" },
    ]);
    expect(r.document.reason).toEqual({ code: "13", description: "Nuevo cronograma" });
  });

  it("refuses a schedule above the invoice's total (ERR 3320), items, no installments and past due dates", () => {
    const ctx13 = { type: "07" as const, today: TODAY, modified: creditInvoice() };
    expect(
      errorsOf(
        computeNote(
          schedule({ payment: { installments: [{ amount: "236.01", due_date: "2024-07-01" }] } }),
          ctx13,
        ),
      ),
    ).toEqual(["payment.installments:installments_exceed_document_total"]);
    expect(
      errorsOf(
        computeNote(
          schedule({ payment: { installments: [{ amount: "236.00", due_date: "2024-07-01" }] } }),
          ctx13,
        ),
      ),
    ).toEqual([]);
    expect(errorsOf(computeNote(schedule({ items: [item()] }), ctx13))).toEqual(["items:items_not_allowed"]);
    // An empty list is how a request without items arrives through the tax service (protobuf).
    expect(
      errorsOf(
        computeNote(
          schedule({ items: [], payment: { installments: [{ amount: "236.00", due_date: "2024-07-01" }] } }),
          ctx13,
        ),
      ),
    ).toEqual([]);
    expect(errorsOf(computeNote(schedule({ payment: undefined }), ctx13))).toEqual([
      "payment.installments:required",
    ]);
    expect(
      errorsOf(
        computeNote(schedule({ payment: { installments: [{ amount: "10.00", due_date: TODAY }] } }), ctx13),
      ),
    ).toEqual(["payment.installments.0.due_date:due_date_not_after_issue_date"]);
  });

  it("modifies only an invoice sold on credit (ERR 3259, 3260)", () => {
    expect(
      errorsOf(computeNote(schedule(), { type: "07", today: TODAY, modified: issuedInvoice() })),
    ).toEqual(["reason_code:document_not_credit_sale"]);
    expect(
      errorsOf(
        computeNote(schedule({ series: "BC01" }), { type: "07", today: TODAY, modified: issuedReceipt() }),
      ),
    ).toEqual(["reason_code:reason_not_for_receipt"]);
    expect(
      errorsOf(
        computeNote(schedule({ series: "FD01" }), { type: "08", today: TODAY, modified: creditInvoice() }),
      ),
    ).toContain("reason_code:invalid_reason_code");
  });
});

describe("computeNote on an export to a foreign buyer", () => {
  it("credits and debits an export (codes 11) with the foreign buyer of the invoice", () => {
    const buyer = { document_type: "0", document_number: "-", name: "ACME TRADING INC", country_code: "US" };
    const exportInvoice: ModifiedDocument = {
      ...issuedInvoice(),
      computed: ok(
        invoice({
          issue_date: "2024-05-08",
          customer: buyer,
          items: [item({ quantity: 2, unit_price: "100", tax_affectation: "40" })],
        }),
      ),
    };
    expect(exportInvoice.computed.operation_type).toBe("0200");
    const adjustment = note({
      reason_code: "11",
      items: [item({ unit_price: "30", tax_affectation: "40" })],
    });
    for (const type of ["07", "08"] as const) {
      const r = computeNote(
        { ...adjustment, series: type === "07" ? "FC01" : "FD01" },
        { type, today: TODAY, modified: exportInvoice },
      );
      expect(errorsOf(r)).toEqual([]);
      if (r.ok) {
        expect(r.document.customer).toMatchObject(buyer);
        expect(r.document.amounts).toMatchObject({ export: "30.00", igv: "0.00", total: "30.00" });
      }
    }
  });
});

describe("computeNote on a document with detraction, perception or prepayments", () => {
  it("refuses a whole-document credit (the note cannot carry them) and credits its lines by items", () => {
    const withDetraction: ModifiedDocument = {
      ...issuedInvoice(),
      computed: ok(
        invoice({
          issue_date: "2024-05-08",
          items: [item({ quantity: 10, unit_price: "100" })],
          detraction: { code: "037", percent: 12, account: "00-000-123456" },
        }),
      ),
    };
    expect(withDetraction.computed.detraction).toBeDefined();
    for (const code of ["01", "02", "06"]) {
      expect(
        errorsOf(
          computeNote(note({ reason_code: code, items: undefined }), {
            type: "07",
            today: TODAY,
            modified: withDetraction,
          }),
        ),
      ).toEqual(["reason_code:reason_not_supported_for_document"]);
    }
    const byItems = computeNote(note(), { type: "07", today: TODAY, modified: withDetraction });
    expect(errorsOf(byItems)).toEqual([]);
    if (byItems.ok) {
      expect(byItems.document.detraction).toBeUndefined();
      expect(byItems.document.amounts.total).toBe("118.00");
    }
  });
});

describe("computeNote takes the modified document's IGV rate, not the issuer's regime of today", () => {
  const today = "2026-03-02";
  const restaurantInvoice = (): ModifiedDocument => ({
    ...issuedInvoice(),
    issue_date: "2026-03-01",
    computed: ok(invoice({ issue_date: "2026-03-01", items: [item({ quantity: 2, unit_price: "100" })] }), {
      ...ctx("01", today),
      igvRegime: "restaurants_hotels",
    }),
  });
  const generalInvoice = (): ModifiedDocument => ({
    ...issuedInvoice(),
    issue_date: "2026-03-01",
    computed: ok(
      invoice({ issue_date: "2026-03-01", items: [item({ quantity: 2, unit_price: "100" })] }),
      ctx("01", today),
    ),
  });

  it("a note on a 10.5 % invoice is 10.5 % after the issuer moved to the general regime", () => {
    const r = computeNote(note(), { type: "07", today, modified: restaurantInvoice(), igvRegime: "general" });
    expect(errorsOf(r)).toEqual([]);
    if (r.ok) expect(r.document.amounts).toMatchObject({ taxed: "100.00", igv: "10.50", total: "110.50" });
  });

  it("a note on an 18 % invoice is 18 % after the issuer moved to the special regime", () => {
    const r = computeNote(note(), {
      type: "07",
      today,
      modified: generalInvoice(),
      igvRegime: "restaurants_hotels",
    });
    expect(errorsOf(r)).toEqual([]);
    if (r.ok) expect(r.document.amounts).toMatchObject({ taxed: "100.00", igv: "18.00", total: "118.00" });
  });

  it("a debit note on an invoice without IGV lines takes the issuer's regime for its IGV lines", () => {
    const exempt: ModifiedDocument = {
      ...generalInvoice(),
      computed: ok(
        invoice({ issue_date: "2026-03-01", items: [item({ unit_price: "100", tax_affectation: "20" })] }),
        ctx("01", today),
      ),
    };
    const r = computeNote(note({ series: "FD01", reason_code: "01" }), {
      type: "08",
      today,
      modified: exempt,
      igvRegime: "restaurants_hotels",
    });
    expect(errorsOf(r)).toEqual([]);
    if (r.ok) expect(r.document.amounts).toMatchObject({ igv: "10.50", total: "110.50" });
  });
});
