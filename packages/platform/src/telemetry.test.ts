import { InMemorySpanExporter } from "@opentelemetry/sdk-trace";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError } from "./env.js";
import { currentTraceCarrier, startTelemetry, type Telemetry, withTraceCarrier } from "./telemetry.js";
import { extractContext, headersGetter, headersSetter, injectContext, withSpan } from "./tracing.js";

describe("startTelemetry", () => {
  let telemetry: Telemetry | undefined;

  afterEach(async () => {
    await telemetry?.shutdown();
    telemetry = undefined;
  });

  it("should register nothing without an OTLP endpoint", () => {
    telemetry = startTelemetry("test", {});
    expect(telemetry).toBeUndefined();
    expect(currentTraceCarrier()).toEqual({});
  });

  it("should name a bad endpoint like every other setting", () => {
    expect(() => startTelemetry("test", { OTEL_EXPORTER_OTLP_ENDPOINT: "not a url" })).toThrow(EnvError);
  });

  it("should keep one trace across headers and stored carriers", async () => {
    const exporter = new InMemorySpanExporter();
    telemetry = startTelemetry("numbering", {}, exporter);
    let carrier: Record<string, string> = {};
    const headers = new Headers();
    await withSpan("test", "create", {}, async () => {
      injectContext(headers, headersSetter);
      carrier = currentTraceCarrier();
    });
    expect(headers.get("traceparent")).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(carrier.traceparent).toBeDefined();
    // Later, elsewhere: a stored carrier and a received header both continue the same trace.
    await withTraceCarrier(carrier, () => withSpan("test", "publish later", {}, async () => undefined));
    await withSpan(
      "test",
      "received",
      { parent: extractContext(headers, headersGetter) },
      async () => undefined,
    );
    await telemetry!.flush();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(["create", "publish later", "received"]);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(spans[0]!.resource.attributes["service.name"]).toBe("numbering");
  });
});
