import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { eventually } from "./support/simulator-control.js";

const invoice = (overrides: Record<string, unknown> = {}) => ({
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
  items: [
    { description: "Widget", quantity: 2, unit_price: "50.00" },
    { description: "Servicio", quantity: "1", unit_price: "10.50" },
  ],
  ...overrides,
});

describe("an invoice travelling end to end", () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await bootTestSystem();
  });

  afterAll(async () => {
    await sys?.stop();
  });

  it("should return the caller's company", async () => {
    const res = await sys.request("/v1/company");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: "company", ruc: "20000000001", livemode: false });
  });

  it("should answer 401 without a key and with an unknown key", async () => {
    const missing = await sys.request("/v1/company", { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body.error).toMatchObject({ type: "authentication_error", code: "api_key_missing" });
    const unknown = await sys.request("/v1/company", { key: "sk_test_00000000000000000000000000000000" });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe("api_key_invalid");
  });

  it("should accept an invoice through every service when asked to wait", async () => {
    const res = await sys.request("/v1/invoices", { body: invoice(), headers: { prefer: "wait=20" } });
    expect(res.status).toBe(201);
    expect(res.headers.get("preference-applied")).toBe("wait=20");
    expect(res.body).toMatchObject({
      object: "document",
      livemode: false,
      type: "01",
      series: "F001",
      number: 1,
      status: "accepted",
      currency: "PEN",
      total: "130.39",
      amounts: { taxed: "110.50", igv: "19.89", total: "130.39" },
      sunat: { code: "0", notes: [], simulated: true },
    });
    expect(res.body.id).toMatch(/^doc_/);
    expect(res.body.hash).toBeTruthy();

    const xml = await sys.request(`/v1/files/${res.body.id}/xml`);
    expect(xml.status).toBe(200);
    expect(String(xml.body)).toContain("<cbc:ID>F001-1</cbc:ID>");
    const cdr = await fetch(res.body.links.cdr, { headers: { authorization: `Bearer ${sys.testKey}` } });
    expect(cdr.status).toBe(200);
    expect(cdr.headers.get("content-type")).toBe("application/zip");
  });

  it("should return a pending document at once without wait, and the verdict later", async () => {
    const res = await sys.request("/v1/invoices", { body: invoice() });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "pending", number: 2, sunat: null });
    const later = await eventually(
      () => sys.request(`/v1/documents/${res.body.id}`),
      (r) => r.body.status !== "pending",
    );
    expect(later.body.status).toBe("accepted");

    const events = await eventually(
      () => sys.request(`/v1/events?document_id=${res.body.id}`),
      (r) => r.body.data.length > 0,
    );
    expect(events.body).toMatchObject({ object: "list", has_more: false });
    expect(events.body.data[0]).toMatchObject({
      object: "event",
      type: "document.accepted",
      livemode: false,
      data: { object: { id: res.body.id, status: "accepted" } },
    });
    expect(events.body.data[0].id).toMatch(/^evt_/);
    expect(events.body.data[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("should list events newest first with type and limit filters", async () => {
    const res = await sys.request("/v1/events?type=document.accepted&limit=1");
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.has_more).toBe(true);
    const all = await sys.request("/v1/events?type=document.accepted");
    const ids = all.body.data.map((e: { id: string }) => e.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect((await sys.request("/v1/events?limit=0")).status).toBe(422);
  });

  it("should answer 422 naming the field and spend no number", async () => {
    const bad = invoice({
      items: [{ description: "x", quantity: 1, unit_price: "10.00", discount: { amount: "50.00" } }],
    });
    const res = await sys.request("/v1/invoices", { body: bad });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", param: "items.0.discount.amount" });

    const shape = await sys.request("/v1/invoices", {
      body: { series: "F001", items: [{ description: "x", quantity: 1 }] },
    });
    expect(shape.status).toBe(422);
    expect(shape.body.error.param).toBe("items.0.unit_price");

    const next = await sys.request("/v1/invoices", { body: invoice() });
    expect(next.body.number).toBe(3);
  });

  it("should answer 400 for malformed JSON and 415 for another content type", async () => {
    const malformed = await sys.request("/v1/invoices", { raw: "{not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("invalid_json");
    const text = await sys.request("/v1/invoices", { raw: "x", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
  });

  it("should answer 404 for an unknown id and for another mode's id", async () => {
    expect((await sys.request("/v1/documents/doc_01M80EJN9BB8BY1GM2Y5C2DHAB")).status).toBe(404);
    expect((await sys.request("/v1/documents/nonsense")).status).toBe(404);
    const created = await sys.request("/v1/invoices", { body: invoice() });
    const asLive = await sys.request(`/v1/documents/${created.body.id}`, { key: sys.liveKey });
    expect(asLive.status).toBe(404);
    expect(asLive.body.error.code).toBe("resource_missing");
    const liveEvents = await sys.request("/v1/events", { key: sys.liveKey });
    expect(liveEvents.body.data).toEqual([]);
  });

  it("should refuse a live invoice before numbering when the company has no certificate", async () => {
    const res = await sys.request("/v1/invoices", { body: invoice(), key: sys.liveKey });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("company_not_configured");
  });

  it("should number receipts in their own series", async () => {
    const res = await sys.request("/v1/receipts", {
      body: { series: "B001", items: [{ description: "Café", quantity: 1, unit_price: "8.50" }] },
      headers: { prefer: "wait=20" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "03", series: "B001", number: 1, status: "accepted" });
  });

  it("should keep numbering across a restart", async () => {
    await sys.restart();
    const res = await sys.request("/v1/invoices", { body: invoice(), headers: { prefer: "wait=20" } });
    expect(res.body.number).toBe(5);
    expect(res.body.status).toBe("accepted");
  });
});
