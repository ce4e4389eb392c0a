/** XML namespaces of a SUNAT UBL 2.1 Invoice (sunat-facts §1). */
export const NS = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  creditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  debitNote: "urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
  ext: "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2",
  ds: "http://www.w3.org/2000/09/xmldsig#",
} as const;

/**
 * Code-list attributes. SUNAT only checks them when present (OBS 4251–4261), so every value here is the exact
 * string its rules expect; a wrong one would be an observation on every document.
 */
export const SUNAT = "PE:SUNAT";
export const UNECE = "United Nations Economic Commission for Europe";
export const catalogUri = (n: string): string => `urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo${n}`;

/** `cbc:ID@scheme*` of an identity document (catalog 06). */
export const identityScheme = (type: string): Record<string, string> => ({
  schemeID: type,
  schemeName: "Documento de Identidad",
  schemeAgencyName: SUNAT,
  schemeURI: catalogUri("06"),
});

/** `ds:Signature/@Id` and the `cac:Signature` URI fragment when the caller gives none (SUNAT's own sample). */
export const DEFAULT_SIGNATURE_ID = "SignatureSP";
