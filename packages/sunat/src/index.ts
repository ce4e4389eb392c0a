export { buildCdrXml, type CdrInput } from "./cdr-build.js";
export { APPLICATION_RESPONSE_NS, SUNAT_RUC } from "./cdr-namespaces.js";
export { type Cdr, type CdrNote, parseCdr, parseNote, readCdrZip } from "./cdr-read.js";
export {
  CdrFormatError,
  SoapRequestError,
  SoapResponseError,
  SunatCodecError,
  ZipFormatError,
} from "./errors.js";
export {
  classifyResponseCode,
  isTransientException,
  messageFor,
  messages,
  type ResponseClass,
} from "./response-codes.js";
export {
  buildConsultGetStatusEnvelope,
  buildGetStatusCdrEnvelope,
  buildGetStatusEnvelope,
  buildSendBillEnvelope,
  buildSendSummaryEnvelope,
  type GetStatusCdrInput,
  type GetStatusInput,
  type SendFileInput,
  type SoapCredentials,
} from "./soap-client.js";
export {
  buildConsultStatusResponse,
  type ConsultRequest,
  type ConsultStatusInput,
  parseConsultRequest,
} from "./soap-consult.js";
export { SOAP_ENV_NS, SUNAT_SERVICE_NS, WSSE_NS } from "./soap-namespaces.js";
export { extractFaultCode, parseSoapResponse, type SoapResponse } from "./soap-response.js";
export {
  buildGetStatusCdrResponse,
  buildGetStatusResponse,
  buildSendBillResponse,
  buildSendSummaryResponse,
  buildSoapFault,
  parseSoapRequest,
  type SoapOperation,
  type SoapRequest,
  type StatusCdrResponseInput,
  type StatusResponseInput,
} from "./soap-server.js";
export type { XmlNode } from "./xml-node.js";
export {
  attr,
  child,
  children,
  decodeXml,
  parseXml,
  parseXmlWithoutExtensions,
  text,
  xmlSyntaxError,
} from "./xml-read.js";
export { baseName, FAST_DEFLATE, unzipEntries, type ZipEntry, zipDocument } from "./zip.js";
