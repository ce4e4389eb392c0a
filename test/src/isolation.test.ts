/**
 * Tenant isolation over every endpoint: what one company creates in test mode is invisible and untouchable to
 * another company (both modes) and to its own live mode — 404 for each id, nothing of it in any list — and the
 * owner still sees it all (so the 404s are not a broken route).
 */
import { openAdminStore } from "@einvoice/gateway/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { RUC_CUSTOMER } from "./support/requests.js";
import { eventually } from "./support/simulator-control.js";
import { startReceiver } from "./support/webhook-receiver.js";

const invoice = {
  series: "F001",
  customer: RUC_CUSTOMER,
  items: [{ description: "Servicio", quantity: 1, unit_price: "100.00" }],
};

interface Owned {
  document: any;
  event: any;
  endpoint: any;
  delivery: any;
  email: any;
}

describe("isolation between companies and modes", () => {
  let sys: TestSystem;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** The other parties: company B in both modes, and the owner's own live mode. */
  const others: { name: string; key: string }[] = [];
  let owned: Owned;
  /** Every id the owner holds, to look for in each answer the others get. */
  let secrets: string[];

  const as = (key: string) => ({
    get: (path: string) => sys.request(path, { key }),
    post: (path: string, body: unknown = {}) => sys.request(path, { key, method: "POST", body }),
    send: (method: string, path: string, body?: unknown) => sys.request(path, { key, method, body }),
  });

  beforeAll(async () => {
    receiver = await startReceiver(204);
    sys = await bootTestSystem();
    const admin = await openAdminStore({ DATA_DIR: sys.system.dataDir, MONGODB_URL: undefined });
    const companyB = await admin.createCompany.execute({
      ruc: "20600000013",
      legal_name: "OTRA EMPRESA SAC",
      address: { line: "AV. OTRA 456" },
    });
    const bTest = await admin.createApiKey.execute(companyB._id, false);
    const bLive = await admin.createApiKey.execute(companyB._id, true);
    await admin.close();
    others.push(
      { name: "company B, test", key: bTest.secret },
      { name: "company B, live", key: bLive.secret },
      { name: "company A, live", key: sys.liveKey },
    );

    // Company A, test mode: an endpoint, an accepted document (its events and a delivery), an email, its files.
    const a = as(sys.testKey);
    const endpoint = await a.post("/v1/webhook_endpoints", { url: receiver.url });
    expect(endpoint.status).toBe(201);
    const created = await sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=20" } });
    expect(created.body.status).toBe("accepted");
    const document = await eventually(
      async () => (await a.get(`/v1/documents/${created.body.id}`)).body,
      (doc) => doc.links.pdf !== null,
    );
    const email = await a.post(`/v1/documents/${document.id}/email`, { to: ["compras@cliente.com.pe"] });
    expect(email.status).toBe(202);
    const deliveries = await eventually(
      async () => (await a.get(`/v1/webhook_endpoints/${endpoint.body.id}/deliveries`)).body.data,
      (list: any[]) => list.length > 0,
    );
    const events = (await a.get("/v1/events")).body.data;
    expect(events.length).toBeGreaterThan(0);
    owned = {
      document,
      event: events[0],
      endpoint: endpoint.body,
      delivery: deliveries[0],
      email: email.body,
    };
    secrets = [
      document.id,
      events[0].id,
      endpoint.body.id,
      deliveries[0].id,
      email.body.id,
      endpoint.body.secret,
    ];
  });

  afterAll(async () => {
    await sys?.stop();
    await receiver?.close();
  });

  /** Reads and writes of the owner's records by id, each of which must be a 404 to anyone else. */
  const byId = (o: Owned): [string, string, unknown?][] => [
    ["GET", `/v1/documents/${o.document.id}`],
    ["GET", `/v1/files/${o.document.id}/xml`],
    ["GET", `/v1/files/${o.document.id}/cdr`],
    ["GET", `/v1/files/${o.document.id}/pdf`],
    ["GET", `/v1/files/${o.document.id}/pdf?format=ticket`],
    ["GET", `/v1/events/${o.event.id}`],
    ["GET", `/v1/emails/${o.email.id}`],
    ["GET", `/v1/webhook_endpoints/${o.endpoint.id}`],
    ["GET", `/v1/webhook_endpoints/${o.endpoint.id}/deliveries`],
    ["POST", `/v1/documents/${o.document.id}/email`, { to: ["otro@cliente.com.pe"] }],
    ["POST", `/v1/webhook_endpoints/${o.endpoint.id}`, { description: "taken over" }],
    ["POST", `/v1/webhook_endpoints/${o.endpoint.id}/rotate_secret`, {}],
    ["POST", `/v1/webhook_endpoints/${o.endpoint.id}/deliveries/${o.delivery.id}/retry`, {}],
    ["DELETE", `/v1/webhook_endpoints/${o.endpoint.id}`],
  ];

  /** Lists, each of which must hold nothing of the owner's. */
  const lists = (o: Owned) => [
    "/v1/documents",
    "/v1/documents?series=F001",
    `/v1/events?document_id=${o.document.id}`,
    "/v1/events",
    "/v1/webhook_endpoints",
  ];

  it("should answer the owner on every endpoint (the control)", async () => {
    const a = as(sys.testKey);
    for (const [method, path] of byId(owned).filter(([m]) => m === "GET")) {
      const res = await a.send(method, path);
      expect(res.status, `${method} ${path}`).toBe(200);
    }
    expect((await a.get("/v1/documents")).body.data.map((d: any) => d.id)).toContain(owned.document.id);
    expect((await a.get("/v1/webhook_endpoints")).body.data.map((e: any) => e.id)).toContain(
      owned.endpoint.id,
    );
  });

  it("should answer 404 to another company and mode on every id, with nothing of the owner's in the body", async () => {
    const leaks: string[] = [];
    let checked = 0;
    for (const other of others) {
      for (const [method, path, body] of byId(owned)) {
        const res = await as(other.key).send(method, path, body);
        checked += 1;
        if (res.status !== 404) leaks.push(`${other.name}: ${method} ${path} → ${res.status}`);
        else expect(res.body.error.code, `${other.name}: ${method} ${path}`).toBe("resource_missing");
        const text = JSON.stringify(res.body);
        for (const secret of secrets.filter((s) => !path.includes(s)))
          if (text.includes(secret)) leaks.push(`${other.name}: ${method} ${path} shows ${secret}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(checked).toBe(others.length * byId(owned).length);
    // Nothing was changed by those attempts: the endpoint is still there, with its description and secret.
    const still = await as(sys.testKey).get(`/v1/webhook_endpoints/${owned.endpoint.id}`);
    expect(still.status).toBe(200);
    expect(still.body.description).toBe(owned.endpoint.description);
  });

  it("should list nothing of the owner's to another company or mode", async () => {
    const leaks: string[] = [];
    for (const other of others) {
      for (const path of lists(owned)) {
        const res = await as(other.key).get(path);
        expect(res.status, `${other.name}: ${path}`).toBe(200);
        expect(res.body.data, `${other.name}: ${path}`).toEqual([]);
        const text = JSON.stringify(res.body);
        for (const secret of secrets)
          if (text.includes(secret)) leaks.push(`${other.name}: ${path} shows ${secret}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("should show each party its own company, and keep credentials apart", async () => {
    const own = await as(sys.testKey).get("/v1/company");
    for (const other of others.filter((o) => o.name.startsWith("company B"))) {
      const res = await as(other.key).get("/v1/company");
      expect(res.status).toBe(200);
      expect(res.body.ruc).toBe("20600000013");
      expect(res.body.id).not.toBe(own.body.id);
    }
    // Company B setting its SOL pair does not touch company A's.
    const set = await as(others[0]!.key).send("PUT", "/v1/company/sol_credentials", {
      user: "OTROUSER",
      password: "otra-clave",
    });
    expect(set.status).toBe(200);
    const after = await as(sys.testKey).get("/v1/company");
    expect(JSON.stringify(after.body)).not.toContain("OTROUSER");
    expect(after.body).toEqual(own.body);
  });

  it("should refuse a file link or stream position of the owner's to anyone else", async () => {
    // A signed link opens without a key, but presented with another party's key, the key wins: 404.
    for (const other of others) {
      const res = await fetch(owned.document.links.xml, {
        headers: { authorization: `Bearer ${other.key}` },
      });
      expect(res.status, other.name).toBe(404);
    }
    // The link signs the owner's company: pointed at company B it is refused.
    const moved = new URL(owned.document.links.xml);
    moved.searchParams.set("company", "cmp_00000000000000000000");
    expect((await fetch(moved)).status).toBe(403);
    // Resuming the event stream after the owner's event id: 404 for anyone else, before any event is sent.
    for (const other of others) {
      const res = await fetch(`${sys.system.baseUrl}/v1/events/stream`, {
        headers: { authorization: `Bearer ${other.key}`, "last-event-id": owned.event.id },
      });
      expect(res.status, other.name).toBe(404);
      expect(JSON.stringify(await res.json())).not.toContain(owned.document.id);
    }
  });
});
