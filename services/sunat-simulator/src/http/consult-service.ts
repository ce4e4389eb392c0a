import { buildConsultStatusResponse, buildGetStatusCdrResponse, type ConsultRequest } from "@einvoice/sunat";
import type { Registration } from "../adapters/registry.js";
import {
  type ConsultedDocument,
  consultRestriction,
  identityKey,
  type ResolvedKnobs,
  statusCdrAnswer,
  validityAnswer,
} from "../domain/index.js";
import type { SimulatorContext } from "./context.js";
import { forcedException } from "./forced-exception.js";
import { faultReply, type HttpReply, xmlReply } from "./http-io.js";

/**
 * billConsultService (production only at SUNAT): getStatusCdr hands out the stored CDR of a registered
 * document, whatever its outcome; getStatus answers whether it exists and in which state. Both only for
 * facturas and their notes (see consult-answer.ts for the codes and where they come from).
 */
export class ConsultService {
  constructor(private readonly ctx: SimulatorContext) {}

  async handle(request: ConsultRequest, resolved: ResolvedKnobs): Promise<HttpReply> {
    const forced = forcedException(resolved.explicit);
    if (forced) return faultReply(forced);
    const number = Number(request.number);
    // numeroComprobante is xsd:int: anything else fails unmarshalling, before any business answer.
    if (!/^\d{1,9}$/.test(request.number)) {
      return faultReply(undefined, `numeroComprobante "${request.number}" is not an integer`);
    }
    const restriction = consultRestriction(request.type, request.series);
    if (restriction) return xmlReply(this.answer(request.operation, restriction));
    const key = identityKey({ ruc: request.ruc, type: request.type, series: request.series, number });
    const document = consulted(await this.ctx.registry.find(key));
    return xmlReply(
      request.operation === "getStatusCdr"
        ? buildGetStatusCdrResponse(statusCdrAnswer(document))
        : buildConsultStatusResponse(validityAnswer(document)),
    );
  }

  private answer(
    operation: ConsultRequest["operation"],
    answer: { statusCode: string; statusMessage: string },
  ) {
    return operation === "getStatusCdr"
      ? buildGetStatusCdrResponse(answer)
      : buildConsultStatusResponse(answer);
  }
}

function consulted(registration: Registration | null): ConsultedDocument | null {
  if (!registration) return null;
  return {
    outcome: registration.outcome,
    voided: Boolean(registration.voided_by),
    cdrZip: registration.cdr_zip,
  };
}
