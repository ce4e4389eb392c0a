import { internalsIn } from "@einvoice/testkit";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { FUZZ_SERIES, type FuzzRequest, fuzzRequest, type KnownIds } from "./support/fuzz-requests.js";
import { RUC_CUSTOMER } from "./support/requests.js";

/** Fixed, so a CI failure replays exactly (fast-check prints the seed and the shrunk counterexample). */
const SEED = 160_016;
/** Requests per property run, sent at once; runs × batch ≥ 10,000 requests. */
const BATCH = 50;
const RUNS = 204;
const SERVICES = [
  "gateway",
  "tax",
  "numbering",
  "signing",
  "submission",
  "notification",
  "rendering",
  "stream",
  "nats-server",
];

interface Answer {
  status: number;
  text: string;
  json: unknown;
}

describe("fuzzing the running gateway", () => {
  let sys: TestSystem;
  const known: KnownIds = { documents: [], webhookEndpoints: [] };
  /** Every document id a fuzzed create got, per series, and the numbers it saw. */
  const issued = new Map<string, Map<string, number>>();
  let sent = 0;

  beforeAll(async () => {
    sys = await bootTestSystem();
    // Real records, so fuzzed ids also hit existing documents and endpoints (another series than the fuzzed ones).
    for (const series of ["F900", "F901"]) {
      const res = await sys.request("/v1/invoices", {
        body: {
          series,
          customer: RUC_CUSTOMER,
          items: [{ description: "X", quantity: 1, unit_price: "1.00" }],
        },
      });
      known.documents.push(res.body.id);
    }
    const endpoint = await sys.request("/v1/webhook_endpoints", { body: { url: "http://127.0.0.1:9/hook" } });
    expect(endpoint.status).toBe(201);
    known.webhookEndpoints.push(endpoint.body.id);
  });

  afterAll(async () => {
    await sys?.stop();
  });

  async function send(req: FuzzRequest & { auth?: string }): Promise<Answer> {
    const headers: Record<string, string> = { ...req.headers };
    headers.authorization = req.auth ?? `Bearer ${sys.testKey}`;
    const controller = new AbortController();
    // The event stream stays open when the query is valid: its status is all we need.
    const res = await fetch(`${sys.system.baseUrl}${req.path}`, {
      method: req.method,
      headers,
      body: req.body,
      signal: controller.signal,
    });
    sent += 1;
    if (res.headers.get("content-type")?.includes("text/event-stream")) {
      controller.abort();
      return { status: res.status, text: "", json: undefined };
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json };
  }

  function record(req: FuzzRequest, answer: Answer) {
    const body = answer.json as { id?: string; series?: string; number?: number } | undefined;
    if (req.series === undefined || (answer.status !== 201 && answer.status !== 202)) return;
    if (!body?.id || !body.series || typeof body.number !== "number") return;
    const seen = issued.get(body.series) ?? new Map<string, number>();
    seen.set(body.id, body.number);
    issued.set(body.series, seen);
  }

  /** What must hold for every answer: below 500, a JSON error body for every 4xx, nothing internal in it. */
  function problems(req: FuzzRequest, answer: Answer): string[] {
    const found: string[] = [];
    if (answer.status >= 500)
      found.push(
        `status ${answer.status}: ${answer.text.slice(0, 300)} for ${req.body?.slice(0, 500) ?? "no body"}`,
      );
    // 431 (headers or URL over 16 KiB) is Node's HTTP parser answering before the app: a bare status, then close.
    if (answer.status >= 400 && answer.status !== 431) {
      const error = (answer.json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      if (typeof error?.code !== "string" || typeof error.message !== "string")
        found.push(`status ${answer.status} without an error body: ${answer.text.slice(0, 300)}`);
    }
    found.push(...internalsIn(answer.json ?? answer.text));
    return found.map((p) => `${req.method} ${req.path.slice(0, 200)}: ${p}`);
  }

  it("should answer ≥ 10,000 generated and mutated requests without a 5xx, a crash, a burned number or internals", async () => {
    const started = Date.now();
    const pidsBefore = Object.fromEntries(SERVICES.map((name) => [name, sys.system.pid(name)]));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fuzzRequest(known), { minLength: BATCH, maxLength: BATCH }),
        async (batch) => {
          const answers = await Promise.all(batch.map((req) => send(req)));
          const found = batch.flatMap((req, i) => {
            record(req, answers[i]!);
            return problems(req, answers[i]!);
          });
          expect(found).toEqual([]);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: false },
    );
    expect(sent).toBeGreaterThanOrEqual(10_000);
    console.info(`fuzz: ${sent} requests in ${Math.round((Date.now() - started) / 1000)} s`);

    // Never a crash: every process still the one that started (the launcher would have restarted a crashed one).
    expect(Object.fromEntries(SERVICES.map((name) => [name, sys.system.pid(name)]))).toEqual(pidsBefore);
    expect((await fetch(`${sys.system.baseUrl}/readyz`)).status).toBe(200);

    // Never a burned number: the documents a series issued are numbered 1..n, and a valid one now gets n + 1.
    for (const series of new Set([...FUZZ_SERIES.invoice, ...FUZZ_SERIES.receipt, ...issued.keys()])) {
      const numbers = [...(issued.get(series)?.values() ?? [])].sort((a, b) => a - b);
      expect(numbers, series).toEqual(numbers.map((_, i) => i + 1));
      const invoice = series.startsWith("F");
      const next = await sys.request(invoice ? "/v1/invoices" : "/v1/receipts", {
        body: {
          series,
          ...(invoice ? { customer: RUC_CUSTOMER } : {}),
          items: [{ description: "Control", quantity: 1, unit_price: "10.00" }],
        },
      });
      expect(next.status, `${series}: ${JSON.stringify(next.body)}`).toBe(202);
      expect(next.body.number, series).toBe(numbers.length + 1);
    }
  }, 240_000);
});
