/** Namespaces of SUNAT's billService / billConsultService (see the WSDLs) and WS-Security. */
export const SOAP_ENV_NS = "http://schemas.xmlsoap.org/soap/envelope/";
export const SUNAT_SERVICE_NS = "http://service.sunat.gob.pe";
export const WSSE_NS = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";
export const WSU_NS = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";
export const PASSWORD_TEXT =
  "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText";
