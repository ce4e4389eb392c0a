/**
 * Webhook endpoints over the public API, with a real receiver that verifies every delivery with the
 * `standardwebhooks` package: create (secret shown once), deliver a verdict, log the attempt, filter by type,
 * rotate, refuse bad registrations, keep modes apart, delete.
 */
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { eventually } from "./support/simulator-control.js";
import { type ReceivedRequest, startReceiver } from "./support/webhook-receiver.js";

const invoice = {
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE WEBHOOK SAC" },
  items: [{ description: "Servicio", quantity: 1, unit_price: "100.00" }],
};

describe("webhook endpoints", () => {
  let sys: TestSystem;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let url: string;
  let received: ReceivedRequest[];

  beforeAll(async () => {
    receiver = await startReceiver(204);
    ({ url, received } = receiver);
    sys = await bootTestSystem();
  });

  afterAll(async () => {
    await sys?.stop();
    await receiver?.close();
  });

  it("delivers a verdict signed the Standard Webhooks way, and logs the attempt", async () => {
    const created = await sys.request("/v1/webhook_endpoints", {
      body: { url, events: ["document.accepted"], description: "local receiver" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "webhook_endpoint",
      url,
      events: ["document.accepted"],
      enabled: true,
      livemode: false,
      secret: expect.stringMatching(/^whsec_/),
    });
    const endpoint = created.body;
    expect((await sys.request(`/v1/webhook_endpoints/${endpoint.id}`)).body).not.toHaveProperty("secret");

    const doc = await sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=20" } });
    await eventually(
      async () => received.length,
      (n) => n >= 1,
    );
    const [delivery] = received;
    const event = new Webhook(endpoint.secret).verify(delivery!.body, delivery!.headers) as any;
    expect(event).toMatchObject({ object: "event", type: "document.accepted", livemode: false });
    expect(event.data.object.id).toBe(doc.body.id);
    expect(delivery!.headers["webhook-id"]).toBe(event.id);
    const stored = (await sys.request(`/v1/events/${event.id}`)).body;
    const withoutLinks = (e: any) => ({ ...e, data: { object: { ...e.data.object, links: null } } });
    expect(withoutLinks(event)).toEqual(withoutLinks(stored));
    expect(() =>
      new Webhook(endpoint.secret).verify(delivery!.body.replace("accepted", "rejected"), delivery!.headers),
    ).toThrow();

    const log = await eventually(
      async () => (await sys.request(`/v1/webhook_endpoints/${endpoint.id}/deliveries`)).body,
      (list) => list.data[0]?.status === "succeeded",
    );
    expect(log.data[0]).toMatchObject({
      object: "webhook_delivery",
      endpoint_id: endpoint.id,
      event_id: event.id,
      status: "succeeded",
      response_status: 204,
      next_attempt_at: null,
      attempts: [{ response_status: 204, error: null }],
    });
    const retried = await sys.request(
      `/v1/webhook_endpoints/${endpoint.id}/deliveries/${log.data[0].id}/retry`,
      {
        method: "POST",
        body: {},
      },
    );
    expect(retried.status).toBe(200);
    await eventually(
      async () => received.length,
      (n) => n >= 2,
    );
    expect(received[1]!.headers["webhook-id"]).toBe(event.id);

    const rotated = await sys.request(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, {
      method: "POST",
      body: {},
    });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    await sys.request(`/v1/webhook_endpoints/${endpoint.id}/deliveries/${log.data[0].id}/retry`, {
      method: "POST",
      body: {},
    });
    await eventually(
      async () => received.length,
      (n) => n >= 3,
    );
    expect(() => new Webhook(endpoint.secret).verify(received[2]!.body, received[2]!.headers)).toThrow();
    expect(new Webhook(rotated.body.secret).verify(received[2]!.body, received[2]!.headers)).toBeTruthy();

    const deleted = await sys.request(`/v1/webhook_endpoints/${endpoint.id}`, { method: "DELETE" });
    expect(deleted.body).toEqual({ id: endpoint.id, object: "webhook_endpoint", deleted: true });
    expect((await sys.request(`/v1/webhook_endpoints/${endpoint.id}`)).status).toBe(404);
  });

  it("sends only the types an endpoint asked for, and nothing while it is disabled", async () => {
    const endpoint = (
      await sys.request("/v1/webhook_endpoints", { body: { url, events: ["document.rejected"] } })
    ).body;
    const before = received.length;
    await sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=20" } });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(received.length).toBe(before);
    const all = await sys.request(`/v1/webhook_endpoints/${endpoint.id}`, {
      method: "POST",
      body: { events: ["*"], enabled: false },
    });
    expect(all.body).toMatchObject({ events: ["*"], enabled: false });
    await sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=20" } });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(received.length).toBe(before);
    await sys.request(`/v1/webhook_endpoints/${endpoint.id}`, { method: "DELETE" });
  });

  it("refuses bad registrations naming the field, and keeps modes apart", async () => {
    const live = await sys.request("/v1/webhook_endpoints", { key: sys.liveKey, body: { url } });
    expect(live.status).toBe(422);
    expect(live.body.error).toMatchObject({ param: "url", code: "url_invalid" });
    const types = await sys.request("/v1/webhook_endpoints", {
      body: { url, events: ["document.accepted", "invoice.paid"] },
    });
    expect(types.status).toBe(422);
    expect(types.body.error).toMatchObject({ param: "events.1", code: "event_type_unknown" });
    const shape = await sys.request("/v1/webhook_endpoints", { body: { events: "all", colour: "red" } });
    expect(shape.status).toBe(422);
    expect(shape.body.error.errors.map((e: { param: string }) => e.param).sort()).toEqual([
      "colour",
      "events",
      "url",
    ]);

    const mine = (await sys.request("/v1/webhook_endpoints", { body: { url } })).body;
    expect((await sys.request(`/v1/webhook_endpoints/${mine.id}`, { key: sys.liveKey })).status).toBe(404);
    expect((await sys.request("/v1/webhook_endpoints", { key: sys.liveKey })).body.data).toEqual([]);
    expect((await sys.request("/v1/webhook_endpoints")).body.data.map((e: { id: string }) => e.id)).toContain(
      mine.id,
    );
  });
});
