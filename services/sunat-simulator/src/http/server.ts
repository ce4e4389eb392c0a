import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "@einvoice/platform";
import type { BillService } from "./bill-service.js";

export interface SimulatorServer {
  port: number;
  close(): Promise<void>;
}

/** Largest SOAP request accepted, in bytes (SUNAT's own limit for a zipped document is a few MB). */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * HTTP/1.1 like SUNAT: `POST …/billService` (any prefix, so beta and production paths both work), plus
 * `GET /healthz` and `GET /readyz` for the launcher and probes.
 */
export async function startSimulatorServer(options: {
  host: string;
  port: number;
  billService: BillService;
  ready: () => Promise<void>;
  logger: Logger;
}): Promise<SimulatorServer> {
  const server = http.createServer(async (req, res) => {
    try {
      if (req.method === "GET" && req.url === "/healthz") return json(res, 200, { status: "ok" });
      if (req.method === "GET" && req.url === "/readyz") {
        await options.ready();
        return json(res, 200, { status: "ready" });
      }
      if (req.method === "POST" && req.url?.replace(/\?.*$/, "").endsWith("/billService")) {
        const body = await readBody(req);
        const reply = await options.billService.handle(body);
        res.writeHead(reply.status, { "content-type": "text/xml; charset=utf-8" });
        return res.end(reply.body);
      }
      json(res, 404, { error: "not found" });
    } catch (error) {
      options.logger.error({ err: error, url: req.url }, "simulator request failed");
      if (!res.headersSent) json(res, 500, { error: "internal error" });
      else res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}
