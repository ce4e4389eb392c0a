import {
  type Context,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapSetter,
  trace,
} from "@opentelemetry/api";

export type { Context };
export { SpanKind };

/** The trace context of the running code, to carry work done later on its behalf (a batched call) into its trace. */
export function activeContext(): Context {
  return context.active();
}

/**
 * Runs `work` inside a span. Libraries use only the OpenTelemetry API: without an SDK registered these spans
 * are no-ops, and a deployment that registers one gets traces without code changes.
 */
export async function withSpan<T>(
  tracerName: string,
  spanName: string,
  options: { kind?: SpanKind; attributes?: Record<string, string | number | boolean>; parent?: Context },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const tracer = trace.getTracer(tracerName);
  const parent = options.parent ?? context.active();
  return tracer.startActiveSpan(
    spanName,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes ?? {} },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Carrier adapters for the W3C `traceparent` header on fetch-style Headers (Connect). */
export const headersSetter: TextMapSetter<Headers> = {
  set: (carrier, key, value) => carrier.set(key, value),
};
export const headersGetter: TextMapGetter<Headers> = {
  get: (carrier, key) => carrier.get(key) ?? undefined,
  keys: (carrier) => [...carrier.keys()],
};

export function injectContext<C>(carrier: C, setter: TextMapSetter<C>): void {
  propagation.inject(context.active(), carrier, setter);
}

export function extractContext<C>(carrier: C, getter: TextMapGetter<C>): Context {
  return propagation.extract(context.active(), carrier, getter);
}

/**
 * Runs an incoming request's `work` inside a SERVER span that continues the caller's W3C `traceparent` (plain
 * lower-case header objects, as node's IncomingMessage has). The gateway opens one per API request, so the
 * create call is the root of the document's trace.
 */
export function withIncomingSpan<T>(
  tracerName: string,
  spanName: string,
  headers: Record<string, string | string[] | undefined>,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = propagation.extract(context.active(), headers);
  return withSpan(tracerName, spanName, { kind: SpanKind.SERVER, parent }, work);
}
