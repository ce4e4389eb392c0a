import { PASSWORD_TEXT, SOAP_ENV_NS, SUNAT_SERVICE_NS, WSSE_NS, WSU_NS } from "./soap-namespaces.js";

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
/** Text content escaped for XML: `&`, `<` and `>` (always, so a text that looks escaped reads back as written). */
const escapeText = (value: string): string =>
  /[&<>]/.test(value) ? value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") : value;

const element = (name: string, value: string): string => `<${name}>${escapeText(value)}</${name}>`;

/**
 * Written as a string, not through a DOM builder: every document sent costs one envelope, and building this one
 * with a DOM builder walks the zip's base64 as a DOM text, which costs more than the rest of the send. The tests hold it byte for byte
 * to the envelope xmlbuilder2 wrote.
 */
function envelope(credentials: SoapCredentials, operation: string, body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:ser="${SUNAT_SERVICE_NS}" xmlns:wsse="${WSSE_NS}" ` +
    `xmlns:wsu="${WSU_NS}"><soapenv:Header><wsse:Security><wsse:UsernameToken>` +
    element("wsse:Username", credentials.username) +
    `<wsse:Password Type="${PASSWORD_TEXT}">${escapeText(credentials.password)}</wsse:Password>` +
    `</wsse:UsernameToken></wsse:Security></soapenv:Header><soapenv:Body><ser:${operation}>${body}` +
    `</ser:${operation}></soapenv:Body></soapenv:Envelope>`
  );
}

export function buildSendBillEnvelope(input: SendFileInput): string {
  return envelope(
    input,
    "sendBill",
    element("fileName", input.fileName) + element("contentFile", input.zipBase64),
  );
}

/** Resumen diario (RC), comunicación de baja (RA) and reversiones (RR): answered with a ticket. */
export function buildSendSummaryEnvelope(input: SendFileInput): string {
  return envelope(
    input,
    "sendSummary",
    element("fileName", input.fileName) + element("contentFile", input.zipBase64),
  );
}

export function buildGetStatusEnvelope(input: GetStatusInput): string {
  return envelope(input, "getStatus", element("ticket", input.ticket));
}

/** billConsultService.getStatusCdr: fetches the CDR of an already sent document (after 1033). */
export function buildGetStatusCdrEnvelope(input: GetStatusCdrInput): string {
  return envelope(input, "getStatusCdr", documentQuery(input));
}

/**
 * billConsultService.getStatus: the validity query ("¿existe y está aceptado?"). Unlike billService.getStatus
 * it takes the document identity, not a ticket (billConsultService.xsd), and answers without a CDR.
 */
export function buildConsultGetStatusEnvelope(input: GetStatusCdrInput): string {
  return envelope(input, "getStatus", documentQuery(input));
}

/** The document a billConsultService call asks about. */
function documentQuery(input: GetStatusCdrInput): string {
  return (
    element("rucComprobante", input.ruc) +
    element("tipoComprobante", input.type) +
    element("serieComprobante", input.series) +
    // numeroComprobante is xsd:int in the WSDL: no leading zeros.
    element("numeroComprobante", String(Number.parseInt(String(input.number), 10)))
  );
}
