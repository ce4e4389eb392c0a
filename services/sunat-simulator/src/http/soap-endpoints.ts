import type http from "node:http";
import {
  type ConsultRequest,
  parseConsultRequest,
  parseSoapRequest,
  type SoapRequest,
  SoapRequestError,
} from "@einvoice/sunat";
import {
  type DocumentIdentity,
  identityKey,
  parseIdentity,
  parseSummaryFileName,
  type RequestSubject,
} from "../domain/index.js";
import { BillService } from "./bill-service.js";
import { ConsultService } from "./consult-service.js";
import type { SimulatorContext } from "./context.js";
import { faultReply, write } from "./http-io.js";
import { deliver } from "./knob-delivery.js";
import { SummaryService } from "./summary-service.js";

/**
 * The two SOAP services. Each request is parsed first (a request that does not parse is answered at once,
 * with its code when it has one: 0101, 0151, 0155, 0156, 0127), so its operation and document identity
 * are known for scenario matching, counting and the knobs.
 */
export class SoapEndpoints {
  private readonly bills: BillService;
  private readonly summaries: SummaryService;
  private readonly consult: ConsultService;

  constructor(private readonly ctx: SimulatorContext) {
    this.bills = new BillService(ctx);
    this.summaries = new SummaryService(ctx);
    this.consult = new ConsultService(ctx);
  }

  /** `POST …/billService`: sendBill, sendSummary, getStatus (ticket). */
  async billService(req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<void> {
    let request: SoapRequest;
    try {
      request = parseSoapRequest(body);
    } catch (error) {
      if (error instanceof SoapRequestError) return write(res, faultReply(error.code, error.message));
      throw error;
    }
    const subject = await this.billSubject(request);
    const identity = completeKey(subject.identity);
    const count = async () => {
      if (request.operation === "sendBill" && identity) await this.ctx.counters.record("send_bill", identity);
    };
    await deliver(this.ctx, req, res, subject, count, async (resolved) => {
      switch (request.operation) {
        case "sendBill":
          return this.bills.sendBill(request, resolved.knobs);
        case "sendSummary":
          return this.summaries.sendSummary(request, resolved.knobs);
        case "getStatus":
          return this.summaries.getStatus(request, resolved);
        default:
          // billService has no getStatusCdr (billService.wsdl); SUNAT serves it on billConsultService.
          return faultReply(
            undefined,
            `${request.operation} is served by billConsultService, not billService`,
          );
      }
    });
  }

  /** `POST …/billConsultService`: getStatusCdr and getStatus (validity). */
  async billConsultService(req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<void> {
    let request: ConsultRequest;
    try {
      request = parseConsultRequest(body);
    } catch (error) {
      if (error instanceof SoapRequestError) return write(res, faultReply(error.code, error.message));
      throw error;
    }
    const number = Number(request.number);
    const identity: DocumentIdentity = {
      ruc: request.ruc,
      type: request.type,
      series: request.series.toUpperCase(),
      ...(Number.isInteger(number) && { number }),
    };
    const subject: RequestSubject = {
      operation: request.operation === "getStatusCdr" ? "getStatusCdr" : "consult.getStatus",
      identity,
    };
    const key = completeKey(identity);
    const count = async () => {
      if (request.operation === "getStatusCdr" && key) await this.ctx.counters.record("status_cdr", key);
    };
    await deliver(this.ctx, req, res, subject, count, (resolved) => this.consult.handle(request, resolved));
  }

  private async billSubject(request: SoapRequest): Promise<RequestSubject> {
    switch (request.operation) {
      case "sendBill":
        return { operation: "sendBill", identity: parseIdentity(request.fileName) ?? {} };
      case "sendSummary": {
        const name = parseSummaryFileName(request.fileName, "zip");
        const identity = name
          ? { ruc: name.ruc, type: name.kind, series: name.date, number: Number(name.number) }
          : {};
        return { operation: "sendSummary", identity };
      }
      case "getStatus": {
        const ticket = await this.ctx.tickets.find(request.ticket);
        return { operation: "getStatus", identity: (ticket && parseIdentity(ticket.identity)) ?? {} };
      }
      case "getStatusCdr":
        return {
          operation: "getStatusCdr",
          identity: parseIdentity(`${request.ruc}-${request.type}-${request.series}-${request.number}`) ?? {},
        };
    }
  }
}

/** The registry key when the identity is complete, else undefined (nothing to count against). */
function completeKey(identity: DocumentIdentity): string | undefined {
  const { ruc, type, series, number } = identity;
  if (ruc === undefined || type === undefined || series === undefined || number === undefined)
    return undefined;
  return identityKey({ ruc, type, series, number });
}
