import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, CONFORMANCE_DIR, type TestSystem } from "./harness.js";
import { arrangeScenario, eventually, finalDocument } from "./support/simulator-control.js";

/**
 * Issue 38: credit notes (07) and debit notes (08) through the public API, on invoices and receipts, to SUNAT's
 * verdict from the simulator (which validates CreditNote/DebitNote against their UBL 2.1 XSDs and checks the
 * signature); the refusals before numbering with the series counter unchanged; two notes racing for the last sol.
 */

const invoice = (series: string) => ({
  series,
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
  items: [{ description: "Widget", quantity: 2, unit_price: "50.00" }],
});
const receipt = (series: string) => ({
  series,
  customer: { document_type: "1", document_number: "12345678", name: "JUAN PEREZ" },
  items: [{ description: "Café", quantity: 2, unit_price: "5.90", price_includes_tax: true }],
});
const item = (unit_price: string, description = "Widget") => ({ description, quantity: 1, unit_price });

describe("credit and debit notes through the public API", () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await bootTestSystem({
      serviceEnv: {
        submission: {
          VOID_BATCH_WINDOW_MS: "500",
          SUMMARY_POLL_FIRST_MS: "200",
          SUMMARY_POLL_MAX_MS: "500",
        },
        "sunat-simulator": {
          SIM_XSD_DIR: [
            join(CONFORMANCE_DIR, "xsd/ubl-2.1/maindoc"),
            join(CONFORMANCE_DIR, "xsd/sunat-ubl-2.0/maindoc"),
          ].join(":"),
        },
      },
    });
  }, 400_000);

  afterAll(async () => {
    await sys?.stop();
  });

  /** 201 with the verdict, or on a busy machine 202 and the verdict read back; either way accepted. */
  async function settled(res: { status: number; body: any; headers: Headers }) {
    expect([201, 202], JSON.stringify(res.body)).toContain(res.status);
    expect(res.headers.get("location")).toBe(`/v1/documents/${res.body.id}`);
    const body = res.body.status === "pending" ? await finalDocument(sys, res.body.id, 90_000) : res.body;
    expect(res.status === 201 || res.body.status === "pending").toBe(true);
    return body;
  }

  async function accepted(path: string, body: unknown) {
    const document = await settled(await sys.request(path, { body, headers: { prefer: "wait=25" } }));
    expect(document.status, JSON.stringify(document)).toBe("accepted");
    return document;
  }

  const note = (kind: "credit" | "debit", body: unknown, headers: Record<string, string> = {}) =>
    sys.request(`/v1/${kind}_notes`, { body, headers: { prefer: "wait=25", ...headers } });

  it("accepts every offered reason on an invoice and on a receipt, each signed as CreditNote/DebitNote", async () => {
    const cases: { kind: "credit" | "debit"; on: "invoice" | "receipt"; body: Record<string, unknown> }[] = [
      {
        kind: "credit",
        on: "invoice",
        body: { reason_code: "01", description: "Anulación de la operación" },
      },
      { kind: "credit", on: "invoice", body: { reason_code: "02", description: "Error en el RUC" } },
      { kind: "credit", on: "receipt", body: { reason_code: "06", description: "Devolución total" } },
      ...["03", "04", "05", "07", "08", "09", "10"].map((code) => ({
        kind: "credit" as const,
        on: "invoice" as const,
        body: { reason_code: code, description: `Motivo ${code}`, items: [item("10.00")] },
      })),
      ...["03", "07", "09", "10"].map((code) => ({
        kind: "credit" as const,
        on: "receipt" as const,
        body: { reason_code: code, description: `Motivo ${code}`, items: [item("1.00")] },
      })),
      ...["01", "02", "03"].flatMap((code) =>
        (["invoice", "receipt"] as const).map((on) => ({
          kind: "debit" as const,
          on,
          body: { reason_code: code, description: `Cargo ${code}`, items: [item("5.00", "Intereses")] },
        })),
      ),
    ];
    let n = 0;
    for (const c of cases) {
      n++;
      const modified = await accepted(
        c.on === "invoice" ? "/v1/invoices" : "/v1/receipts",
        c.on === "invoice"
          ? invoice(`F${String(n).padStart(3, "0")}`)
          : receipt(`B${String(n).padStart(3, "0")}`),
      );
      const letter = c.on === "invoice" ? "F" : "B";
      const series = `${letter}${c.kind === "credit" ? "C" : "D"}${String(n).padStart(2, "0")}`;
      const res = { body: await settled(await note(c.kind, { series, document: modified.id, ...c.body })) };
      expect(res.body.status, `${c.kind} ${c.body.reason_code} on ${c.on}: ${JSON.stringify(res.body)}`).toBe(
        "accepted",
      );
      expect(res.body).toMatchObject({
        type: c.kind === "credit" ? "07" : "08",
        series,
        number: 1,
        currency: "PEN",
        customer: modified.customer,
        reference: {
          document_id: modified.id,
          type: c.on === "invoice" ? "01" : "03",
          series: modified.series,
          number: modified.number,
          issue_date: modified.issue_date,
        },
        reason: { code: c.body.reason_code, description: c.body.description },
        notes: [],
      });
      if (!c.body.items) expect(res.body.total).toBe(modified.total);
      const xml = await sys.request(`/v1/files/${res.body.id}/xml`);
      expect(xml.status).toBe(200);
      expect(String(xml.body)).toContain(c.kind === "credit" ? "<CreditNote " : "<DebitNote ");
      expect(String(xml.body)).toContain(`<cbc:ID>${modified.series}-${modified.number}</cbc:ID>`);
      const after = await sys.request(`/v1/documents/${modified.id}`);
      expect(after.body.notes).toEqual([
        { id: res.body.id, type: res.body.type, series, number: 1, total: res.body.total },
      ]);
    }
  }, 300_000);

  it("lists notes by type and by the document they modify", async () => {
    const modified = await accepted("/v1/invoices", invoice("F900"));
    const credit = await note("credit", {
      series: "FC90",
      document: modified.id,
      reason_code: "07",
      description: "Devolución",
      items: [item("10.00")],
    });
    const debit = await note("debit", {
      series: "FD90",
      document: modified.id,
      reason_code: "01",
      description: "Intereses",
      items: [item("2.00")],
    });
    const byDocument = await sys.request(`/v1/documents?reference.document_id=${modified.id}`);
    expect(byDocument.body.data.map((d: { id: string }) => d.id)).toEqual([debit.body.id, credit.body.id]);
    const credits = await sys.request("/v1/documents?type=07&limit=100");
    expect(credits.body.data.every((d: { type: string }) => d.type === "07")).toBe(true);
    expect(credits.body.data.map((d: { id: string }) => d.id)).toContain(credit.body.id);
    const doc = await sys.request(`/v1/documents/${modified.id}`);
    expect(doc.body.notes.map((n: { total: string }) => n.total)).toEqual(["11.80", "2.36"]);
  }, 120_000);

  it("refuses before numbering — 422 naming the field, 404, 409 — with the series counter unchanged", async () => {
    const modified = await accepted("/v1/invoices", invoice("F901"));
    const onReceipt = await accepted("/v1/receipts", receipt("B901"));
    await arrangeScenario(sys, { series: "F902" }, { force_code: "3277" }, 1);
    const rejected = await sys.request("/v1/invoices", {
      body: invoice("F902"),
      headers: { prefer: "wait=25" },
    });
    expect((await settled(rejected)).status).toBe("rejected");
    const base = { series: "FC91", document: modified.id, reason_code: "07", description: "Devolución" };
    const rows: [string, Record<string, unknown>, number, string, string][] = [
      [
        "series letter",
        { ...base, series: "BC91", items: [item("1.00")] },
        422,
        "series",
        "series_letter_mismatch",
      ],
      [
        "reason outside catalog 09",
        { ...base, reason_code: "99", items: [item("1.00")] },
        422,
        "reason_code",
        "invalid_reason_code",
      ],
      [
        "code 13 not offered",
        { ...base, reason_code: "13", items: [item("1.00")] },
        422,
        "reason_code",
        "note_reason_not_offered",
      ],
      [
        "items on an annulment",
        { ...base, reason_code: "01", items: [item("1.00")] },
        422,
        "items",
        "items_not_allowed",
      ],
      ["no items", { ...base }, 422, "items", "required"],
      [
        "currency",
        { ...base, currency: "USD", items: [item("1.00")] },
        422,
        "currency",
        "currency_differs_from_document",
      ],
      [
        "issue date before the document",
        { ...base, issue_date: "2020-01-01", items: [item("1.00")] },
        422,
        "issue_date",
        "issue_date_before_document",
      ],
      [
        "description missing",
        { ...base, description: undefined, items: [item("1.00")] },
        422,
        "description",
        "parameter_missing",
      ],
      ["line error", { ...base, items: [{ ...item("1.00"), quantity: "0" }] }, 422, "items.0.quantity", ""],
      [
        "credit beyond the document",
        { ...base, items: [item("200.00")] },
        422,
        "document",
        "credit_exceeds_document",
      ],
      [
        "reason 04 on a receipt",
        { ...base, series: "BC91", document: onReceipt.id, reason_code: "04", items: [item("1.00")] },
        422,
        "reason_code",
        "reason_not_for_receipt",
      ],
      [
        "series of another type",
        { ...base, series: "F901", items: [item("1.00")] },
        422,
        "series",
        "series_used_by_another_type",
      ],
      [
        "unknown document",
        { ...base, document: "doc_01JZ8X3M5Q7R9T1V3W5Y7Z9B99", items: [item("1.00")] },
        404,
        "document",
        "resource_missing",
      ],
      [
        "rejected document",
        { ...base, document: rejected.body.id, items: [item("1.00")] },
        409,
        "document",
        "document_not_modifiable",
      ],
    ];
    for (const [name, body, status, param, code] of rows) {
      const res = await note("credit", body);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(status);
      const errors = res.body.error.errors ?? [{ param: res.body.error.param, code: res.body.error.code }];
      expect(
        errors.some((e: { param: string; code: string }) => e.param === param && (!code || e.code === code)),
        `${name}: ${JSON.stringify(res.body)}`,
      ).toBe(true);
    }
    const other = await sys.request("/v1/credit_notes", {
      body: { ...base, items: [item("1.00")] },
      key: sys.liveKey,
    });
    expect(other.status).toBe(404);
    const first = await note("credit", { ...base, items: [item("1.00")] });
    expect(first.body.number).toBe(1);
  }, 180_000);

  it("of two credit notes racing for the last sol, issues one and refuses the other", async () => {
    const modified = await accepted("/v1/invoices", invoice("F903"));
    const body = (key: string) =>
      note(
        "credit",
        {
          series: "FC93",
          document: modified.id,
          reason_code: "09",
          description: "Rebaja",
          items: [item("80.00")],
        },
        { "idempotency-key": key },
      );
    const results = await Promise.all([body("race-a"), body("race-b")]);
    expect(results.map((r) => (r.status === 202 ? 201 : r.status)).sort()).toEqual([201, 422]);
    const refused = results.find((r) => r.status === 422)!;
    expect(refused.body.error.errors[0]).toMatchObject({
      param: "document",
      code: "credit_exceeds_document",
    });
    const doc = await sys.request(`/v1/documents/${modified.id}`);
    expect(doc.body.notes).toHaveLength(1);
    const next = await note("credit", {
      series: "FC93",
      document: modified.id,
      reason_code: "09",
      description: "Rebaja",
      items: [item("10.00")],
    });
    expect(next.body.number).toBe(2);
  }, 120_000);

  it("voids an F… credit note by RA, prints its PDF and sends its events; a B… note is not voidable yet", async () => {
    const modified = await accepted("/v1/invoices", invoice("F904"));
    const credit = await note("credit", {
      series: "FC94",
      document: modified.id,
      reason_code: "07",
      description: "Devolución",
      items: [item("10.00")],
    });
    expect((await settled(credit)).status).toBe("accepted");
    const pdf = await eventually(
      () => sys.request(`/v1/documents/${credit.body.id}`),
      (r) => r.body.links.pdf !== null,
      30_000,
    );
    expect(pdf.body.links.pdf).not.toBeNull();
    const voiding = await sys.request(`/v1/documents/${credit.body.id}/void`, {
      body: { reason: "Nota emitida por error" },
    });
    expect(voiding.status).toBe(202);
    const voided = await eventually(
      () => sys.request(`/v1/documents/${credit.body.id}`),
      (r) => r.body.void?.status !== "pending",
      30_000,
    );
    expect(voided.body.status).toBe("voided");
    expect(voided.body.void.summary_id).toMatch(/^RA-/);
    const events = await eventually(
      () => sys.request(`/v1/events?document_id=${credit.body.id}`),
      (r) => r.body.data?.length >= 2,
      15_000,
    );
    expect(events.body.data.map((e: { type: string }) => e.type).sort()).toEqual([
      "document.accepted",
      "document.voided",
    ]);
    // The voided note no longer counts: the whole invoice can be credited again.
    const annulment = await note("credit", {
      series: "FC94",
      document: modified.id,
      reason_code: "01",
      description: "Anulación",
    });
    expect(annulment.body.total).toBe(modified.total);

    const onReceipt = await accepted("/v1/receipts", receipt("B904"));
    const receiptNote = await note("credit", {
      series: "BC94",
      document: onReceipt.id,
      reason_code: "07",
      description: "Devolución",
      items: [item("1.00")],
    });
    const refused = await sys.request(`/v1/documents/${receiptNote.body.id}/void`, {
      body: { reason: "Error" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("document_not_voidable");
  }, 120_000);
});
