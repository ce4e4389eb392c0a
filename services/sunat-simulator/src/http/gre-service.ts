import { createHash, randomUUID } from "node:crypto";
import { isDespatchAdviceType } from "@einvoice/domain";
import { timeInLima, todayInLima } from "@einvoice/platform";
import { messageFor } from "@einvoice/sunat";
import type { GreToken } from "../adapters/gre-tokens.js";
import type { TicketRecord } from "../adapters/tickets.js";
import {
  type CompleteIdentity,
  decideVerdict,
  despatchRules,
  greQrUrl,
  identityKey,
  isStillPending,
  issueFor,
  type Knobs,
  parseIdentity,
  type ResolvedKnobs,
  type Verdict,
  validateDespatchSubmission,
} from "../domain/index.js";
import { judgeContent } from "./content-verdict.js";
import type { SimulatorContext } from "./context.js";
import { forcedException } from "./forced-exception.js";
import { type HttpReply, jsonReply } from "./http-io.js";

/** A checked `POST …/comprobantes/{RUC-TT-SERIE-NUMERO}` request. */
export interface GreSendRequest {
  identity: CompleteIdentity;
  nomArchivo: string;
  zip: Buffer;
  hashZip: string;
}

/** SUNAT's validation error body (OpenAPI CpeErrorValidation; Greenter GreSenderTest). */
const unprocessable = (cod: string, msg: string): HttpReply =>
  jsonReply(422, { cod: "422", msg: "Unprocessable Entity", errors: [{ cod, msg }] });

/**
 * The GRE REST channel (api-cpe.sunat.gob.pe): a guía is checked when it arrives for what the request
 * itself says (422: path, file name, base64, SHA-256, RUC of the token) and answered with a ticket; its
 * content (zip, xml name vs content, duplicates 1033, XSD 0306, signature 2085/2335) is judged when the
 * ticket is issued and revealed by the status endpoint after `ticket_pending_polls` polls of 98.
 */
export class GreService {
  constructor(private readonly ctx: SimulatorContext) {}

