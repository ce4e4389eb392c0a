/** UBL 2.x namespaces used by SUNAT's CDR (ApplicationResponse). */
export const APPLICATION_RESPONSE_NS = "urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2";
export const CAC_NS = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";
export const CBC_NS = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";
export const EXT_NS = "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2";
export const DS_NS = "http://www.w3.org/2000/09/xmldsig#";

/** RUC of SUNAT itself: SenderParty and SignatoryParty of every production CDR. */
export const SUNAT_RUC = "20131312955";
