import type { ComputedParty, Issuer } from "@einvoice/domain";
import { identityScheme, SUNAT, UNECE } from "./namespaces.js";
import { cac, cbc, type XmlNode } from "./xml-node.js";

const addCountry = (address: XmlNode, code: string): void => {
  cbc(cac(address, "Country"), "IdentificationCode", code, {
    listID: "ISO 3166-1",
    listAgencyName: UNECE,
    listName: "Country",
  });
};

/**
 * UBL `cac:Signature` (ERR 2076–2083): who signs and where the XMLDSig is. The URI points at the
 * `ds:Signature/@Id` the signer writes into `ext:ExtensionContent`; SignatoryParty is the issuer (ERR 2078).
 */
export const addSignatureBlock = (root: XmlNode, issuer: Issuer, signatureId: string): void => {
  const signature = cac(root, "Signature");
  cbc(signature, "ID", signatureId);
  const party = cac(signature, "SignatoryParty");
  cbc(cac(party, "PartyIdentification"), "ID", issuer.ruc);
  cbc(cac(party, "PartyName"), "Name", issuer.legal_name);
  const reference = cac(cac(signature, "DigitalSignatureAttachment"), "ExternalReference");
  cbc(reference, "URI", `#${signatureId}`);
};

/**
 * `cac:AccountingSupplierParty`: RUC with schemeID 6 (ERR 1007/1008), legal name, and the registered address
 * whose `AddressTypeCode` is the establishment code (ERR 3030; `0000` = main address). Address children follow
 * the UBL AddressType sequence: ID (ubigeo), AddressTypeCode, CityName, CountrySubentity, District, AddressLine,
 * Country.
 */
export const addSupplierParty = (root: XmlNode, issuer: Issuer): void => {
  const party = cac(cac(root, "AccountingSupplierParty"), "Party");
  cbc(cac(party, "PartyIdentification"), "ID", issuer.ruc, identityScheme("6"));
  if (issuer.trade_name) cbc(cac(party, "PartyName"), "Name", issuer.trade_name);
  const legal = cac(party, "PartyLegalEntity");
  cbc(legal, "RegistrationName", issuer.legal_name);
  const address = cac(legal, "RegistrationAddress");
  const a = issuer.address;
  if (a.ubigeo) cbc(address, "ID", a.ubigeo, { schemeName: "Ubigeos", schemeAgencyName: "PE:INEI" });
  cbc(address, "AddressTypeCode", a.establishment_code, {
    listAgencyName: SUNAT,
    listName: "Establecimientos anexos",
  });
  if (a.province) cbc(address, "CityName", a.province);
  if (a.department) cbc(address, "CountrySubentity", a.department);
  if (a.district) cbc(address, "District", a.district);
  if (a.line) cbc(cac(address, "AddressLine"), "Line", a.line);
  addCountry(address, a.country_code);
};

/** `cac:AccountingCustomerParty`: the buyer's catalog 06 document as schemeID (ERR 2015/2800). */
export const addCustomerParty = (root: XmlNode, customer: ComputedParty): void => {
  const party = cac(cac(root, "AccountingCustomerParty"), "Party");
  cbc(
    cac(party, "PartyIdentification"),
    "ID",
    customer.document_number,
    identityScheme(customer.document_type),
  );
  const legal = cac(party, "PartyLegalEntity");
  cbc(legal, "RegistrationName", customer.name);
  if (customer.address || customer.country_code) {
    const address = cac(legal, "RegistrationAddress");
    if (customer.address) cbc(cac(address, "AddressLine"), "Line", customer.address);
    if (customer.country_code) addCountry(address, customer.country_code);
  }
};
