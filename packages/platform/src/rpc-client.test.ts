import { createServer, type Http2Server, type Http2Session, constants as h2 } from "node:http2";
import type { AddressInfo } from "node:net";
import { Code, ConnectError } from "@connectrpc/connect";
import { Health, TaxService, TaxServiceEncoded } from "@einvoice/proto";
import { afterEach, describe, expect, it } from "vitest";
import { createRpcClient, createRpcTransport } from "./rpc-client.js";

let server: Http2Server | undefined;
const sessions = new Set<Http2Session>();
afterEach(async () => {
  // The client keeps its HTTP/2 session open; close() would wait for it.
  for (const session of sessions) session.destroy();
  sessions.clear();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

function listen(onStream: Parameters<Http2Server["on"]>[1]): Promise<string> {
  server = createServer();
  server.on("session", (session) => sessions.add(session));
  server.on("stream", onStream);
  return new Promise((resolve) =>
    server!.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`),
    ),
  );
}

/** An HTTP/2 server that resets every stream as a service killed mid-call does. */
const resettingServer = (code: number) => listen((stream) => stream.close(code));

const failureOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    return error as ConnectError;
  }
  throw new Error("the call succeeded");
};

describe("createRpcClient", () => {
  it("reports a stream the called service reset as UNAVAILABLE, not CANCELED", async () => {
    const client = createRpcClient(TaxService, await resettingServer(h2.NGHTTP2_CANCEL), {
      timeoutMs: 5_000,
    });
    const error = await failureOf(client.computeDocument({}));
    expect(error).toBeInstanceOf(ConnectError);
    expect(error.code).toBe(Code.Unavailable);
    expect(error.rawMessage).toContain("closed the call");
  });

  it("never asks the called service for a compressed answer", async () => {
    let headers: Record<string, unknown> | undefined;
    const url = await listen((stream, received) => {
      headers = received as Record<string, unknown>;
      stream.respond({ ":status": 200, "content-type": "application/proto" });
      stream.end();
    });
    const client = createRpcClient(TaxService, url, { timeoutMs: 5_000 });
    await client.computeDocument({});
    expect(headers?.["content-type"]).toBe("application/proto");
    expect(headers?.["accept-encoding"]).toBeUndefined();
    expect(headers?.["connect-accept-encoding"]).toBeUndefined();
  });

  it("reports a connection the called service reset (ECONNRESET) as UNAVAILABLE, not ABORTED", async () => {
    const url = await listen((stream) => stream.session?.socket.resetAndDestroy());
    const client = createRpcClient(TaxService, url, { timeoutMs: 5_000 });
    const error = await failureOf(client.computeDocument({}));
    expect(error.code).toBe(Code.Unavailable);
    expect(error.rawMessage).toContain("closed the call");
  });

  it("makes the clients of one transport share one connection, clients of separate URLs one each", async () => {
    const url = await listen((stream) => {
      stream.respond({ ":status": 200, "content-type": "application/proto" });
      stream.end();
    });
    const transport = createRpcTransport(url, { timeoutMs: 5_000 });
    await createRpcClient(TaxService, transport).computeDocument({});
    await createRpcClient(TaxServiceEncoded, transport).computeNote({});
    await createRpcClient(Health, transport).check({});
    expect(sessions.size).toBe(1);
    await createRpcClient(TaxService, url, { timeoutMs: 5_000 }).computeDocument({});
    expect(sessions.size).toBe(2);
  });
});
