import http from "node:http";
import type { AddressInfo } from "node:net";
import { renderMetrics } from "./metrics.js";

/** A readiness check: resolves when the dependency is usable, throws (or rejects) when not. */
export type ReadinessCheck = () => Promise<void>;

export interface OpsServer {
  readonly port: number;
  /** From now on `/readyz` answers 503 so load balancers stop routing here during shutdown. */
  markDraining(): void;
  /** What `/readyz` would answer now (the gRPC health check of the RPC port reports the same). */
  readiness(): Promise<Readiness>;
  close(): Promise<void>;
}

export interface Readiness {
  ready: boolean;
  status: "ready" | "not_ready" | "draining";
  /** Each check's `ok` or why it failed; empty while draining. */
  checks: Record<string, string>;
}

export interface OpsServerOptions {
  service: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  checks: Record<string, ReadinessCheck>;
  /** Per-check timeout in milliseconds. Default 2000. */
  checkTimeoutMs?: number;
}

/**
 * HTTP/1.1 health endpoints (Kubernetes probes speak HTTP/1.1; the RPC port is HTTP/2 only):
 * `GET /healthz` → 200 while the process runs, with the Node version it runs on; `GET /readyz` → 200 when every check passes, else 503;
 * `GET /metrics` → the process's Prometheus metrics (text format).
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  let draining = false;
  const timeoutMs = options.checkTimeoutMs ?? 2000;
  const readiness = async (): Promise<Readiness> => {
    if (draining) return { ready: false, status: "draining", checks: {} };
    const checks: Record<string, string> = {};
    let ready = true;
    await Promise.all(
      Object.entries(options.checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), timeoutMs);
          checks[name] = "ok";
        } catch (error) {
          ready = false;
          checks[name] = (error as Error).message || "failed";
        }
      }),
    );
    return { ready, status: ready ? "ready" : "not_ready", checks };
  };
  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/healthz")
      return send(200, { status: "ok", service: options.service, node: process.version });
    if (req.url === "/readyz") {
      const { ready, status, checks } = await readiness();
      if (status === "draining") return send(503, { status, service: options.service });
      return send(ready ? 200 : 503, { status, service: options.service, checks });
    }
    if (req.url === "/metrics") {
      const { contentType, body } = await renderMetrics();
      res.writeHead(200, { "content-type": contentType });
      return res.end(body);
    }
    send(404, { error: "not found" });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    markDraining: () => {
      draining = true;
    },
    readiness,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
