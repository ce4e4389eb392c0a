import { create } from "xmlbuilder2";
import { decodeBase64Strict } from "./base64.js";
import { SoapRequestError } from "./errors.js";
import { isTransientException, messageFor } from "./response-codes.js";
import { readDocumentQuery, readSoapCall } from "./soap-call.js";
import { SOAP_ENV_NS, SUNAT_SERVICE_NS } from "./soap-namespaces.js";
import type { XmlNode } from "./xml-node.js";
import { text } from "./xml-read.js";

type XMLBuilder = ReturnType<typeof create>;

interface Credentials {
  username: string;
  password: string;
}

/** A billService / billConsultService call as the simulator receives it. */
export type SoapRequest =
  | (Credentials & { operation: "sendBill" | "sendSummary"; fileName: string; contentFile: Buffer })
  | (Credentials & { operation: "getStatus"; ticket: string })
  | (Credentials & { operation: "getStatusCdr"; ruc: string; type: string; series: string; number: string });

export type SoapOperation = SoapRequest["operation"];

/**
 * Reads a SOAP request. Throws SoapRequestError whose `code` is the SUNAT code to fault with:
 * 0101 bad WS-Security header, 0151 no file name, 0155 no content, 0156 content not base64,
 * 0127 no ticket; no code (plain `soap-env:Client` fault) for XML that is not a SOAP call at all.
 */
export function parseSoapRequest(xml: string): SoapRequest {
  const call = readSoapCall(xml);
  const credentials = { username: call.username, password: call.password };
  switch (call.name) {
    case "sendBill":
    case "sendSummary":
      return { ...credentials, operation: call.name, ...readFile(call.node) };
    case "getStatus": {
      const ticket = text(call.node, "ticket");
      if (!ticket) throw new SoapRequestError(messageFor("0127"), "0127");
      return { ...credentials, operation: "getStatus", ticket };
    }
    case "getStatusCdr":
      return { ...credentials, operation: "getStatusCdr", ...readDocumentQuery(call) };
    default:
      throw new SoapRequestError(`Unsupported operation ${call.name}`);
  }
}

function readFile(node: XmlNode): { fileName: string; contentFile: Buffer } {
  const fileName = text(node, "fileName");
  if (!fileName) throw new SoapRequestError(messageFor("0151"), "0151");
  const content = text(node, "contentFile");
  if (!content) throw new SoapRequestError(messageFor("0155"), "0155");
  const contentFile = decodeBase64Strict(content);
  if (!contentFile) throw new SoapRequestError(messageFor("0156"), "0156");
  return { fileName, contentFile };
}

/** Response envelope in SUNAT's style: `soap-env:` prefix, empty Header, `br:` operation prefix. */
function response(fill: (body: XMLBuilder) => void): string {
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("soap-env:Envelope", {
    "xmlns:soap-env": SOAP_ENV_NS,
  });
  root.ele("soap-env:Header");
  fill(root.ele("soap-env:Body"));
  return root.end({ prettyPrint: false });
}

/**
 * Written as a string, not through xmlbuilder2: the simulator answers every accepted document with one, and
 * serializing the CDR's base64 through a DOM cost as much as zipping the CDR. The test holds it to the same
 * envelope built with xmlbuilder2.
 */
export function buildSendBillResponse(zipBase64: string): string {
  if (!/^[A-Za-z0-9+/=\s]*$/.test(zipBase64)) throw new TypeError("applicationResponse must be base64");
  return (
    `<?xml version="1.0" encoding="UTF-8"?><soap-env:Envelope xmlns:soap-env="${SOAP_ENV_NS}">` +
    `<soap-env:Header/><soap-env:Body><br:sendBillResponse xmlns:br="${SUNAT_SERVICE_NS}">` +
    `<applicationResponse>${zipBase64}</applicationResponse></br:sendBillResponse></soap-env:Body>` +
    "</soap-env:Envelope>"
  );
}

export function buildSendSummaryResponse(ticket: string): string {
  return response((body) => {
    body.ele("br:sendSummaryResponse", { "xmlns:br": SUNAT_SERVICE_NS }).ele("ticket").txt(ticket);
  });
}

export interface StatusResponseInput {
  /** "0" done, "98" in process, "99" done with errors, or an exception code such as "0127". */
  statusCode: string;
  /** Base64 CDR zip, when one exists. */
  contentBase64?: string;
}

/** getStatus (ticket) answer; element order follows the WSDL's statusResponse sequence. */
export function buildGetStatusResponse(input: StatusResponseInput): string {
  return response((body) => {
    const status = body.ele("br:getStatusResponse", { "xmlns:br": SUNAT_SERVICE_NS }).ele("status");
    if (input.contentBase64) status.ele("content").txt(input.contentBase64);
    status.ele("statusCode").txt(input.statusCode);
  });
}

export interface StatusCdrResponseInput extends StatusResponseInput {
  statusMessage: string;
}

export function buildGetStatusCdrResponse(input: StatusCdrResponseInput): string {
  return response((body) => {
    const status = body.ele("br:getStatusCdrResponse", { "xmlns:br": SUNAT_SERVICE_NS }).ele("statusCdr");
    if (input.contentBase64) status.ele("content").txt(input.contentBase64);
    status.ele("statusCode").txt(input.statusCode);
    status.ele("statusMessage").txt(input.statusMessage);
  });
}

/**
 * A fault shaped like SUNAT's: `soap-env:Client.NNNN` for errors in the request or document,
 * `soap-env:Server.NNNN` for the transient outages (0100, 0109, 0130–0138, 0200) so clients
 * know a retry may help; without a code it is a bare `soap-env:Client`. The message also goes
 * to `detail/message`, where some SUNAT faults carry it.
 */
export function buildSoapFault(code: string | undefined, message?: string): string {
  const faultString = message ?? (code ? messageFor(code) : "Solicitud SOAP invalida");
  const side = code && isTransientException(code) ? "Server" : "Client";
  return response((body) => {
    const fault = body.ele("soap-env:Fault");
    fault.ele("faultcode").txt(code ? `soap-env:${side}.${code}` : `soap-env:${side}`);
    fault.ele("faultstring").txt(faultString);
    fault.ele("detail").ele("message").txt(faultString);
  });
}
