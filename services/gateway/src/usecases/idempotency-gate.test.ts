import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { idempotencyCollection } from "../adapters/idempotency-repository.js";
import { IDEMPOTENCY_TTL_MS, IdempotencyGate, type IdempotentRequest } from "./idempotency-gate.js";

const scope = { companyId: "cmp_1", livemode: false };
const request: IdempotentRequest = {
  scope,
  key: "k-1",
  method: "POST",
  path: "/v1/invoices",
  body: { series: "F001" },
};
const response = { status: 201, body: { id: "doc_1" }, headers: { location: "/v1/documents/doc_1" } };

describe("IdempotencyGate", () => {
  let store: Store;
  let now: Date;
  let gate: IdempotencyGate;

  beforeEach(async () => {
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([idempotencyCollection]);
    now = new Date("2026-11-23T10:00:00Z");
    gate = new IdempotencyGate(store, 90_000, () => now);
  });

  afterEach(async () => {
    await store.close();
  });

  it("should let the first request run, hold a concurrent repeat, then replay the stored response", async () => {
    const first = await gate.admit(request);
    expect(first.kind).toBe("proceed");
    expect(await gate.admit(request)).toEqual({ kind: "in_flight", retryAfterSeconds: 5 });
    if (first.kind === "proceed") await gate.complete(first.id, response);
    expect(await gate.admit(request)).toEqual({ kind: "replay", response });
  });

  it("should refuse the same key on another body or path, and keep keys apart per mode", async () => {
    await gate.admit(request);
    expect((await gate.admit({ ...request, body: { series: "F002" } })).kind).toBe("reused");
    expect((await gate.admit({ ...request, path: "/v1/receipts" })).kind).toBe("reused");
    expect((await gate.admit({ ...request, scope: { ...scope, livemode: true } })).kind).toBe("proceed");
    expect((await gate.admit({ ...request, scope: { ...scope, companyId: "cmp_2" } })).kind).toBe("proceed");
  });

  it("should let a retry take over a request whose lease ran out (its process died)", async () => {
    await gate.admit(request);
    now = new Date(now.getTime() + 90_001);
    expect((await gate.admit(request)).kind).toBe("proceed");
    expect((await gate.admit(request)).kind).toBe("in_flight");
  });

  it("should forget an abandoned request and a key older than 24 hours", async () => {
    const first = await gate.admit(request);
    if (first.kind === "proceed") await gate.abandon(first.id);
    const again = await gate.admit(request);
    expect(again.kind).toBe("proceed");
    if (again.kind === "proceed") await gate.complete(again.id, response);
    now = new Date(now.getTime() + IDEMPOTENCY_TTL_MS + 1);
    expect((await gate.admit({ ...request, body: { other: true } })).kind).toBe("proceed");
  });

  it("should admit exactly one of many concurrent first uses", async () => {
    const admissions = await Promise.all(Array.from({ length: 10 }, () => gate.admit(request)));
    expect(admissions.filter((a) => a.kind === "proceed")).toHaveLength(1);
    expect(admissions.filter((a) => a.kind === "in_flight")).toHaveLength(9);
  });
});
