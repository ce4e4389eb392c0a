import { createServer, type Server } from "node:http";
import type Koa from "koa";

/**
 * How long the gateway waits for what a caller sends, in milliseconds (env `HEADERS_TIMEOUT_MS`,
 * `REQUEST_TIMEOUT_MS`, `KEEP_ALIVE_TIMEOUT_MS`).
 */
export interface ReceiveTimeouts {
  /** The request line and every header must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (answering may take longer: `Prefer: wait`). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection, between two requests, is closed after this. */
  keepAliveTimeoutMs: number;
}

/**
 * The gateway's HTTP/1.1 server with the app's own receive timeouts instead of Node's defaults (60 s for headers,
 * 300 s for the request), so a client that trickles its headers or body (slowloris) holds a connection for seconds,
 * not minutes. Node answers such a client `408` and closes the connection; it checks every second.
 */
export function createHttpServer(app: Koa, timeouts: ReceiveTimeouts): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersTimeoutMs),
    },
    app.callback(),
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  return server;
}
