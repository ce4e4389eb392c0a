import { create } from "xmlbuilder2";
import { SoapRequestError } from "./errors.js";
import { messageFor } from "./response-codes.js";
import { SOAP_ENV_NS, SUNAT_SERVICE_NS } from "./soap-namespaces.js";
import { child, firstElement, parseXml, text } from "./xml-read.js";

/**
 * A billConsultService call as a server receives it. Both operations of that service (getStatus and
 * getStatusCdr) take the same four parameters (billConsultService.xsd); billService.getStatus, by contrast,
 * takes a ticket and is read by `parseSoapRequest`.
 */
export interface ConsultRequest {
  operation: "getStatus" | "getStatusCdr";
  username: string;
  password: string;
  ruc: string;
  type: string;
  series: string;
  /** As sent; the WSDL types it xsd:int, so callers should check it is numeric. */
  number: string;
}

/**
 * Reads a billConsultService request. Throws SoapRequestError: code 0101 for a missing WS-Security
 * UsernameToken, no code for XML that is not such a call (unknown operation, missing parameter).
 */
export function parseConsultRequest(xml: string): ConsultRequest {
  const doc = parseXml(xml);
  if (!doc) throw new SoapRequestError("Request is not well-formed XML");
  const envelope = child(doc, "Envelope");
  const call = firstElement(child(envelope, "Body"));
  if (!call) throw new SoapRequestError("Request has no SOAP Envelope/Body operation");
  const token = child(child(child(envelope, "Header"), "Security"), "UsernameToken");
  const username = text(token, "Username");
  const password = text(token, "Password");
  if (!username || password === undefined) throw new SoapRequestError(messageFor("0101"), "0101");
  if (call.name !== "getStatus" && call.name !== "getStatusCdr") {
    throw new SoapRequestError(`Unsupported operation ${call.name}`);
  }
  const ruc = text(call.node, "rucComprobante");
  const type = text(call.node, "tipoComprobante");
  const series = text(call.node, "serieComprobante");
  const number = text(call.node, "numeroComprobante");
  if (!ruc || !type || !series || !number) {
    throw new SoapRequestError(
      `${call.name} requires rucComprobante, tipoComprobante, serieComprobante and numeroComprobante`,
    );
  }
  return { operation: call.name, username, password, ruc, type, series, number };
}

export interface ConsultStatusInput {
  statusCode: string;
  statusMessage: string;
}

/** billConsultService.getStatus answer: `status{statusCode, statusMessage}`, never a CDR. */
export function buildConsultStatusResponse(input: ConsultStatusInput): string {
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("soap-env:Envelope", {
    "xmlns:soap-env": SOAP_ENV_NS,
  });
  root.ele("soap-env:Header");
  const status = root
    .ele("soap-env:Body")
    .ele("br:getStatusResponse", { "xmlns:br": SUNAT_SERVICE_NS })
    .ele("status");
  status.ele("statusCode").txt(input.statusCode);
  status.ele("statusMessage").txt(input.statusMessage);
  return root.end({ prettyPrint: false });
}
