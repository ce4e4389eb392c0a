/**
 * Crash safety (`npm run test:chaos`): while invoices and receipts are created concurrently, each with its own
 * Idempotency-Key and a client that retries on 503, 409 `idempotency_key_in_use`, 429 and broken connections,
 * every service and nats-server is killed with SIGKILL in turn and restarted by the launcher's supervision. After
 * recovery: every document is final, each series is numbered exactly 1..N, no key made two documents, the
 * simulated SUNAT registered each document once, and each document has one verdict event.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "../harness.js";
import { DNI_CUSTOMER, RUC_CUSTOMER } from "../support/requests.js";
import { eventually, simulatorView } from "../support/simulator-control.js";

/** How many documents, in how many series, by how many concurrent clients. */
const INVOICES = Number(process.env.CHAOS_INVOICES) || 240;
const RECEIPTS = Number(process.env.CHAOS_RECEIPTS) || 60;
const CLIENTS = 24;
const VICTIMS = [
  "gateway",
  "tax",
  "numbering",
  "signing",
  "submission",
  "notification",
  "nats-server",
] as const;
const FINAL = new Set(["accepted", "observed", "rejected"]);
const RUC = "20000000001";

interface Order {
  key: string;
  path: "/v1/invoices" | "/v1/receipts";
  body: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("crash safety under SIGKILL", () => {
  let sys: TestSystem;
  const kills: string[] = [];

  beforeAll(async () => {
    sys = await bootTestSystem({
      serviceEnv: {
        submission: { SUBMISSION_RETRY_DELAYS_MS: "300,600,1000,2000", SUBMISSION_POLL_MS: "200" },
        gateway: { RPC_TIMEOUT_MS: "5000" },
      },
    });
  });

  afterAll(async () => {
    await sys?.stop();
  });

  /** One create, retried with the same key until it is answered for good (or two minutes pass). */
  async function place(order: Order, attempts: { retries: number }): Promise<{ id: string; number: number }> {
    const deadline = Date.now() + 150_000;
    for (;;) {
      try {
        const res = await fetch(`${sys.system.baseUrl}${order.path}`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${sys.testKey}`,
            "content-type": "application/json",
            "idempotency-key": order.key,
          },
          body: JSON.stringify(order.body),
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await res.json()) as any;
        if (res.status === 201 || res.status === 202) return { id: body.id, number: body.number };
        if (res.status < 500 && res.status !== 409 && res.status !== 429)
          throw new Error(`${order.key}: ${res.status} ${JSON.stringify(body)}`);
      } catch (error) {
        // A refused, reset or timed-out connection (the gateway died): retry with the same key.
        if ((error as Error).message.startsWith(order.key)) throw error;
      }
      attempts.retries += 1;
      if (Date.now() > deadline) throw new Error(`${order.key}: no answer within the deadline`);
      await sleep(250 + Math.random() * 500);
    }
  }

  async function killEachInTurn() {
    for (const name of VICTIMS) {
      await sleep(1_500);
      const pid = sys.system.pid(name);
      if (pid === undefined) throw new Error(`${name} has no process`);
      process.kill(pid, "SIGKILL");
      kills.push(name);
      // Wait until the launcher brought it back and the gateway is ready again, then the next one.
      await eventually(
        async () => {
          const now = sys.system.pid(name);
          if (now === undefined || now === pid) return false;
          try {
            return (await fetch(`${sys.system.baseUrl}/readyz`)).status === 200;
          } catch {
            return false;
          }
        },
        (ready) => ready,
        90_000,
      );
    }
  }

  it("should issue every document once, numbered 1..N, while each service is killed in turn", async () => {
    const orders: Order[] = [
      ...Array.from({ length: INVOICES }, (_, i) => ({
        key: `chaos-invoice-${i}`,
        path: "/v1/invoices" as const,
        body: {
          series: "FC01",
          customer: RUC_CUSTOMER,
          items: [{ description: `Pedido ${i}`, quantity: 1, unit_price: "10.00" }],
        },
      })),
      ...Array.from({ length: RECEIPTS }, (_, i) => ({
        key: `chaos-receipt-${i}`,
        path: "/v1/receipts" as const,
        body: {
          series: "BC01",
          customer: DNI_CUSTOMER,
          items: [{ description: `Venta ${i}`, quantity: 1, unit_price: "5.00" }],
        },
      })),
    ];
    const started = Date.now();
    const placed = new Map<string, { id: string; number: number }>();
    const attempts = { retries: 0 };
    const queue = [...orders];
    const killer = killEachInTurn();
    // The creates span every kill: before the k-th kill only a k/7 share of the orders is released.
    let killing = true;
    void killer.finally(() => {
      killing = false;
    });
    const released = () =>
      killing ? Math.ceil((orders.length * (kills.length + 1)) / (VICTIMS.length + 1)) : orders.length;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (;;) {
          if (orders.length - queue.length >= released()) {
            await sleep(200);
            continue;
          }
          const order = queue.shift();
          if (!order) break;
          placed.set(order.key, await place(order, attempts));
          if (placed.size % 25 === 0)
            console.info(`chaos: ${placed.size} placed after ${Math.round((Date.now() - started) / 1000)} s`);
        }
      }),
    );
    await killer;
    expect(kills).toEqual([...VICTIMS]);

    // Every key got one document, and a repeat of the key now gives that same document.
    expect(placed.size).toBe(orders.length);
    expect(new Set([...placed.values()].map((p) => p.id)).size).toBe(orders.length);
    const again = await place(orders[0]!, attempts);
    expect(again.id).toBe(placed.get(orders[0]!.key)!.id);

    console.info(
      `chaos: ${placed.size} placed in ${Math.round((Date.now() - started) / 1000)} s, ${attempts.retries} retries, killed ${kills.join(", ")}`,
    );

    // Every document reaches a final state: polled in rounds until all are final or the time is up.
    const documents = new Map<string, any>();
    const finalBy = Date.now() + 150_000;
    for (let pending = [...placed.values()].map((p) => p.id); pending.length > 0 && Date.now() < finalBy; ) {
      const round = await Promise.all(
        pending.map(async (id) => (await sys.request(`/v1/documents/${id}`)).body),
      );
      for (const doc of round) documents.set(doc.id, doc);
      pending = round.filter((d) => !FINAL.has(d.status)).map((d) => d.id);
      if (pending.length > 0) await sleep(1_000);
    }
    const notFinal = [...documents.values()]
      .filter((d) => !FINAL.has(d.status))
      .map((d) => `${d.id}: ${d.status}`);
    expect(notFinal).toEqual([]);

    // Each series is numbered exactly 1..N, and holds no document beyond the ones the keys made.
    for (const [series, count] of [
      ["FC01", INVOICES],
      ["BC01", RECEIPTS],
    ] as const) {
      const listed = await listAll(`/v1/documents?series=${series}&limit=100`);
      expect(listed.length, series).toBe(count);
      const numbers = listed.map((d) => d.number).sort((a, b) => a - b);
      expect(numbers, series).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    }

    // SUNAT (simulated) registered each document exactly once.
    const registrations: string[] = [];
    for (const doc of documents.values()) {
      const identity = `${RUC}-${doc.type}-${doc.series}-${doc.number}`;
      const view = await simulatorView(sys, identity);
      if (view?.registrations !== 1) registrations.push(`${identity}: ${JSON.stringify(view)}`);
    }
    expect(registrations).toEqual([]);

    // Each document has exactly one verdict event, and no event id repeats.
    const events = await listAll("/v1/events?limit=100");
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const perDocument = new Map<string, string[]>();
    for (const event of events) {
      const id = event.data?.object?.id as string | undefined;
      if (id && documents.has(id)) perDocument.set(id, [...(perDocument.get(id) ?? []), event.type]);
    }
    const wrong = [...documents.values()]
      .filter((d) => perDocument.get(d.id)?.join() !== `document.${d.status}`)
      .map((d) => `${d.id} (${d.status}): ${perDocument.get(d.id)?.join() ?? "no event"}`);
    expect(wrong).toEqual([]);
    console.info(
      `chaos: ${orders.length} documents, ${attempts.retries} client retries, killed ${kills.join(", ")}`,
    );
  }, 600_000);

  async function listAll(path: string): Promise<any[]> {
    const all: any[] = [];
    let cursor = "";
    for (;;) {
      const page = await sys.request(`${path}${cursor}`);
      expect(page.status, path).toBe(200);
      all.push(...page.body.data);
      if (!page.body.has_more) return all;
      cursor = `&starting_after=${page.body.data.at(-1).id}`;
    }
  }
});
