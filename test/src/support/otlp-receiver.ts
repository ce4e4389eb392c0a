import http from "node:http";
import type { AddressInfo } from "node:net";

/** One span as an OTLP/HTTP JSON export carries it, with the service that sent it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  startNs: bigint;
  attributes: Record<string, unknown>;
}

/**
 * A tiny OTLP/HTTP collector on 127.0.0.1: accepts `POST /v1/traces` in the JSON encoding the services'
 * exporter sends and keeps every span, so a test can read trace ids across processes.
 */
export async function startOtlpReceiver(): Promise<{
  url: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}> {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces") {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = attributesOf(resourceSpans.resource?.attributes)["service.name"] as string;
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              service,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? "",
              name: span.name,
              startNs: BigInt(span.startTimeUnixNano),
              attributes: attributesOf(span.attributes),
            });
          }
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function attributesOf(
  list: { key: string; value: Record<string, unknown> }[] | undefined,
): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, Object.values(value)[0]]));
}
