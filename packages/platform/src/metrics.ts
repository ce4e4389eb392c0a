import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The one Prometheus registry of a process, served as text on the ops port's `GET /metrics` (the gateway's on
 * its `PORT`). Every service registers the same metric names, so one dashboard (deploy/grafana-dashboard.json)
 * covers them all; a metric a service never touches shows only its HELP and TYPE lines.
 */
export const metricsRegistry = new Registry();

// Node's own: event-loop lag (nodejs_eventloop_lag_seconds …), heap, GC, CPU, open handles.
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

export const metrics = {
  /** Documents reaching each status (pending when numbered, then accepted, observed, rejected, voided …). */
  documents: new Counter({
    name: "einvoice_documents_total",
    help: "Documents that reached a status, by document type (SUNAT catalog 01) and status.",
    labelNames: ["type", "status"] as const,
    registers: [metricsRegistry],
  }),
  /** One observation per SUNAT web-service call, whatever its end. */
  sunatCalls: new Histogram({
    name: "einvoice_sunat_call_duration_seconds",
    help: "SUNAT web-service calls by operation (sendBill, getStatusCdr …) and outcome (answered, fault, http_error, timeout, network_error), in seconds.",
    labelNames: ["operation", "outcome"] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 45, 90],
    registers: [metricsRegistry],
  }),
  /** Every JetStream delivery handled, first or not. */
  consumerDeliveries: new Counter({
    name: "einvoice_consumer_deliveries_total",
    help: "JetStream messages delivered to a durable consumer of this process.",
    labelNames: ["consumer"] as const,
    registers: [metricsRegistry],
  }),
  consumerRedeliveries: new Counter({
    name: "einvoice_consumer_redeliveries_total",
    help: "JetStream deliveries after the first (a handler failed, asked to retry later, or its ack wait ran out).",
    labelNames: ["consumer"] as const,
    registers: [metricsRegistry],
  }),
  /** The consumer's backlog as the last delivery reported it (messages not yet delivered). */
  consumerPending: new Gauge({
    name: "einvoice_consumer_pending_messages",
    help: "Messages waiting for a durable consumer (its lag), as of the last delivery this process received.",
    labelNames: ["consumer"] as const,
    registers: [metricsRegistry],
  }),
  deadLetters: new Counter({
    name: "einvoice_dead_letters_total",
    help: "Messages moved to DEAD_LETTERS by this process (invalid payload, permanent error or deliveries exhausted).",
    labelNames: ["consumer"] as const,
    registers: [metricsRegistry],
  }),
  webhookAttempts: new Counter({
    name: "einvoice_webhook_attempts_total",
    help: "Webhook delivery attempts by outcome (succeeded, failed: the receiver answered non-2xx, error: no answer).",
    labelNames: ["outcome"] as const,
    registers: [metricsRegistry],
  }),
  sseConnections: new Gauge({
    name: "einvoice_sse_connections",
    help: "Event streams (GET /v1/events/stream) open on this gateway replica.",
    registers: [metricsRegistry],
  }),
};

/** The registry as Prometheus text, with its content type. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
