import { decodeBase64Strict } from "./base64.js";
import { SoapResponseError } from "./errors.js";
import type { XmlNode } from "./xml-node.js";
import { child, firstElement, parseXml, text } from "./xml-read.js";

/** What a billService / billConsultService call answered. */
export type SoapResponse =
  | { kind: "applicationResponse"; zip: Buffer }
  | { kind: "ticket"; ticket: string }
  | { kind: "status"; statusCode: string; content?: Buffer; statusMessage?: string }
  | { kind: "statusCdr"; statusCode: string; statusMessage: string; content?: Buffer }
  | { kind: "fault"; faultCode: string; faultString: string; code?: string };

/**
 * Interprets a SOAP response body. Throws SoapResponseError for anything that is not one of
 * the known answers — including the HTTP 200 with an empty body production sometimes sends.
 */
export function parseSoapResponse(xml: string): SoapResponse {
  if (xml.trim() === "") throw new SoapResponseError("Empty SOAP response");
  const doc = parseXml(xml);
  if (!doc) throw new SoapResponseError("SOAP response is not well-formed XML");
  const body = child(child(doc, "Envelope"), "Body");
  if (!body) throw new SoapResponseError("SOAP response has no Envelope/Body");
  const payload = firstElement(body);
  if (!payload) throw new SoapResponseError("SOAP response body is empty");

  switch (payload.name) {
    case "Fault":
      return parseFault(payload.node);
    case "sendBillResponse":
      return { kind: "applicationResponse", zip: requiredBase64(payload.node, "applicationResponse") };
    case "sendSummaryResponse":
    case "sendPackResponse":
      return { kind: "ticket", ticket: required(payload.node, "ticket") };
    case "getStatusResponse": {
      const status = child(payload.node, "status");
      const content = optionalBase64(status, "content");
      // billConsultService.getStatus answers with a statusMessage; billService.getStatus (ticket) does not.
      const statusMessage = text(status, "statusMessage");
      return {
        kind: "status",
        statusCode: required(status, "statusCode"),
        ...(content && { content }),
        ...(statusMessage !== undefined && { statusMessage }),
      };
    }
    case "getStatusCdrResponse": {
      const status = child(payload.node, "statusCdr");
      const content = optionalBase64(status, "content");
      return {
        kind: "statusCdr",
        statusCode: required(status, "statusCode"),
        statusMessage: text(status, "statusMessage") ?? "",
        ...(content && { content }),
      };
    }
    default:
      throw new SoapResponseError(`Unexpected SOAP response element ${payload.name}`);
  }
}

/**
 * SUNAT puts the return code in the faultcode (`soap-env:Client.0111`, `soap-env:Client.3277`)
 * or, for some server faults, sends `env:Server` with the number in the faultstring
 * ("0109" or "… error: INFO : 3277 (nodo: …)").
 */
export function extractFaultCode(faultCode: string, faultString: string): string | undefined {
  const fromCode = /\.(\d+)\s*$/.exec(faultCode)?.[1];
  if (fromCode) return fromCode;
  const s = faultString.trim();
  if (/^\d+$/.test(s)) return s;
  return /(?:^|\D)(\d{4})(?!\d)/.exec(s)?.[1];
}

function parseFault(node: XmlNode): SoapResponse {
  const faultCode = text(node, "faultcode") ?? "";
  // Some stacks put the human message only in detail/message.
  const faultString = text(node, "faultstring") || text(node, "detail", "message") || "";
  const code = extractFaultCode(faultCode, faultString);
  return { kind: "fault", faultCode, faultString, ...(code !== undefined && { code }) };
}

function required(node: XmlNode | undefined, name: string): string {
  const value = text(node, name);
  if (value === undefined || value === "") throw new SoapResponseError(`SOAP response lacks <${name}>`);
  return value;
}

function requiredBase64(node: XmlNode | undefined, name: string): Buffer {
  return decodeBase64(required(node, name), name);
}

function optionalBase64(node: XmlNode | undefined, name: string): Buffer | undefined {
  const value = text(node, name);
  return value ? decodeBase64(value, name) : undefined;
}

function decodeBase64(value: string, name: string): Buffer {
  const decoded = decodeBase64Strict(value);
  if (!decoded) throw new SoapResponseError(`<${name}> is not base64`);
  return decoded;
}
