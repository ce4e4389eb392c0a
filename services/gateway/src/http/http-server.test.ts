import type { Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import Koa from "koa";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpServer } from "./http-server.js";

/** Opens a raw socket, writes `text` and never finishes the request; resolves with what came back and when it closed. */
function trickle(server: Server, text: string): Promise<{ answer: string; afterMs: number }> {
  const { port } = server.address() as AddressInfo;
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("utf8");
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve({ answer, afterMs: Date.now() - started }));
    socket.write(text);
  });
}

describe("the gateway's receive timeouts", () => {
  let server: Server | undefined;

  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  const start = async (headersTimeoutMs: number, requestTimeoutMs: number, keepAliveTimeoutMs = 5_000) => {
    const app = new Koa();
    app.silent = true;
    // Reads the whole body first, as the gateway's JSON body parser does.
    app.use(async (ctx) => {
      for await (const _chunk of ctx.req) {
        // drain
      }
      ctx.body = { ok: true };
    });
    server = createHttpServer(app, { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs }).listen(
      0,
      "127.0.0.1",
    );
    await new Promise<void>((resolve) => server!.once("listening", resolve));
    return server;
  };

  it("should answer 408 and close a connection whose headers do not arrive in time", async () => {
    const s = await start(1_000, 5_000);
    const { answer, afterMs } = await trickle(s, "GET /v1/company HTTP/1.1\r\nHost: x\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeGreaterThanOrEqual(900);
    expect(afterMs).toBeLessThan(4_000);
  });

  it("should answer 408 and close a connection whose body does not arrive in time", async () => {
    const s = await start(1_000, 2_000);
    const { answer, afterMs } = await trickle(
      s,
      'POST /v1/invoices HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"series":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeGreaterThanOrEqual(1_900);
    expect(afterMs).toBeLessThan(5_000);
  });

  it("should serve a request that arrives in time", async () => {
    const s = await start(1_000, 2_000);
    const res = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/`);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("should keep an idle connection for the keep-alive timeout, past the headers timeout, then close it", async () => {
    const s = await start(1_000, 2_000, 2_500);
    const socket = connect((s.address() as AddressInfo).port, "127.0.0.1");
    let received = "";
    let closedAt: number | undefined;
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
    });
    socket.on("close", () => {
      closedAt = Date.now();
    });
    const answers = async (n: number) => {
      while ((received.match(/HTTP\/1\.1 200/g) ?? []).length < n && closedAt === undefined)
        await new Promise((r) => setTimeout(r, 20));
      return (received.match(/HTTP\/1\.1 200/g) ?? []).length;
    };
    const request = "GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n";
    socket.write(request);
    expect(await answers(1)).toBe(1);
    // Idle for longer than the headers timeout (1 s), which must not cut a connection between requests.
    await new Promise((r) => setTimeout(r, 1_800));
    expect(closedAt).toBeUndefined();
    socket.write(request);
    expect(await answers(2)).toBe(2);
    const idleFrom = Date.now();
    while (closedAt === undefined && Date.now() - idleFrom < 6_000)
      await new Promise((r) => setTimeout(r, 50));
    expect(closedAt).toBeDefined();
    expect(closedAt! - idleFrom).toBeGreaterThanOrEqual(2_300);
    // Node's own default would close it at 5 s.
    expect(closedAt! - idleFrom).toBeLessThan(4_000);
  });
});
