import { create } from "xmlbuilder2";
import { PASSWORD_TEXT, SOAP_ENV_NS, SUNAT_SERVICE_NS, WSSE_NS, WSU_NS } from "./soap-namespaces.js";

type XMLBuilder = ReturnType<typeof create>;

/** SOL credentials: username is RUC + SOL user (e.g. `20000000001MODDATOS`). */
export interface SoapCredentials {
  username: string;
  password: string;
}

export interface SendFileInput extends SoapCredentials {
  /** `RUC-TT-SERIE-NUMERO.zip` (or `RUC-RC-YYYYMMDD-N.zip` for summaries). */
  fileName: string;
  zipBase64: string;
}

export interface GetStatusInput extends SoapCredentials {
  ticket: string;
}

export interface GetStatusCdrInput extends SoapCredentials {
  ruc: string;
  type: string;
  series: string;
  number: string | number;
}

/**
 * SOAP 1.1 envelope with a WS-Security UsernameToken (PasswordText), the shape SUNAT's
 * billService and billConsultService accept (openubl-xsender templates, Greenter WsSecurity).
 * The operation element is qualified with `ser:` and its parameters are unqualified, as the
 * WSDL's `elementFormDefault="unqualified"` requires.
 */
function envelope(credentials: SoapCredentials, operation: string, fill: (op: XMLBuilder) => void): string {
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("soapenv:Envelope", {
    "xmlns:soapenv": SOAP_ENV_NS,
    "xmlns:ser": SUNAT_SERVICE_NS,
    "xmlns:wsse": WSSE_NS,
    "xmlns:wsu": WSU_NS,
  });
  const token = root.ele("soapenv:Header").ele("wsse:Security").ele("wsse:UsernameToken");
  token.ele("wsse:Username").txt(credentials.username);
  token.ele("wsse:Password", { Type: PASSWORD_TEXT }).txt(credentials.password);
  const op = root.ele("soapenv:Body").ele(`ser:${operation}`);
  fill(op);
  return root.end({ prettyPrint: false });
}

export function buildSendBillEnvelope(input: SendFileInput): string {
  return envelope(input, "sendBill", (op) => {
    op.ele("fileName").txt(input.fileName);
    op.ele("contentFile").txt(input.zipBase64);
  });
}

/** Resumen diario (RC), comunicación de baja (RA) and reversiones (RR): answered with a ticket. */
export function buildSendSummaryEnvelope(input: SendFileInput): string {
  return envelope(input, "sendSummary", (op) => {
    op.ele("fileName").txt(input.fileName);
    op.ele("contentFile").txt(input.zipBase64);
  });
}

export function buildGetStatusEnvelope(input: GetStatusInput): string {
  return envelope(input, "getStatus", (op) => {
    op.ele("ticket").txt(input.ticket);
  });
}

/** billConsultService.getStatusCdr: fetches the CDR of an already sent document (after 1033). */
export function buildGetStatusCdrEnvelope(input: GetStatusCdrInput): string {
  return envelope(input, "getStatusCdr", (op) => {
    op.ele("rucComprobante").txt(input.ruc);
    op.ele("tipoComprobante").txt(input.type);
    op.ele("serieComprobante").txt(input.series);
    // numeroComprobante is xsd:int in the WSDL: no leading zeros.
    op.ele("numeroComprobante").txt(String(Number.parseInt(String(input.number), 10)));
  });
}

/**
 * billConsultService.getStatus: the validity query ("¿existe y está aceptado?"). Unlike billService.getStatus
 * it takes the document identity, not a ticket (billConsultService.xsd), and answers without a CDR.
 */
export function buildConsultGetStatusEnvelope(input: GetStatusCdrInput): string {
  return envelope(input, "getStatus", (op) => {
    op.ele("rucComprobante").txt(input.ruc);
    op.ele("tipoComprobante").txt(input.type);
    op.ele("serieComprobante").txt(input.series);
    op.ele("numeroComprobante").txt(String(Number.parseInt(String(input.number), 10)));
  });
}
