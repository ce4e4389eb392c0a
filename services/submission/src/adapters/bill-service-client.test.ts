import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { buildSoapFault } from "@einvoice/sunat";
import { afterEach, describe, expect, it } from "vitest";
import { HttpBillServiceClient, SunatUnavailableError } from "./bill-service-client.js";

const credentials = { username: "20000000001MODDATOS", password: "moddatos" };
const zip = Buffer.from("PK\u0003\u0004 not really a zip");

describe("HttpBillServiceClient over HTTP", () => {
  let server: Server | undefined;
  let client: HttpBillServiceClient | undefined;
  afterEach(async () => {
    client?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  async function serve(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
    const connections: number[] = [];
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => handler(req, Buffer.concat(chunks).toString("utf8"), res));
    });
    server.on("connection", () => connections.push(Date.now()));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/billService`;
    return { url, connections };
  }

  async function failure(call: Promise<unknown>): Promise<SunatUnavailableError> {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SunatUnavailableError);
    return error as SunatUnavailableError;
  }

  it("posts the envelope as SOAP 1.1 and reads the answer, one kept-alive connection for many calls", async () => {
    const seen: { action?: string; type?: string; length?: string; body: string }[] = [];
    const { url, connections } = await serve((req, body, res) => {
      seen.push({
        action: req.headers.soapaction as string,
        type: req.headers["content-type"],
        length: req.headers["content-length"],
        body,
      });
      res.writeHead(500, { "content-type": "text/xml; charset=utf-8" });
      res.end(buildSoapFault("0111", "No tiene el perfil para enviar comprobantes electrónicos"));
    });
    client = new HttpBillServiceClient(5_000);
    for (let i = 0; i < 3; i++) {
      expect(await client.sendBill(url, credentials, "20000000001-01-F001-1.zip", zip)).toMatchObject({
        kind: "fault",
        code: "0111",
        faultString: "No tiene el perfil para enviar comprobantes electrónicos",
      });
    }
    expect(connections).toHaveLength(1);
    expect(seen[0]).toMatchObject({ action: "urn:sendBill", type: "text/xml; charset=utf-8" });
    expect(Number(seen[0]!.length)).toBe(Buffer.byteLength(seen[0]!.body));
    expect(seen[0]!.body).toContain(`<contentFile>${zip.toString("base64")}</contentFile>`);
  });

  it("a refused connection was surely not sent", async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    client = new HttpBillServiceClient(5_000);
    const error = await failure(
      client.sendBill(`http://127.0.0.1:${port}/billService`, credentials, "x.zip", zip),
    );
    expect(error.maybeProcessed).toBe(false);
    expect(error.message).toContain("ECONNREFUSED");
  });

  it("a timeout, even in the middle of the body, may have been processed", async () => {
    const { url } = await serve((_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/xml" });
      res.write("<soap-env:Envelope");
    });
    client = new HttpBillServiceClient(150);
    const started = Date.now();
    const error = await failure(client.sendBill(url, credentials, "x.zip", zip));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.maybeProcessed).toBe(true);
    expect((error.cause as Error).name).toBe("TimeoutError");
  });

  it("a connection lost before the end of the answer may have been processed", async () => {
    const { url } = await serve((_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/xml", "content-length": "1000" });
      res.write("<soap-env:Envelope", () => res.socket?.destroy());
    });
    client = new HttpBillServiceClient(5_000);
    const error = await failure(client.sendBill(url, credentials, "x.zip", zip));
    expect(error.maybeProcessed).toBe(true);
  });

  it("HTTP 5xx without a SOAP fault, or an empty answer, may have been processed", async () => {
    let status = 503;
    const { url } = await serve((_req, _body, res) => {
      res.writeHead(status);
      res.end(status === 503 ? "<html>Service Unavailable</html>" : "");
    });
    client = new HttpBillServiceClient(5_000);
    const unavailable = await failure(client.sendBill(url, credentials, "x.zip", zip));
    expect(unavailable).toMatchObject({ maybeProcessed: true, message: "SUNAT answered HTTP 503" });
    status = 200;
    const empty = await failure(client.sendBill(url, credentials, "x.zip", zip));
    expect(empty).toMatchObject({ maybeProcessed: true, message: "SUNAT answered HTTP 200 with no body" });
  });
});
