/**
 * The crash-safety suite's tools: a retrying create client that remembers what each key is still waiting for, a
 * killer that SIGKILLs one process and waits (with a deadline) for the launcher to bring it back, and readers of
 * what NATS holds. Every wait here has a deadline and fails saying what was still missing.
 */
import { cp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import type { TestSystem } from "../harness.js";

export interface Order {
  key: string;
  path: "/v1/invoices" | "/v1/receipts";
  body: Record<string, unknown>;
}

export interface Placed {
  id: string;
  number: number;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the clients did, and what each key still in flight last heard (for progress lines and failures). */
export class ClientStats {
  retries = 0;
  readonly outcomes = new Map<string, number>();
  readonly inFlight = new Map<string, { since: number; attempts: number; last: string }>();

  note(key: string, outcome: string): void {
    this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
    const entry = this.inFlight.get(key);
    if (entry) {
      entry.attempts += 1;
      entry.last = outcome;
    }
  }

  /** The keys waiting longest, with their attempts and last answer. */
  oldest(n = 3): string {
    return [...this.inFlight.entries()]
      .sort((a, b) => a[1].since - b[1].since)
      .slice(0, n)
      .map(
        ([key, e]) =>
          `${key} (${Math.round((Date.now() - e.since) / 1000)} s, ${e.attempts} tries, last ${e.last})`,
      )
      .join("; ");
  }
}

/** A refused/reset connection or a timed-out request, as a short label. */
function networkLabel(error: unknown): string {
  const err = error as Error & { cause?: { code?: string } };
  if (err.name === "TimeoutError" || err.name === "AbortError") return "timeout";
  return `network ${err.cause?.code ?? err.message}`;
}

/**
 * One create, retried with the same Idempotency-Key on 503, 409 (key in use), 429 and network errors until it is
 * answered for good; any other answer fails the suite at once. Each try has its own deadline.
 */
export async function place(
  sys: TestSystem,
  order: Order,
  stats: ClientStats,
  deadlineMs: number,
): Promise<Placed> {
  const deadline = Date.now() + deadlineMs;
  stats.inFlight.set(order.key, { since: Date.now(), attempts: 0, last: "nothing yet" });
  try {
    for (;;) {
      let outcome: string;
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
        if (res.status === 201 || res.status === 202) {
          stats.note(order.key, String(res.status));
          return { id: body.id, number: body.number };
        }
        outcome = `${res.status} ${body?.error?.code ?? ""}`.trim();
        // 503 (a dependency down, or the outcome unknown), 409 (the key in flight) and 429 are retried; anything
        // else, a 500 above all, fails the suite: a killed dependency must never surface as an internal error.
        if (res.status !== 503 && res.status !== 409 && res.status !== 429)
          throw new Fatal(`${order.key}: answered ${res.status} ${JSON.stringify(body)}`);
      } catch (error) {
        if (error instanceof Fatal) throw error;
        outcome = networkLabel(error);
      }
      stats.note(order.key, outcome);
      stats.retries += 1;
      if (Date.now() > deadline)
        throw new Error(
          `${order.key}: no final answer within ${deadlineMs / 1000} s (${stats.inFlight.get(order.key)?.attempts} tries, last ${outcome})`,
        );
      await sleep(250 + Math.random() * 500);
    }
  } finally {
    stats.inFlight.delete(order.key);
  }
}

class Fatal extends Error {}

/**
 * GET with a deadline (the suite's own requests must never hang on a dead process), retried like a client would
 * on 503, 429 and network errors until `timeoutMs`; any other answer than 200 fails at once.
 */
export async function getJson(sys: TestSystem, path: string, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let outcome: string;
    try {
      const res = await fetch(`${sys.system.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${sys.testKey}` },
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as any;
      if (res.status === 200) return body;
      outcome = `${res.status} ${JSON.stringify(body)}`;
      if (res.status !== 503 && res.status !== 429) throw new Fatal(`GET ${path}: ${outcome}`);
    } catch (error) {
      if (error instanceof Fatal) throw error;
      outcome = networkLabel(error);
    }
    if (Date.now() > deadline)
      throw new Error(`GET ${path}: no 200 within ${timeoutMs / 1000} s, last ${outcome}`);
    await sleep(500);
  }
}

