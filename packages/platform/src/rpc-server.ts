import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { ConnectError, type ConnectRouter, type Interceptor } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { context } from "@opentelemetry/api";
import type { Logger } from "./logger.js";
import { extractContext, headersGetter, SpanKind, withSpan } from "./tracing.js";

export interface RpcServer {
  readonly port: number;
  close(): Promise<void>;
}

export interface RpcServerOptions {
  service: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  routes: (router: ConnectRouter) => void;
  logger: Logger;
  /** Largest request accepted, in bytes. Default 8 MiB (a 999-line document is well under 1 MiB). */
  readMaxBytes?: number;
}

/**
 * Serves Connect, gRPC and gRPC-Web on one HTTP/2 cleartext port, so `@grpc/grpc-js` clients and Connect
 * clients reach the same handlers.
 */
export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const handler = connectNodeAdapter({
    routes: options.routes,
    readMaxBytes: options.readMaxBytes ?? 8 * 1024 * 1024,
    interceptors: [serverTracing(options.service), serverErrorLogging(options.logger)],
  });
  const server = http2.createServer(handler);
  // http2 close() waits for every session: track them so shutdown does not hang on idle clients.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.close();
      }),
  };
}

function serverTracing(service: string): Interceptor {
  return (next) => async (req) => {
    const parent = extractContext(req.header, headersGetter);
    return context.with(parent, () =>
      withSpan(
        service,
        `${req.service.typeName}/${req.method.name}`,
        { kind: SpanKind.SERVER, attributes: { "rpc.system": "connect_rpc", "rpc.method": req.method.name } },
        () => next(req),
      ),
    );
  };
}

function serverErrorLogging(logger: Logger): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (error) {
      logUnexpectedRpcError(logger, req.method.name, error);
      throw error;
    }
  };
}

/**
 * Expected failures travel as ConnectError; anything else is a bug worth an error log line. Every call's error
 * passes here, and so does each failed item of a batched call, which its handler answers instead of throwing.
 */
export function logUnexpectedRpcError(logger: Logger, method: string, error: unknown): void {
  if (!(error instanceof ConnectError)) logger.error({ err: error, method }, "rpc handler failed");
}
