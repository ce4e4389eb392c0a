import type { VerdictOutcome } from "@einvoice/domain";
/**
 * billConsultService answers. SUNAT publishes these codes in its "Manual del Programador" annex for the
 * consultation service, not in the rule workbook; what was checked here:
 *
 * - getStatusCdr found → `0004` "La constancia existe" with the CDR zip in `content`: the code and message
 *   a production answer carried (thegreenter/demo#28 quotes the raw SOAP), and Greenter's ConsultCdrService
 *   mock answers a rejected document with "004 Constancia Existe" plus the rejection CDR.
 * - getStatusCdr not found → `0127` "El ticket no existe" without content: what users get for documents
 *   SUNAT does not have (thegreenter/demo#108, the getStatusCdr demo page), odd as the wording is.
 * - Only facturas and their notes can be consulted (Greenter docs: "solo esta disponible para Facturas y
 *   Notas de Crédito/Débito relacionada a facturas"; thegreenter/demo#32: "el tipo de documento debe ser
 *   01, 07, 08"): type → `0009`, a series not starting with F → `0010`, with the manual's messages as
 *   remembered by the community (not verified against the PDF).
 * - getStatus (validity, no CDR): `0001` accepted (observations included), `0002` rejected, `0003` voided
 *   (de baja), `0011` does not exist — same annex, same caveat.
 */
export interface ConsultAnswer {
  statusCode: string;
  statusMessage: string;
}

/** What the registry knows of the consulted document. */
export interface ConsultedDocument {
  outcome: VerdictOutcome;
  voided: boolean;
  /** Base64 CDR zip (acceptance or rejection CDR). */
  cdrZip: string | null;
}

const CONSULTABLE_TYPES = new Set(["01", "07", "08"]);

/** The restriction SUNAT applies before looking anything up, or undefined when the query is allowed. */
export function consultRestriction(type: string, series: string): ConsultAnswer | undefined {
  if (!CONSULTABLE_TYPES.has(type)) {
    return { statusCode: "0009", statusMessage: "EL tipo de comprobante debe ser (01, 07 o 08)." };
  }
  if (!/^F/i.test(series)) {
    return {
      statusCode: "0010",
      statusMessage:
        'Sólo se puede consultar facturas, notas de crédito y debito electrónicas, cuya serie empieza con "F"',
    };
  }
  return undefined;
}

/** getStatusCdr: the stored CDR whatever the outcome, or "no existe". */
export function statusCdrAnswer(
  document: ConsultedDocument | null,
): ConsultAnswer & { contentBase64?: string } {
  if (!document?.cdrZip) return { statusCode: "0127", statusMessage: "El ticket no existe" };
  return { statusCode: "0004", statusMessage: "La constancia existe", contentBase64: document.cdrZip };
}

/** getStatus (validity): existence and state only. */
export function validityAnswer(document: ConsultedDocument | null): ConsultAnswer {
  if (!document)
    return { statusCode: "0011", statusMessage: "El comprobante de pago electrónico no existe." };
  if (document.voided)
    return { statusCode: "0003", statusMessage: "El comprobante existe pero está de baja." };
  if (document.outcome === "rejected") {
    return { statusCode: "0002", statusMessage: "El comprobante existe pero está rechazado." };
  }
  return { statusCode: "0001", statusMessage: "El comprobante existe y está aceptado." };
}