  /** The synchronous request checks; codes are SUNAT return codes chosen by meaning (see the simulator's README). */
  checkSend(
    filename: string,
    body: string,
    token: GreToken,
  ): { ok: true; request: GreSendRequest } | HttpReply {
    const identity = parseIdentity(filename);
    if (!identity || !isDespatchAdviceType(identity.type)) {
      return unprocessable("501", "El valor de codCpe no permitido o no valido");
    }
    let archivo: { nomArchivo?: unknown; arcGreZip?: unknown; hashZip?: unknown } | undefined;
    try {
      archivo = (JSON.parse(body) as { archivo?: typeof archivo }).archivo;
    } catch {
      return unprocessable("0306", "El cuerpo de la solicitud no es JSON");
    }
    const { nomArchivo, arcGreZip, hashZip } = archivo ?? {};
    if (typeof nomArchivo !== "string" || nomArchivo !== `${filename}.zip`) {
      return unprocessable("0151", `${messageFor("0151")}: nomArchivo debe ser ${filename}.zip`);
    }
    if (typeof arcGreZip !== "string" || arcGreZip === "") return unprocessable("0155", messageFor("0155"));
    const compact = arcGreZip.replace(/\s+/g, "");
    if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) {
      return unprocessable("0156", messageFor("0156"));
    }
    const zip = Buffer.from(compact, "base64");
    const sha256 = createHash("sha256").update(zip).digest("hex");
    if (typeof hashZip !== "string" || hashZip.toLowerCase() !== sha256) {
      return unprocessable("0156", `${messageFor("0156")}: hashZip no es el SHA-256 del archivo`);
    }
    if (identity.ruc !== token.ruc) return unprocessable("0154", messageFor("0154"));
    return { ok: true, request: { identity, nomArchivo, zip, hashZip: sha256 } };
  }

  async send(request: GreSendRequest, token: GreToken, knobs: Knobs): Promise<HttpReply> {
    const now = this.ctx.clock();
    const key = identityKey(request.identity);
    const judged = await this.judge(request, token, knobs);
    const ticket: TicketRecord = {
      _id: randomUUID(),
      channel: "gre",
      identity: key,
      ruc: token.ruc,
      pending_polls: knobs.ticket_pending_polls ?? 0,
      polls: 0,
      final_status:
        judged.verdict.outcome === "accepted" || judged.verdict.outcome === "observed" ? "0" : "99",
      response_code: judged.verdict.responseCode,
      description: judged.verdict.description,
      cdr_zip: judged.cdrZip ?? null,
      created_at: now.toISOString(),
    };
    await this.ctx.tickets.create(ticket);
    return jsonReply(200, { numTicket: ticket._id, fecRecepcion: `${todayInLima(now)}T${timeInLima(now)}` });
  }

  async status(ticketId: string, token: GreToken, resolved: ResolvedKnobs): Promise<HttpReply> {
    const forced = forcedException(resolved.explicit);
    if (forced) return jsonReply(500, { cod: forced, msg: messageFor(forced) });
    const found = await this.ctx.tickets.find(ticketId);
    if (found?.channel !== "gre") return unprocessable("0127", messageFor("0127"));
    if (found.ruc !== token.ruc) return unprocessable("0126", messageFor("0126"));
    const ticket = (await this.ctx.tickets.recordPoll(ticketId)) ?? found;
    if (
      isStillPending(
        { pendingPolls: ticket.pending_polls, polls: ticket.polls },
        resolved.explicit.ticket_pending_polls,
      )
    ) {
      return jsonReply(200, { codRespuesta: "98", indCdrGenerado: "0" });
    }
    const cdr = ticket.cdr_zip ? { arcCdr: ticket.cdr_zip, indCdrGenerado: "1" } : { indCdrGenerado: "0" };
    if (ticket.final_status === "0") return jsonReply(200, { codRespuesta: "0", ...cdr });
    return jsonReply(200, {
      codRespuesta: "99",
      error: { numError: ticket.response_code, desError: ticket.description },
      ...cdr,
    });
  }

  /** The verdict on the guía and, unless it is an exception, its CDR; registers it when there is one. */
  private async judge(
    request: GreSendRequest,
    token: GreToken,
    knobs: Knobs,
  ): Promise<{ verdict: Verdict; cdrZip?: string }> {
    const check = await validateDespatchSubmission({
      fileName: request.nomArchivo,
      zip: request.zip,
      senderRuc: token.ruc,
    });
    if (!check.ok) return { verdict: decideVerdict([check]) };
    const key = identityKey(request.identity);
    if (await this.ctx.registry.find(key)) return { verdict: decideVerdict([issueFor("1033")]) };
    const { document } = check;
    const subject = { type: document.type, series: document.series, number: String(Number(document.number)) };
    // XSD, signature, then the GRE business rules (despatch-rules.ts).
    const judged = await judgeContent(
      this.ctx,
      { xml: check.xml, parsed: check.parsed, root: document.root, subject },
      knobs,
      despatchRules,
    );
    if ("xsdFailure" in judged) return { verdict: decideVerdict([issueFor("0306", judged.xsdFailure)]) };
    const { verdict } = judged;
    const { outcome } = verdict;
    if (outcome === "exception") return { verdict };
    const cdrZip = await this.ctx.cdrs.issue({
      stem: check.fileName.stem,
      receiverRuc: document.ruc,
      referenceId: `${subject.series}-${subject.number}`,
      documentTypeCode: document.type,
      verdict,
      ...(outcome !== "rejected" && { documentDescription: greQrUrl(key, request.hashZip) }),
    });
    if (!(await this.ctx.registry.registerVerdict(key, outcome, verdict, cdrZip, this.ctx.clock()))) {
      return { verdict: decideVerdict([issueFor("1033")]) };
    }
    return { verdict, cdrZip: cdrZip.toString("base64") };
  }
}