/** Every item of a list endpoint, page by page. */
export async function listAll(sys: TestSystem, path: string): Promise<any[]> {
  const all: any[] = [];
  let cursor = "";
  for (;;) {
    const page = await getJson(sys, `${path}${cursor}`);
    all.push(...page.data);
    if (!page.has_more) return all;
    cursor = `&starting_after=${page.data.at(-1).id}`;
  }
}

/**
 * SIGKILLs `name` and waits until the launcher started a new process and the gateway's /readyz answers 200 again
 * (its readiness covers NATS and every RPC service). Fails after `timeoutMs` saying which of the two is missing.
 */
export async function killAndAwaitRecovery(
  sys: TestSystem,
  name: string,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  const pid = sys.system.pid(name);
  if (pid === undefined) throw new Error(`${name} has no process to kill`);
  process.kill(pid, "SIGKILL");
  let readyz = "not asked yet";
  for (;;) {
    const now = sys.system.pid(name);
    if (now !== undefined && now !== pid) {
      try {
        const res = await fetch(`${sys.system.baseUrl}/readyz`, { signal: AbortSignal.timeout(3_000) });
        readyz = `${res.status} ${await res.text()}`;
        if (res.status === 200) return Date.now() - started;
      } catch (error) {
        readyz = networkLabel(error);
      }
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(
        `${name} did not recover within ${timeoutMs / 1000} s after SIGKILL: ${
          now === undefined || now === pid ? `no new process (was pid ${pid})` : `new pid ${now}`
        }, gateway /readyz last answered ${readyz}`,
      );
    await sleep(250);
  }
}

/** Per durable consumer of the DOCUMENTS stream: messages not yet delivered and delivered but not acked. */
export async function consumerBacklog(natsPort: number): Promise<string> {
  const nc = await connect({ servers: `nats://127.0.0.1:${natsPort}`, timeout: 5_000 });
  try {
    const jsm = await jetstreamManager(nc, { timeout: 5_000 });
    const lines: string[] = [];
    for await (const info of jsm.consumers.list("DOCUMENTS")) {
      lines.push(`${info.name}: pending ${info.num_pending}, unacked ${info.num_ack_pending}`);
    }
    return lines.join("; ");
  } catch (error) {
    return `(NATS consumers unreadable: ${(error as Error).message})`;
  } finally {
    await nc.close();
  }
}

/** How many messages of the EVENTS stream carry each event id, and each document id. */
export async function eventsInNats(
  natsPort: number,
): Promise<{ byEvent: Map<string, number>; byDocument: Map<string, string[]> }> {
  const nc = await connect({ servers: `nats://127.0.0.1:${natsPort}`, timeout: 5_000 });
  const byEvent = new Map<string, number>();
  const byDocument = new Map<string, string[]>();
  try {
    const consumer = await jetstream(nc, { timeout: 5_000 }).consumers.get("EVENTS");
    for (;;) {
      const batch = await consumer.fetch({ max_messages: 500, expires: 2_000 });
      let seen = 0;
      for await (const msg of batch) {
        seen++;
        const body = msg.json<Record<string, any>>();
        byEvent.set(body.id, (byEvent.get(body.id) ?? 0) + 1);
        const documentId = body.data?.object?.id ?? body.data?.document?.id;
        if (documentId) byDocument.set(documentId, [...(byDocument.get(documentId) ?? []), body.type]);
      }
      if (seen === 0) break;
    }
  } finally {
    await nc.drain();
  }
  return { byEvent, byDocument };
}

/** Copies the system's logs out of its data dir (removed on stop) so a failed run can be read afterwards. */
export async function keepLogs(sys: TestSystem): Promise<string> {
  const target = join(tmpdir(), `einvoice-chaos-logs-${Date.now()}`);
  await cp(join(sys.system.dataDir, "logs"), target, { recursive: true });
  return target;
}
