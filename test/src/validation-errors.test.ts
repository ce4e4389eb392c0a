/**
 * Issue 3: every 422 of the spec (tax rules 1–12 and the Errors list for invoices and receipts), through the
 * public API of the real system. Each row (support/validation-cases*.ts) owns a series; after its 422 a valid
 * document in that series must get number 1, which proves the refused request spent no number of its series.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { expectRefusal, expectSeriesUnused } from "./support/refusal.js";
import { PATH } from "./support/requests.js";
import { ROWS } from "./support/validation-cases.js";

describe("422 for every refused combination, spending no number", () => {
  let sys: TestSystem;
  /** Documents issued to probe the counters, drained before the system stops. */
  const probes: string[] = [];

  beforeAll(async () => {
    sys = await bootTestSystem();
  });

  afterAll(async () => {
    await sys?.stop();
  });

  it("the table has one row per distinct series", () => {
    expect(new Set(ROWS.map((r) => `${r.kind}:${r.series}`)).size).toBe(ROWS.length);
  });

  it.each(ROWS.map((row) => [`${row.kind}: ${row.name}`, row] as const))("%s", async (_name, row) => {
    expectRefusal(await sys.request(PATH[row.kind], { body: row.body(row.series) }), row.errors);
    probes.push(await expectSeriesUnused(sys, row.kind, row.series));
  });

  it("the probe documents go through and end accepted", async () => {
    expect(probes.length).toBeGreaterThan(0);
    const deadline = Date.now() + 90_000;
    const statuses = new Map<string, string>();
    for (const id of probes) {
      for (;;) {
        const res = await sys.request(`/v1/documents/${id}`);
        statuses.set(id, res.body.status);
        if (res.body.status !== "pending" || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    expect([...statuses.values()].filter((s) => s !== "accepted")).toEqual([]);
  });
});
