import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ScenarioBook } from "../domain/index.js";
import type { SimulatorContext } from "./context.js";
import { controlApi } from "./control-api.js";
import { GreEndpoints } from "./gre-endpoints.js";
import { BodyTooLargeError, jsonReply, readBody, write } from "./http-io.js";
import { SoapEndpoints } from "./soap-endpoints.js";

export interface SimulatorServer {
  port: number;
  close(): Promise<void>;
}

/**
 * HTTP/1.1 like SUNAT, one port for everything:
 * - `POST …/billService` (any prefix, so beta and production paths both work): sendBill, sendSummary,
 *   getStatus;
 * - `POST …/billConsultService`: getStatusCdr, getStatus;
 * - GRE REST: `POST …/v1/clientessol/{client_id}/oauth2/token/`, `POST …/v1/contribuyente/gem/comprobantes/
 *   {RUC-TT-SERIE-NUMERO}`, `GET …/v1/contribuyente/gem/comprobantes/envios/{numTicket}`;
 * - the `/__sim/` control API; `GET /healthz` and `GET /readyz` for the launcher and probes.
 */
export async function startSimulatorServer(options: {
  host: string;
  port: number;
  context: SimulatorContext;
  scenarios: ScenarioBook;
  ready: () => Promise<void>;
}): Promise<SimulatorServer> {
  const { context } = options;
  const soap = new SoapEndpoints(context);
  const gre = new GreEndpoints(context);

  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? "/").replace(/\?.*$/, "");
    const method = req.method ?? "GET";
    try {
      if (method === "GET" && path === "/healthz")
        return write(res, jsonReply(200, { status: "ok", node: process.version }));
      if (method === "GET" && path === "/readyz") {
        await options.ready();
        return write(res, jsonReply(200, { status: "ready" }));
      }
      if (path.startsWith("/__sim/")) {
        return write(res, await controlApi(context, options.scenarios, method, path, () => readBody(req)));
      }
      if (method === "POST" && path.endsWith("/billService")) {
        return await soap.billService(req, res, await readBody(req));
      }
      if (method === "POST" && path.endsWith("/billConsultService")) {
        return await soap.billConsultService(req, res, await readBody(req));
      }
      if (await gre.route(req, res, path, () => readBody(req))) return;
      write(res, jsonReply(404, { error: "not found" }));
    } catch (error) {
      if (error instanceof BodyTooLargeError) return write(res, jsonReply(413, { error: error.message }));
      context.logger.error({ err: error, url: req.url }, "simulator request failed");
      if (!res.headersSent) write(res, jsonReply(500, { error: "internal error" }));
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
