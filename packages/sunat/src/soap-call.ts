import { SoapRequestError } from "./errors.js";
import { messageFor } from "./response-codes.js";
import type { XmlNode } from "./xml-node.js";
import { child, firstElement, parseXml, text } from "./xml-read.js";

/** The operation element of a SOAP request and its WS-Security UsernameToken. */
export interface SoapCall {
  name: string;
  node: XmlNode;
  username: string;
  password: string;
}

/**
 * Reads what every billService / billConsultService request shares: the Envelope/Body operation and the
 * UsernameToken. Throws SoapRequestError: 0101 for a missing token, no code for XML that is not a SOAP call.
 */
export function readSoapCall(xml: string): SoapCall {
  const doc = parseXml(xml);
  if (!doc) throw new SoapRequestError("Request is not well-formed XML");
  const envelope = child(doc, "Envelope");
  const body = child(envelope, "Body");
  if (!body) throw new SoapRequestError("Request has no SOAP Envelope/Body");
  const call = firstElement(body);
  if (!call) throw new SoapRequestError("SOAP Body is empty");
  const token = child(child(child(envelope, "Header"), "Security"), "UsernameToken");
  const username = text(token, "Username");
  const password = text(token, "Password");
  if (!username || password === undefined) throw new SoapRequestError(messageFor("0101"), "0101");
  return { name: call.name, node: call.node, username, password };
}

/** The four parameters of getStatusCdr (and of billConsultService.getStatus): the document's identity. */
export function readDocumentQuery(call: SoapCall): {
  ruc: string;
  type: string;
  series: string;
  number: string;
} {
  const ruc = text(call.node, "rucComprobante");
  const type = text(call.node, "tipoComprobante");
  const series = text(call.node, "serieComprobante");
  const number = text(call.node, "numeroComprobante");
  if (!ruc || !type || !series || !number) {
    throw new SoapRequestError(
      `${call.name} requires rucComprobante, tipoComprobante, serieComprobante and numeroComprobante`,
    );
  }
  return { ruc, type, series, number };
}
