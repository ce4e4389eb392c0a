import { join } from "node:path";
import { openAdminStore } from "@einvoice/gateway/admin";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, CONFORMANCE_DIR, type TestSystem } from "./harness.js";
import { limaDay } from "./support/dates.js";
import { openEventSource } from "./support/event-stream-tools.js";
import { arrangeScenario, eventually, finalDocument } from "./support/simulator-control.js";
import { startReceiver } from "./support/webhook-receiver.js";

/**
 * Issue 38: credit notes (07) and debit notes (08) through the public API, on invoices and receipts, to SUNAT's
 * verdict from the simulator (which validates CreditNote/DebitNote against their UBL 2.1 XSDs and checks the
 * signature); the refusals before numbering with the series counter unchanged; two notes racing for the last sol;
 * credit code 13 on a credit sale; voids of F… notes by RA and B… notes by RC; a note's events in the list, the
 * stream and a signed webhook.
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
    const withDetraction = await accepted("/v1/invoices", {
      series: "F903",
      customer: invoice("F903").customer,
      items: [
        { description: "Mantenimiento de equipos", quantity: 1, unit_price: "2500.00", unit_code: "ZZ" },
      ],
      detraction: { code: "020", percent: 12, account: "00-000-123456" },
      payment: {
        type: "credit",
        installments: [
          { amount: "1298.00", due_date: limaDay(30) },
          { amount: "1298.00", due_date: limaDay(60) },
        ],
      },
    });
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
        "code 13 on a cash invoice",
        {
          ...base,
          reason_code: "13",
          payment: { installments: [{ amount: "10.00", due_date: limaDay(30) }] },
        },
        422,
        "reason_code",
        "document_not_credit_sale",
      ],
      [
        "payment with another reason",
        {
          ...base,
          items: [item("1.00")],
          payment: { installments: [{ amount: "1.00", due_date: limaDay(30) }] },
        },
        422,
        "payment",
        "payment_not_allowed",
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
        "whole-document credit of a document with a detraction",
        { ...base, document: withDetraction.id, reason_code: "01" },
        422,
        "reason_code",
        "reason_not_supported_for_document",
      ],
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
    // Live mode, not configured: 409 naming what is missing, before the document is even looked up.
    const live = await sys.request("/v1/credit_notes", {
      body: { ...base, items: [item("1.00")] },
      key: sys.liveKey,
    });
    expect(live.status, JSON.stringify(live.body)).toBe(409);
    expect(live.body.error).toMatchObject({ type: "conflict_error", code: "company_not_configured" });
    // Another company's test key: the document does not exist for it.
    const admin = await openAdminStore({ DATA_DIR: sys.system.dataDir, MONGODB_URL: undefined });
    const companyB = await admin.createCompany.execute({
      ruc: "20600000013",
      legal_name: "OTRA EMPRESA SAC",
      address: { line: "AV. OTRA 456" },
    });
    const keyB = await admin.createApiKey.execute(companyB._id, false);
    await admin.close();
    const other = await sys.request("/v1/credit_notes", {
      body: { ...base, items: [item("1.00")] },
      key: keyB.secret,
    });
    expect(other.status, JSON.stringify(other.body)).toBe(404);
    expect(other.body.error).toMatchObject({ code: "resource_missing", param: "document" });
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

  it("voids an F… credit note by RA, prints its PDF and sends its events", async () => {
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
  }, 120_000);

  it("voids a B… credit note and a B… debit note by an RC line with condition 3, as receipts are", async () => {
    const onReceipt = await accepted("/v1/receipts", receipt("B904"));
    const credit = await settled(
      await note("credit", {
        series: "BC94",
        document: onReceipt.id,
        reason_code: "07",
        description: "Devolución",
        items: [item("1.00")],
      }),
    );
    const debit = await settled(
      await note("debit", {
        series: "BD94",
        document: onReceipt.id,
        reason_code: "01",
        description: "Intereses",
        items: [item("1.00", "Intereses")],
      }),
    );
    for (const n of [credit, debit]) {
      expect(n.status, JSON.stringify(n)).toBe("accepted");
      const voiding = await sys.request(`/v1/documents/${n.id}/void`, {
        body: { reason: "Nota emitida por error" },
      });
      expect(voiding.status, JSON.stringify(voiding.body)).toBe(202);
    }
    for (const n of [credit, debit]) {
      const voided = await eventually(
        () => sys.request(`/v1/documents/${n.id}`),
        (r) => r.body.void?.status !== "pending",
        60_000,
      );
      expect(voided.body.status, JSON.stringify(voided.body)).toBe("voided");
      expect(voided.body.void.summary_id).toMatch(/^RC-\d{8}-\d+$/);
    }
    // The receipt itself stays accepted, and the voided credit no longer counts against it.
    const after = await sys.request(`/v1/documents/${onReceipt.id}`);
    expect(after.body.status).toBe("accepted");
    const whole = await note("credit", {
      series: "BC94",
      document: onReceipt.id,
      reason_code: "06",
      description: "Devolución total",
    });
    expect((await settled(whole)).total).toBe(onReceipt.total);
  }, 180_000);

  it("credit code 13: the new installments of a credit sale, zero amounts, FormaPago in the XML", async () => {
    const onCredit = await accepted("/v1/invoices", {
      ...invoice("F905"),
      payment: { type: "credit", installments: [{ amount: "118.00", due_date: limaDay(30) }] },
    });
    expect(onCredit.total).toBe("118.00");
    const installments = [
      { amount: "70.00", due_date: limaDay(45) },
      { amount: "48.00", due_date: limaDay(75) },
    ];
    const schedule = await settled(
      await note("credit", {
        series: "FC95",
        document: onCredit.id,
        reason_code: "13",
        description: "Nuevo cronograma de pagos",
        payment: { installments },
      }),
    );
    expect(schedule.status, JSON.stringify(schedule)).toBe("accepted");
    expect(schedule).toMatchObject({
      type: "07",
      total: "0.00",
      amounts: { total: "0.00", igv: "0.00", taxed: "0.00" },
      reason: { code: "13", description: "Nuevo cronograma de pagos" },
      reference: { document_id: onCredit.id, type: "01", series: "F905" },
    });
    const xml = String((await sys.request(`/v1/files/${schedule.id}/xml`)).body);
    expect(xml).toContain(
      '<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Credito</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">118.00</cbc:Amount></cac:PaymentTerms>',
    );
    expect(xml).toContain(
      `<cbc:PaymentMeansID>Cuota002</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">48.00</cbc:Amount><cbc:PaymentDueDate>${installments[1]!.due_date}</cbc:PaymentDueDate>`,
    );
    expect(xml).toContain('<cbc:PayableAmount currencyID="PEN">0.00</cbc:PayableAmount>');
    const doc = await sys.request(`/v1/documents/${onCredit.id}`);
    expect(doc.body.notes).toEqual([
      { id: schedule.id, type: "07", series: "FC95", number: 1, total: "0.00" },
    ]);
    // A zero note leaves the whole invoice to credit; a schedule above the invoice's total is refused (ERR 3320).
    const above = await note("credit", {
      series: "FC95",
      document: onCredit.id,
      reason_code: "13",
      description: "Cronograma",
      payment: { installments: [{ amount: "118.01", due_date: limaDay(45) }] },
    });
    expect(above.status, JSON.stringify(above.body)).toBe(422);
    expect(above.body.error.errors).toContainEqual(
      expect.objectContaining({ param: "payment.installments", code: "installments_exceed_document_total" }),
    );
    const next = await note("credit", {
      series: "FC95",
      document: onCredit.id,
      reason_code: "01",
      description: "Anulación",
    });
    expect((await settled(next)).number).toBe(2);
  }, 120_000);

  it("sends a note's document.accepted to the event list, the SSE stream and a signed webhook", async () => {
    const receiver = await startReceiver(204);
    const stream = openEventSource(`${sys.system.baseUrl}/v1/events/stream`, sys.testKey);
    const opened = new Promise((resolve) => stream.source.addEventListener("open", resolve, { once: true }));
    try {
      const endpoint = (
        await sys.request("/v1/webhook_endpoints", {
          body: { url: receiver.url, events: ["document.accepted"] },
        })
      ).body;
      expect(endpoint.secret).toMatch(/^whsec_/);
      // The stream is open before the note is issued: it only carries events published after it connected.
      await opened;
      const modified = await accepted("/v1/invoices", invoice("F906"));
      const credit = await settled(
        await note("credit", {
          series: "FC96",
          document: modified.id,
          reason_code: "07",
          description: "Devolución",
          items: [item("10.00")],
        }),
      );
      expect(credit.status).toBe("accepted");

      const listed = await eventually(
        () => sys.request(`/v1/events?document_id=${credit.id}`),
        (r) => r.body.data?.length >= 1,
        15_000,
      );
      const [event] = listed.body.data;
      expect(event).toMatchObject({ object: "event", type: "document.accepted", livemode: false });
      expect(event.data.object).toMatchObject({
        id: credit.id,
        type: "07",
        status: "accepted",
        reference: { document_id: modified.id, type: "01" },
        reason: { code: "07" },
      });

      const streamed = await eventually(
        async () => stream.received.find((r) => r.data?.data?.object?.id === credit.id),
        (found) => found !== undefined,
        30_000,
      );
      expect(streamed).toMatchObject({ id: event.id, type: "document.accepted" });
      expect(streamed!.data.data.object).toMatchObject({
        type: "07",
        reference: { document_id: modified.id },
      });

      const delivered = await eventually(
        async () => receiver.received.find((r) => JSON.parse(r.body).data?.object?.id === credit.id),
        (found) => found !== undefined,
        30_000,
      );
      const verified = new Webhook(endpoint.secret).verify(delivered!.body, delivered!.headers) as any;
      expect(verified).toMatchObject({ id: event.id, type: "document.accepted" });
      expect(verified.data.object).toMatchObject({ id: credit.id, type: "07", reason: { code: "07" } });
      expect(() =>
        new Webhook(endpoint.secret).verify(delivered!.body.replace('"07"', '"08"'), delivered!.headers),
      ).toThrow();
    } finally {
      stream.source.close();
      await receiver.close();
    }
  }, 120_000);

  it("taxes a note at the modified invoice's IGV rate, whatever the company's regime is now", async () => {
    const regime = async (igv_regime: string) => {
      const set = await sys.request("/v1/company/igv_regime", { method: "PUT", body: { igv_regime } });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    };
    try {
      // Issued under the restaurants' special rate of 2026 (10.5 %): 100.00 + 10.50.
      await regime("restaurants_hotels");
      const special = await accepted("/v1/invoices", invoice("F907"));
      expect(special.total).toBe("110.50");
      await regime("general");
      const credit = await settled(
        await note("credit", {
          series: "FC97",
          document: special.id,
          reason_code: "07",
          description: "Devolución",
          items: [item("10.00")],
        }),
      );
      expect(credit).toMatchObject({ status: "accepted", total: "11.05", amounts: { igv: "1.05" } });
      const xml = String((await sys.request(`/v1/files/${credit.id}/xml`)).body);
      expect(xml).toContain("<cbc:Percent>10.50</cbc:Percent>");
      expect(xml).not.toContain("<cbc:Percent>18.00</cbc:Percent>");

      // Issued at 18 % under the general regime, credited after the company moved to the special one.
      const general = await accepted("/v1/invoices", invoice("F908"));
      expect(general.total).toBe("118.00");
      await regime("restaurants_hotels");
      const debit = await settled(
        await note("debit", {
          series: "FD98",
          document: general.id,
          reason_code: "01",
          description: "Intereses",
          items: [item("10.00", "Intereses")],
        }),
      );
      expect(debit).toMatchObject({ status: "accepted", total: "11.80", amounts: { igv: "1.80" } });
    } finally {
      await regime("general");
    }
  }, 120_000);
});
