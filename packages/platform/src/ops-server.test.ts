import { describe, expect, it } from "vitest";
import { metrics } from "./metrics.js";
import { startOpsServer } from "./ops-server.js";

describe("ops server", () => {
  it("should answer /healthz, /readyz and /metrics in the Prometheus text format", async () => {
    const ops = await startOpsServer({ service: "test", host: "127.0.0.1", port: 0, checks: {} });
    try {
      const base = `http://127.0.0.1:${ops.port}`;
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", service: "test", node: process.version });
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      metrics.documents.inc({ type: "01", status: "accepted" });
      metrics.webhookAttempts.inc({ outcome: "failed" });
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/plain; version=0.0.4");
      const text = await res.text();
      expect(text).toMatch(/^einvoice_documents_total\{type="01",status="accepted"\} [1-9]/m);
      expect(text).toMatch(/^einvoice_webhook_attempts_total\{outcome="failed"\} [1-9]/m);
      expect(text).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
      ops.markDraining();
      expect((await fetch(`${base}/readyz`)).status).toBe(503);
    } finally {
      await ops.close();
    }
  });
});
