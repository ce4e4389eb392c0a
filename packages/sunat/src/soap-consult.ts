import { create } from "xmlbuilder2";
import { SoapRequestError } from "./errors.js";
import { readDocumentQuery, readSoapCall } from "./soap-call.js";
import { SOAP_ENV_NS, SUNAT_SERVICE_NS } from "./soap-namespaces.js";

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
  const call = readSoapCall(xml);
  if (call.name !== "getStatus" && call.name !== "getStatusCdr") {
    throw new SoapRequestError(`Unsupported operation ${call.name}`);
  }
  return {
    operation: call.name,
    username: call.username,
    password: call.password,
    ...readDocumentQuery(call),
  };
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
