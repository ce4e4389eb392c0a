import type { DescService } from "@bufbuild/protobuf";
import {
  type Client,
  Code,
  ConnectError,
  createClient,
  type Interceptor,
  type Transport,
} from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { headersSetter, injectContext } from "./tracing.js";

/** Propagates the active trace to the called service. */
const clientTracing: Interceptor = (next) => async (req) => {
  injectContext(req.header, headersSetter);
  return next(req);
};

/**
 * A called service that dies or restarts mid-call resets its HTTP/2 stream or its connection, which Connect
 * reports as CANCELED or ABORTED. Our services never answer with those codes themselves, and a caller that gives
 * up no longer reads the error: the dependency broke, so it is UNAVAILABLE (a retryable 503 at the gateway, and
 * "the outcome is unknown" where the call may have committed something).
 */
const brokenCallUnavailable: Interceptor = (next) => async (req) => {
  try {
    return await next(req);
  } catch (error) {
    if (error instanceof ConnectError && (error.code === Code.Canceled || error.code === Code.Aborted))
      throw new ConnectError(
        `the called service closed the call (${error.rawMessage})`,
        Code.Unavailable,
        undefined,
        undefined,
        error,
      );
    throw error;
  }
};

export interface RpcClientOptions {
  /**
   * Deadline of each call, in milliseconds: a service that does not answer in time fails the call with
   * DEADLINE_EXCEEDED instead of hanging the caller. A call may pass its own `timeoutMs` (a longer job). `null`
   * sets no default deadline: for a client of long-lived server streams, whose callers bound the wait for the
   * first message themselves.
   */
  timeoutMs: number | null;
}

/**
 * One HTTP/2 cleartext connection to another service (`baseUrl` like `http://127.0.0.1:7001`). Every client of
 * that service made on it (views of its methods, its health check) shares the connection: each connection costs
 * its own session, pings and flow-control windows on both ends.
 */
export function createRpcTransport(baseUrl: string, options: RpcClientOptions): Transport {
  return createConnectTransport({
    baseUrl,
    httpVersion: "2",
    interceptors: [brokenCallUnavailable, clientTracing],
    // Internal payloads are small; binary keeps them compact and fast.
    useBinaryFormat: true,
    // Never asks for compressed answers: between our services gzip only burns CPU on both ends (numbering would
    // gzip every batch of issued documents, and the gateway gunzip it).
    acceptCompression: [],
    ...(options.timeoutMs === null ? {} : { defaultTimeoutMs: options.timeoutMs }),
  });
}

/**
 * A Connect client of another service: over a connection of its own (`baseUrl`, `options`), or over a transport
 * from `createRpcTransport` that other clients of the same service share.
 */
export function createRpcClient<T extends DescService>(
  service: T,
  baseUrl: string,
  options: RpcClientOptions,
): Client<T>;
export function createRpcClient<T extends DescService>(service: T, transport: Transport): Client<T>;
export function createRpcClient<T extends DescService>(
  service: T,
  target: string | Transport,
  options?: RpcClientOptions,
): Client<T> {
  if (typeof target !== "string") return createClient(service, target);
  if (!options) throw new Error("createRpcClient: a base URL needs its options");
  return createClient(service, createRpcTransport(target, options));
}
