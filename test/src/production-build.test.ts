import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "@einvoice/launcher";
import { NODE_MAJOR } from "@einvoice/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { type ReceivedSpan, startOtlpReceiver } from "./support/otlp-receiver.js";

const SERVICES = readdirSync(join(REPO_ROOT, "services"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The HTTP/1.1 port that answers /healthz for each service: its ops port, or its only port. */
const healthPort = (sys: TestSystem, service: string): number => {
  const p = sys.system.ports;
  const ports: Record<string, number> = {
    gateway: p.gateway,
    "sunat-simulator": p.simulator,
    tax: p.taxOps,
    numbering: p.numberingOps,
    signing: p.signingOps,
    submission: p.submissionOps,
    notification: p.notificationOps,
    rendering: p.renderingOps,
    stream: p.streamOps,
  };
  const port = ports[service];
  if (port === undefined) throw new Error(`no health port known for service ${service}`);
  return port;
};

// One boot serves the build, metrics and tracing checks: the images' way of running, with an OTLP collector.
describe("the production build (npm run build → node dist/main.js), its metrics and traces", () => {
  let sys: TestSystem;
  let collector: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let documentId: string;

  beforeAll(async () => {
    // dist/ is fresh: the e2e globalSetup (test/src/support/build-services.ts) ran `scripts/build.mjs`, the
    // Dockerfile's build stage command, before the first file.
    collector = await startOtlpReceiver();
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url };
    sys = await bootTestSystem({
      runtime: "dist",
      serviceEnv: Object.fromEntries(SERVICES.map((service) => [service, otel])),
    });
  }, 300_000);

  afterAll(async () => {
    await sys?.stop();
    await collector?.close();
  });

  it("should compile every service to one JavaScript file with the workspace packages inlined", () => {
    for (const service of SERVICES) {
      const code = readFileSync(join(REPO_ROOT, "services", service, "dist/main.js"), "utf8");
      // Workspace packages ship TypeScript sources, which plain node cannot load: none may stay an import.
      expect(code, service).not.toMatch(/from\s*["']@einvoice\//);
      expect(code, service).not.toMatch(/["']tsx["']/);
    }
  });

  it("should start every built service with node and answer /healthz with the pinned Node major", async () => {
    for (const service of SERVICES) {
      const res = await fetch(`http://127.0.0.1:${healthPort(sys, service)}/healthz`);
      expect(res.status, service).toBe(200);
      const { node } = (await res.json()) as { node: string };
      expect(node, service).toMatch(new RegExp(`^v${NODE_MAJOR}\\.`));
      const environ = readFileSync(`/proc/${sys.system.pid(service)}/environ`, "utf8").split("\0");
      expect(
        environ.some((entry) => entry.startsWith("NODE_COMPILE_CACHE=")),
        service,
      ).toBe(true);
    }
  });

  it("should run the work nobody waits on at a lower priority: the renderer at nice 10, signing, submission and notification at 5", () => {
    // The nice value is field 19 of /proc/<pid>/task/<tid>/stat, the 17th after the command name's ") ".
    const nicesOf = (pid: number) =>
      new Set(
        readdirSync(`/proc/${pid}/task`).map((tid) =>
          Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ")[16]),
        ),
      );
    const lowered: Record<string, number> = { rendering: 10, signing: 5, submission: 5, notification: 5 };
    // A runner that is itself niced starts every service there; a service only ever lowers its priority.
    const base = getPriority();
    for (const service of SERVICES) {
      const pid = sys.system.pid(service);
      expect(pid, service).toBeDefined();
      // Every thread, libuv's pool and V8's helpers included: on Linux a nice value is per thread.
      expect(nicesOf(pid!), service).toEqual(new Set([Math.max(base, lowered[service] ?? 0)]));
    }
  });

  it("should carry a document through the built services to SUNAT's verdict and render its PDF", async () => {
    const created = await sys.request("/v1/invoices", {
      body: {
        series: "F001",
        customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
        items: [{ description: "Widget", quantity: 2, unit_price: "50.00" }],
      },
      headers: { prefer: "wait=30" },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe("accepted");
    documentId = created.body.id;
    // The PDF needs the fonts the pdf package reads from node_modules at run time.
    let pdf: Response | undefined;
    for (let i = 0; i < 50; i++) {
      pdf = await fetch(`${sys.system.baseUrl}/v1/files/${created.body.id}/pdf`, {
        headers: { authorization: `Bearer ${sys.testKey}` },
      });
      if (pdf.status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(pdf?.status).toBe(200);
    expect(
      Buffer.from(await pdf!.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // The API reference page reads the Redoc bundle from node_modules.
    const docs = await fetch(`${sys.system.baseUrl}/docs`);
    expect(docs.status).toBe(200);
  });

  // Runs after a document flowed (the test above), so the counters along its way have samples.
  it("should serve Prometheus metrics on every service's ops port", async () => {
    const scrape = async (service: string) => {
      const res = await fetch(`http://127.0.0.1:${healthPort(sys, service)}/metrics`);
      expect(res.status, service).toBe(200);
      expect(res.headers.get("content-type"), service).toContain("text/plain; version=0.0.4");
      return res.text();
    };
    const sample = (text: string, name: string, labels: Record<string, string>) => {
      const line = text
        .split("\n")
        .find(
          (l) =>
            l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
        );
      return line === undefined ? undefined : Number(line.split(" ").pop());
    };
    const names = [
      "einvoice_documents_total",
      "einvoice_sunat_call_duration_seconds",
      "einvoice_consumer_deliveries_total",
      "einvoice_consumer_redeliveries_total",
      "einvoice_consumer_pending_messages",
      "einvoice_dead_letters_total",
      "einvoice_webhook_attempts_total",
      "einvoice_sse_connections",
      "nodejs_eventloop_lag_seconds",
    ];
    for (const service of SERVICES.filter((s) => s !== "sunat-simulator")) {
      const text = await scrape(service);
      for (const name of names) expect(text, `${service} ${name}`).toContain(`# TYPE ${name} `);
    }
    const numbering = await scrape("numbering");
    expect(
      sample(numbering, "einvoice_documents_total", { type: "01", status: "pending" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(numbering, "einvoice_documents_total", { type: "01", status: "accepted" }),
    ).toBeGreaterThanOrEqual(1);
    const submission = await scrape("submission");
    expect(
      sample(submission, "einvoice_sunat_call_duration_seconds_count", {
        operation: "sendBill",
        outcome: "answered",
      }),
    ).toBeGreaterThanOrEqual(1);
    const signing = await scrape("signing");
    expect(
      sample(signing, "einvoice_consumer_deliveries_total", { consumer: "signing-issued" }),
    ).toBeGreaterThanOrEqual(1);
    expect(signing).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  // Runs after the document above reached its verdict.
  it("should keep one trace from the create call through every service to the verdict's event", async () => {
    const submissionSpan = () =>
      collector.spans.find(
        (s) => s.name === "submission.attempt" && s.attributes["document.id"] === documentId,
      );
    const deadline = Date.now() + 20_000;
    let trace: ReceivedSpan[] = [];
    const complete = () => {
      const attempt = submissionSpan();
      if (!attempt) return false;
      trace = collector.spans.filter((s) => s.traceId === attempt.traceId);
      // The verdict's event: notification records the accepted state numbering announced after SUNAT answered.
      const verdictApplied = trace.find(
        // Numbering applies verdicts in batches: the batch's span continues the first verdict's trace.
        (s) => s.service === "numbering" && s.name === "process documents.verdict batch",
      );
      // Spans arrive in batches: wait until no span of the trace misses its parent.
      const ids = new Set(trace.map((s) => s.spanId));
      if (trace.some((s) => s.parentSpanId !== "" && !ids.has(s.parentSpanId))) return false;
      return Boolean(
        verdictApplied &&
          trace.some(
            (s) =>
              s.service === "notification" &&
              s.name === "process documents.state" &&
              s.startNs > verdictApplied.startNs,
          ),
      );
    };
    while (!complete() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(complete(), `spans of the trace: ${trace.map((s) => `${s.service}:${s.name}`).join(", ")}`).toBe(
      true,
    );

    // The root is the gateway's create call, and every hop is one trace.
    const root = trace.find((s) => s.parentSpanId === "");
    expect(root).toMatchObject({ service: "gateway", name: "POST /v1/invoices" });
    expect(new Set(trace.map((s) => s.service))).toEqual(
      new Set(["gateway", "tax", "numbering", "signing", "submission", "notification", "rendering"]),
    );
    // Every span but the root has its parent in the trace: no hop started a trace of its own.
    const ids = new Set(trace.map((s) => s.spanId));
    expect(trace.filter((s) => s !== root && !ids.has(s.parentSpanId)).map((s) => s.name)).toEqual([]);
  });
});
