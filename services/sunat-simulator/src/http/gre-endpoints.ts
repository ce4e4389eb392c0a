import type http from "node:http";
import { identityKey, parseIdentity, type RequestSubject } from "../domain/index.js";
import type { SimulatorContext } from "./context.js";
import { authenticate, issueToken } from "./gre-auth.js";
import { GreService } from "./gre-service.js";
import { type HttpReply, write } from "./http-io.js";
import { deliver } from "./knob-delivery.js";

const TOKEN = /\/v1\/clientessol\/([^/]+)\/oauth2\/token\/?$/;
const STATUS = /\/v1\/contribuyente\/gem\/comprobantes\/envios\/([^/]+)$/;
const SEND = /\/v1\/contribuyente\/gem\/comprobantes\/([^/]+)$/;

/**
 * SUNAT's GRE REST API (api-seguridad + api-cpe, both on this port; any path prefix before `/v1/`).
 * Knobs wrap the send and status calls (operations `gre.send`, `gre.status`) before authentication, as an
 * outage of SUNAT's front-end would; the token endpoint takes no knobs.
 */
export class GreEndpoints {
  private readonly service: GreService;

  constructor(private readonly ctx: SimulatorContext) {
    this.service = new GreService(ctx);
  }

  /** Handles the request when it is a GRE route; false when it is not one. */
  async route(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
    body: () => Promise<string>,
  ): Promise<boolean> {
    const token = TOKEN.exec(path);
    if (token && req.method === "POST") {
      write(res, await issueToken(this.ctx, decodeURIComponent(token[1]!), await body()));
      return true;
    }
    const status = STATUS.exec(path);
    if (status && req.method === "GET") {
      const ticketId = decodeURIComponent(status[1]!);
      const ticket = await this.ctx.tickets.find(ticketId);
      const subject: RequestSubject = {
        operation: "gre.status",
        identity: (ticket?.channel === "gre" && parseIdentity(ticket.identity)) || {},
      };
      await deliver(
        this.ctx,
        req,
        res,
        subject,
        async () => {},
        async (resolved) => {
          const auth = await authenticate(this.ctx, req);
          return auth.ok ? this.service.status(ticketId, auth.token, resolved) : auth.reply;
        },
      );
      return true;
    }
    const send = SEND.exec(path);
    if (send && req.method === "POST") {
      const filename = decodeURIComponent(send[1]!);
      const identity = parseIdentity(filename);
      const subject: RequestSubject = { operation: "gre.send", identity: identity ?? {} };
      const text = await body();
      const count = async () => {
        if (identity) await this.ctx.counters.record("send_bill", identityKey(identity));
      };
      await deliver(this.ctx, req, res, subject, count, async (resolved): Promise<HttpReply> => {
        const auth = await authenticate(this.ctx, req);
        if (!auth.ok) return auth.reply;
        const checked = this.service.checkSend(filename, text, auth.token);
        if (!("ok" in checked)) return checked;
        return this.service.send(checked.request, auth.token, resolved.knobs);
      });
      return true;
    }
    return false;
  }
}
