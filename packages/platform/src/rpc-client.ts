import type { DescService } from "@bufbuild/protobuf";
import { type Client, createClient, type Interceptor } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { headersSetter, injectContext } from "./tracing.js";

/** Propagates the active trace to the called service. */
const clientTracing: Interceptor = (next) => async (req) => {
  injectContext(req.header, headersSetter);
  return next(req);
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

/** A Connect client over HTTP/2 cleartext to another service (`baseUrl` like `http://127.0.0.1:7001`). */
export function createRpcClient<T extends DescService>(
  service: T,
  baseUrl: string,
  options: RpcClientOptions,
): Client<T> {
  const transport = createConnectTransport({
    baseUrl,
    httpVersion: "2",
    interceptors: [clientTracing],
    // Internal payloads are small; binary keeps them compact and fast.
    useBinaryFormat: true,
    ...(options.timeoutMs === null ? {} : { defaultTimeoutMs: options.timeoutMs }),
  });
  return createClient(service, transport);
}
