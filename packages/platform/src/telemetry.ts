import { type Context, context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type SpanExporter, TracerProvider } from "@opentelemetry/sdk-trace";
import { z } from "zod";
import { parseEnv } from "./env.js";

/**
 * The standard OpenTelemetry variables every service reads (through `runService`). Unset endpoint = no SDK: the
 * code's spans stay no-ops and nothing is exported.
 */
export const telemetryEnv = {
  /** OTLP/HTTP collector base URL, e.g. `http://otel-collector:4318`; spans go to `<base>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** `service.name` of the spans. Default the service's own name. */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
};

export interface Telemetry {
  /** Exports what is buffered now. */
  flush(): Promise<void>;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * Registers the OpenTelemetry SDK when an OTLP endpoint is configured: spans (gateway requests, Connect calls,
 * NATS publishes and deliveries, SUNAT attempts) are batched to the collector, one trace per document, since
 * the W3C `traceparent` travels in Connect and NATS headers and in stored work (outbox, submission queue).
 * `exporter` replaces the OTLP exporter (tests).
 */
export function startTelemetry(
  service: string,
  env: Record<string, string | undefined> = process.env,
  exporter?: SpanExporter,
): Telemetry | undefined {
  const settings = parseEnv(z.object(telemetryEnv), env);
  if (!exporter && !settings.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const base = settings.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, "");
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": settings.OTEL_SERVICE_NAME ?? service }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: exporter ?? new OTLPTraceExporter({ url: `${base}/v1/traces` }),
        scheduledDelayMillis: 1000,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/**
 * A trace context (default the active one) as a plain object (`traceparent`…), to store with work that runs later
 * elsewhere.
 */
export function currentTraceCarrier(from: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(from, carrier);
  return carrier;
}

/** Runs `work` as a continuation of the trace a stored carrier names (a no-op without one). */
export function withTraceCarrier<T>(carrier: Record<string, string> | null | undefined, work: () => T): T {
  if (!carrier || Object.keys(carrier).length === 0) return work();
  return context.with(propagation.extract(context.active(), carrier), work);
}
