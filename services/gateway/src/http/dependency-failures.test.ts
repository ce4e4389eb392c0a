import { createServer, type Http2Server } from "node:http2";
import type { AddressInfo, Socket } from "node:net";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { createRpcClient } from "@einvoice/platform";
import {
  NumberingService,
  NumberingServiceEncoded,
  RenderingService,
  TaxService,
  TaxServiceEncoded,
} from "@einvoice/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test-support/test-gateway.js";
import { IssueBatcher } from "../adapters/issue-batcher.js";
import { TaxBatcher } from "../adapters/tax-batcher.js";

/** An h2c server that accepts every call and never answers: a hung service. */
async function startSilentService(): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Http2Server = createServer(() => {
    // Never respond.
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface ErrorBody {
  error: { type: string; code: string; message: string };
}
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

const invoice = {
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
  items: [{ description: "Widget", quantity: 1, unit_price: "100.00" }],
};

describe("a dependency that never answers", () => {
  const timeoutMs = 300;
  let silent: Awaited<ReturnType<typeof startSilentService>>;
  let closedPort: string;
  let gateway: TestGateway;

  beforeAll(async () => {
    silent = await startSilentService();
    const spare = await startSilentService();
    closedPort = spare.url;
    await spare.stop();
  });

  afterAll(async () => {
    await gateway?.stop();
    await silent?.stop();
  });

  const post = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${gateway.baseUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.apiKey}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(invoice),
    });

  const read = (path: string) =>
    fetch(`${gateway.baseUrl}${path}`, { headers: { authorization: `Bearer ${gateway.apiKey}` } });

  it("should answer 503 service_unavailable with Retry-After within the deadline, never hang or 500", async () => {
    gateway = await startTestGateway({
      numbering: createRpcClient(NumberingService, silent.url, { timeoutMs }),
    });
    const started = Date.now();
    const res = await read(`/v1/documents/${gateway.documentId}`);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(await errorOf(res)).toMatchObject({ type: "api_error", code: "service_unavailable" });
    expect(elapsed).toBeLessThan(timeoutMs + 2_000);
    await gateway.stop();
  });

  it("should answer 503 for a service that refuses connections", async () => {
    gateway = await startTestGateway({
      numbering: createRpcClient(NumberingService, closedPort, { timeoutMs }),
    });
    const res = await read(`/v1/documents/${gateway.documentId}`);
    expect(res.status).toBe(503);
    expect((await errorOf(res)).code).toBe("service_unavailable");
    await gateway.stop();
  });

  it("should answer 503 with Retry-After for a ticket not made yet while the renderer is quiet or gone", async () => {
    // The register knows the document and where its ticket goes; the object store has no ticket yet.
    const numbering = createClient(
      NumberingService,
      createRouterTransport((router) =>
        router.service(NumberingService, {
          getDocument: () => ({
            files: { pdf: "cmp_x/test/d_a.pdf", pdfTicket: "cmp_x/test/d_a-ticket.pdf" },
          }),
        }),
      ),
    );
    for (const url of [silent.url, closedPort]) {
      gateway = await startTestGateway({
        numbering,
        rendering: createRpcClient(RenderingService, url, { timeoutMs }),
      });
      const started = Date.now();
      const res = await read(`/v1/files/${gateway.documentId}/pdf?format=ticket`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("2");
      expect(await errorOf(res)).toMatchObject({ type: "api_error", code: "service_unavailable" });
      expect(Date.now() - started).toBeLessThan(timeoutMs + 2_000);
      await gateway.stop();
    }
  });

  it("should say the outcome is unknown when the register goes quiet while numbering, and how to retry", async () => {
    const numbering = createRpcClient(NumberingService, silent.url, { timeoutMs });
    const issues = new IssueBatcher(createRpcClient(NumberingServiceEncoded, silent.url, { timeoutMs }), {
      timeoutMs,
    });
    gateway = await startTestGateway({ numbering, issues });
    const res = await post("/v1/invoices", { "idempotency-key": "order-77" });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    const error = await errorOf(res);
    expect(error.code).toBe("outcome_unknown");
    expect(error.message).toContain("same Idempotency-Key");
    // The key is not spent on an unknown outcome: the retry runs again (numbering would return the document).
    const retry = await post("/v1/invoices", { "idempotency-key": "order-77" });
    expect(retry.status).toBe(503);
  });

  it("should answer 503 with Retry-After when the tax service is down, before any number is taken", async () => {
    const issued: string[] = [];
    const numberingTransport = createRouterTransport((router) =>
      router.service(NumberingService, {
        issueDocuments: (req) => {
          issued.push(...req.items.map(() => "issued"));
          return { results: [] };
        },
      }),
    );
    const numbering = createClient(NumberingService, numberingTransport);
    for (const url of [silent.url, closedPort]) {
      const tax = createRpcClient(TaxService, url, { timeoutMs });
      const taxEncoded = createRpcClient(TaxServiceEncoded, url, { timeoutMs });
      gateway = await startTestGateway({
        tax,
        taxEncoded,
        computes: new TaxBatcher(taxEncoded, { timeoutMs }),
        numbering,
        issues: new IssueBatcher(createClient(NumberingServiceEncoded, numberingTransport), { timeoutMs }),
      });
      const res = await post("/v1/invoices", { "idempotency-key": `tax-down-${issued.length}` });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("2");
      expect(await errorOf(res)).toMatchObject({ type: "api_error", code: "service_unavailable" });
      await gateway.stop();
    }
    expect(issued).toEqual([]);
  });
});
