import {
  type DespatchAdvice,
  type DespatchParty,
  type DespatchPoint,
  type Issuer,
  TRANSFER_REASONS,
} from "@einvoice/domain";
import { catalogUri, DEFAULT_SIGNATURE_ID, identityScheme, SUNAT, UNECE } from "../namespaces.js";
import { addSignatureBlock } from "../parties-builder.js";
import { cac, cbc, decimal, UblInputError, type XmlNode } from "../xml-node.js";
import { writeXmlDocument, type XmlDocumentFactory } from "../xml-writer.js";

/** Root namespace of SUNAT's GRE (09, 31): UBL 2.1 DespatchAdvice. */
export const DESPATCH_NS = "urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2";

export interface BuildDespatchInput {
  issuer: Issuer;
  advice: DespatchAdvice;
  /** Correlative, 1..99999999. */
  number: number;
  /** `cbc:IssueTime` `HH:MM:SS` (Lima); the GRE requires it (ERR 3437). */
  issueTime: string;
  signatureId?: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

const party = (parent: XmlNode, name: string, p: DespatchParty): void => {
  const node = cac(cac(parent, name), "Party");
  cbc(cac(node, "PartyIdentification"), "ID", p.document_number, identityScheme(p.document_type));
  cbc(cac(node, "PartyLegalEntity"), "RegistrationName", p.name);
};

/**
 * An address of the GRE 2022: ubigeo (ERR 2775), `AddressTypeCode` with `@listID` = the RUC that registered the
 * establishment when the point is one (ERR 3365/3369/3410), and the line (ERR 2574/2577). Children follow the UBL
 * AddressType sequence (ID, AddressTypeCode, …, AddressLine).
 */
const address = (parent: XmlNode, name: string, point: DespatchPoint): void => {
  const node = cac(parent, name);
  cbc(node, "ID", point.ubigeo, { schemeAgencyName: "PE:INEI", schemeName: "Ubigeos" });
  if (point.establishment_code && point.establishment_ruc)
    cbc(node, "AddressTypeCode", point.establishment_code, {
      listID: point.establishment_ruc,
      listAgencyName: SUNAT,
      listName: "Establecimientos anexos",
    });
  cbc(cac(node, "AddressLine"), "Line", point.address);
};

/**
 * When the goods are handed over for transport: the contracted carrier's handover date (mode 01), otherwise the
 * start of transport. SUNAT reads it from `cac:LoadingTransportEvent/cbc:OccurrenceDate`, required on every GRE
 * from 2026-06-01 (ERR 3617), and `cac:TransitPeriod/cbc:StartDate` (ERR 3406).
 */
export const handoverDate = (advice: DespatchAdvice): string => {
  const date = advice.transport_mode === "01" ? advice.handover_date : advice.start_date;
  if (!date) throw new UblInputError("start_date", "a guide needs its start or handover date");
  return date;
};

const addHeader = (root: XmlNode, input: BuildDespatchInput, signatureId: string): void => {
  const { advice } = input;
  root.ele("ext:UBLExtensions").ele("ext:UBLExtension").ele("ext:ExtensionContent");
  cbc(root, "UBLVersionID", "2.1"); // ERR 2111
  cbc(root, "CustomizationID", "2.0"); // ERR 2113: the GRE 2022 format
  cbc(root, "ID", `${advice.series}-${input.number}`);
  cbc(root, "IssueDate", advice.issue_date);
  cbc(root, "IssueTime", input.issueTime); // ERR 3437
  cbc(root, "DespatchAdviceTypeCode", advice.type, {
    listAgencyName: SUNAT,
    listName: "Tipo de Documento",
    listURI: catalogUri("01"),
  });
  if (advice.note) cbc(root, "Note", advice.note);
  for (const related of advice.related_documents) {
    const ref = cac(root, "AdditionalDocumentReference");
    cbc(ref, "ID", related.number);
    // GRE 2022 cites related documents with catalog 61.
    cbc(ref, "DocumentTypeCode", related.type, {
      listAgencyName: SUNAT,
      listName: "Documento relacionado al transporte",
      listURI: catalogUri("61"),
    });
    cbc(ref, "DocumentType", related.description);
    cbc(cac(cac(ref, "IssuerParty"), "PartyIdentification"), "ID", related.issuer_ruc, identityScheme("6"));
  }
  addSignatureBlock(root, input.issuer, signatureId);
};

const addParties = (root: XmlNode, input: BuildDespatchInput): void => {
  const { advice, issuer } = input;
  // The issuer: the sender of a 09 (ERR 2678/1037), the carrier of a 31.
  party(root, "DespatchSupplierParty", {
    document_type: "6",
    document_number: issuer.ruc,
    name: issuer.legal_name,
  });
  party(root, "DeliveryCustomerParty", advice.recipient); // ERR 2757/2759/2761
  if (advice.buyer) party(root, "BuyerCustomerParty", advice.buyer); // ERR 3331/3333/3339
  if (advice.supplier) party(root, "SellerSupplierParty", advice.supplier);
};

const addStage = (shipment: XmlNode, advice: DespatchAdvice): void => {
  const stage = cac(shipment, "ShipmentStage");
  if (advice.transport_mode)
    cbc(stage, "TransportModeCode", advice.transport_mode, {
      listAgencyName: SUNAT,
      listName: "Modalidad de traslado",
      listURI: catalogUri("18"),
    }); // ERR 2532
  const date = handoverDate(advice);
  cbc(cac(stage, "TransitPeriod"), "StartDate", date); // ERR 3406
  if (advice.carrier) {
    const carrier = cac(stage, "CarrierParty");
    cbc(cac(carrier, "PartyIdentification"), "ID", advice.carrier.ruc, { schemeID: "6" }); // ERR 2558
    const entity = cac(carrier, "PartyLegalEntity");
    cbc(entity, "RegistrationName", advice.carrier.name); // ERR 2561
    // The carrier's MTC registration number; without it SUNAT observes 4391.
    if (advice.carrier.mtc_registration) cbc(entity, "CompanyID", advice.carrier.mtc_registration);
  }
  cbc(cac(stage, "LoadingTransportEvent"), "OccurrenceDate", date); // ERR 3617 (from 2026-06-01)
  for (const driver of advice.drivers) {
    const person = cac(stage, "DriverPerson");
    cbc(person, "ID", driver.document_number, identityScheme(driver.document_type)); // ERR 2570
    cbc(person, "FirstName", driver.first_name); // ERR 3360
    cbc(person, "FamilyName", driver.last_name); // ERR 3361
    cbc(person, "JobTitle", driver.role === "main" ? "Principal" : "Secundario");
    cbc(cac(person, "IdentityDocumentReference"), "ID", driver.license); // ERR 2572
  }
};

const addShipment = (root: XmlNode, advice: DespatchAdvice): void => {
  const shipment = cac(root, "Shipment");
  cbc(shipment, "ID", "SUNAT_Envio");
  if (advice.reason_code) {
    cbc(shipment, "HandlingCode", advice.reason_code, {
      listAgencyName: SUNAT,
      listName: "Motivo de traslado",
      listURI: catalogUri("20"),
    }); // ERR 3404
    // ERR 3457: the reason in words; reason 13's own description.
    cbc(
      shipment,
      "HandlingInstructions",
      advice.reason_description ?? TRANSFER_REASONS[advice.reason_code] ?? "Otros",
    );
  }
  cbc(shipment, "GrossWeightMeasure", decimal(advice.gross_weight, "gross_weight"), {
    unitCode: advice.weight_unit,
  }); // ERR 2880/2881
  if (advice.packages !== undefined)
    cbc(shipment, "TotalTransportHandlingUnitQuantity", String(advice.packages));
  // Carrier guide: who pays the freight, as SUNAT's indicator (without it OBS 4388).
  if (advice.freight_payer)
    cbc(shipment, "SpecialInstructions", FREIGHT_PAYER_INDICATORS[advice.freight_payer]);
  addStage(shipment, advice);
  const delivery = cac(shipment, "Delivery");
  address(delivery, "DeliveryAddress", advice.destination);
  const despatch = cac(delivery, "Despatch");
  address(despatch, "DespatchAddress", advice.origin);
  // A carrier guide names the sender (ERR 3383/2541/3387).
  if (advice.type === "31") {
    const sender = cac(despatch, "DespatchParty");
    cbc(
      cac(sender, "PartyIdentification"),
      "ID",
      advice.sender.document_number,
      identityScheme(advice.sender.document_type),
    );
    cbc(cac(sender, "PartyLegalEntity"), "RegistrationName", advice.sender.name);
  }
  if (advice.vehicles.length > 0) {
    const [main, ...secondary] = advice.vehicles;
    const equipment = cac(cac(shipment, "TransportHandlingUnit"), "TransportEquipment");
    cbc(equipment, "ID", main?.plate ?? ""); // ERR 2566
    addCertificate(equipment, main?.certificate);
    for (const vehicle of secondary) {
      const attached = cac(equipment, "AttachedTransportEquipment");
      cbc(attached, "ID", vehicle.plate);
      addCertificate(attached, vehicle.certificate);
    }
  }
};

/**
 * The vehicle's Constancia de Inscripción / Certificado de Habilitación Vehicular / TUC number (without it a
 * carrier guide draws OBS 4399). `cac:ApplicableTransportMeans` follows the ID in the XSD's TransportEquipment
 * sequence and precedes `cac:AttachedTransportEquipment`.
 */
const addCertificate = (equipment: XmlNode, certificate: string | undefined): void => {
  if (certificate) cbc(cac(equipment, "ApplicableTransportMeans"), "RegistrationNationalityID", certificate);
};

/** SUNAT's freight-payer indicators of a carrier guide (`cac:Shipment/cbc:SpecialInstructions`). */
const FREIGHT_PAYER_INDICATORS: Readonly<Record<NonNullable<DespatchAdvice["freight_payer"]>, string>> = {
  sender: "SUNAT_Envio_IndicadorPagadorFlete_Remitente",
  subcontractor: "SUNAT_Envio_IndicadorPagadorFlete_Subcontratador",
};

/**
 * Renders a checked despatch advice as an unsigned UBL 2.1 `DespatchAdvice` in SUNAT's GRE 2022 format
 * (CustomizationID 2.0), UTF-8, no indentation, every block in the XSD's order, with an empty
 * `ext:ExtensionContent` for the signer. `document` is the XML writer (tests pass xmlbuilder2 as the reference).
 */
export const buildDespatchAdviceXml = (
  input: BuildDespatchInput,
  document: XmlDocumentFactory = writeXmlDocument,
): string => {
  const signatureId = input.signatureId ?? DEFAULT_SIGNATURE_ID;
  if (!Number.isInteger(input.number) || input.number < 1 || input.number > 99_999_999)
    throw new UblInputError("number", `expected an integer 1..99999999, got ${input.number}`);
  if (!TIME.test(input.issueTime))
    throw new UblInputError("issueTime", `expected HH:MM:SS, got ${JSON.stringify(input.issueTime)}`);
  if (input.advice.items.length === 0) throw new UblInputError("items", "a guide needs at least one item");
  const xml = document(DESPATCH_NS, "DespatchAdvice", {
    "xmlns:cac": "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
    "xmlns:cbc": "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
    "xmlns:ds": "http://www.w3.org/2000/09/xmldsig#",
    "xmlns:ext": "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2",
  });
  const root = xml.root;
  addHeader(root, input, signatureId);
  addParties(root, input);
  addShipment(root, input.advice);
  input.advice.items.forEach((item, i) => {
    const line = cac(root, "DespatchLine");
    cbc(line, "ID", String(i + 1));
    cbc(line, "DeliveredQuantity", decimal(item.quantity, `items.${i}.quantity`), {
      unitCode: item.unit_code,
      unitCodeListID: "UN/ECE rec 20",
      unitCodeListAgencyName: UNECE,
    }); // ERR 2883
    cbc(cac(line, "OrderLineReference"), "LineID", String(i + 1));
    cbc(cac(line, "Item"), "Description", item.description); // ERR 2781
  });
  return xml.end();
};
