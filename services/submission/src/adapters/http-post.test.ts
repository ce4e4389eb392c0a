import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HttpPoster } from "./http-post.js";

describe("HttpPoster keep-alive", () => {
  let server: Server | undefined;
  let poster: HttpPoster | undefined;
  afterEach(async () => {
    poster?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  /** A server that keeps idle connections far longer than the poster does, answering after `delayMs`. */
  async function serve(delayMs = 0) {
    const opened: number[] = [];
    const closed: number[] = [];
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => setTimeout(() => res.end("ok"), delayMs));
    });
    server.keepAliveTimeout = 60_000;
    server.on("connection", (socket) => {
      opened.push(Date.now());
      socket.on("close", () => closed.push(Date.now()));
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, opened, closed };
  }

  it("reuses a connection while it is busy, and closes it itself once idle for idleSocketMs", async () => {
    const { url, opened, closed } = await serve();
    poster = new HttpPoster({ idleSocketMs: 150 });
    for (let i = 0; i < 3; i++)
      expect(await poster.post(url, {}, "x", 5_000)).toEqual({ status: 200, body: "ok" });
    expect(opened).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 600));
    // Closed by the poster: the server would have kept it for a minute.
    expect(closed).toHaveLength(1);
    expect(await poster.post(url, {}, "x", 5_000)).toEqual({ status: 200, body: "ok" });
    expect(opened).toHaveLength(2);
  });

  it("does not cut a call whose answer takes longer than idleSocketMs", async () => {
    const { url } = await serve(400);
    poster = new HttpPoster({ idleSocketMs: 100 });
    expect(await poster.post(url, {}, "x", 5_000)).toEqual({ status: 200, body: "ok" });
  });
});
