import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test-support/test-gateway.js";

/** Sends raw HTTP/1.1 on one keep-alive socket and collects what comes back until the server closes it. */
function exchange(
  baseUrl: string,
  request: string,
  timeoutMs = 3_000,
): Promise<{ text: string; closed: boolean }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, timeoutMs);
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.on("error", () => undefined);
    socket.write(request);
  });
}

describe("a body over the limit on a keep-alive connection", () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway();
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  const head = (length: number) =>
    [
      "POST /v1/invoices HTTP/1.1",
      "Host: localhost",
      `Authorization: Bearer ${gateway.apiKey}`,
      "Content-Type: application/json",
      "Connection: keep-alive",
      `Content-Length: ${length}`,
      "",
      "",
    ].join("\r\n");

  it("should answer 413 and close the connection at once, never leave it hanging", async () => {
    const started = Date.now();
    const { text, closed } = await exchange(gateway.baseUrl, `${head(1_000_000)}{"series":"F001","items":[`);
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(text.toLowerCase()).toContain("connection: close");
    expect(text).toContain('"code":"payload_too_large"');
    expect(closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("should answer 413 for a streamed body that grows past the limit, and close", async () => {
    const body = JSON.stringify({ series: "F001", note: "x".repeat(5_000) });
    const request = head(body.length).replace(/Content-Length: \d+\r\n/, "Transfer-Encoding: chunked\r\n");
    const chunked = `${request}${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const { text, closed } = await exchange(gateway.baseUrl, chunked);
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(closed).toBe(true);
  });

  it("should not echo the caller's body in a JSON error", async () => {
    const res = await fetch(`${gateway.baseUrl}/v1/invoices`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.apiKey}`, "content-type": "application/json" },
      body: '{"series": "SECRET-VALUE", oops}',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toContain("SECRET-VALUE");
    expect(text).toContain("not valid JSON near character");
  });
});
