import { RECIPIENT_DIFFERS_REASONS, SAME_COMPANY_REASON } from "@einvoice/domain";
import { child, children, parseXml, text, type XmlNode } from "@einvoice/sunat";
import { issueFor, type RuleIssue } from "./rule-issue.js";

/** From this issue date SUNAT requires the handover date `LoadingTransportEvent/OccurrenceDate` (ERR 3617). */
export const HANDOVER_ELEMENT_FROM = "2026-06-01";

/**
 * The GRE 2022 business rules the simulator applies to a received DespatchAdvice (sunat-facts §7; SUNAT's GRE XSL
 * is not in the conformance data, so codes of rules §7 does not list are SUNAT codes chosen by meaning, as for the
 * rest of the simulator): reason and mode of a sender guide, the start date, the 2026 handover element, vehicles
 * and drivers where the transport needs them, ubigeos, and the roles by reason. `parsed`: the same XML already
 * parsed by the envelope checks, so it is not parsed again.
 */
export function despatchRules(xml: string, parsed?: XmlNode): RuleIssue[] {
  const doc = parsed ?? parseXml(xml);
  const root = child(doc, "DespatchAdvice");
  // The rules are the 2022 format's (CustomizationID 2.0); retired 1.0 samples are judged on XSD and signature only.
  if (!root || text(root, "CustomizationID") !== "2.0") return [];
  const issues: RuleIssue[] = [];
  const type = text(root, "DespatchAdviceTypeCode") ?? "";
  const issueDate = text(root, "IssueDate") ?? "";
  const shipment = child(root, "Shipment");
  const stage = child(shipment, "ShipmentStage");
  const reason = text(shipment, "HandlingCode");
  const mode = text(stage, "TransportModeCode");

  if (type === "09") {
    if (!reason) issues.push(issueFor("3404", "cac:Shipment/cbc:HandlingCode"));
    else if (reason === "13" && !text(shipment, "HandlingInstructions"))
      issues.push(issueFor("3457", "cac:Shipment/cbc:HandlingInstructions"));
    if (mode !== "01" && mode !== "02")
      issues.push(issueFor("2532", "cac:ShipmentStage/cbc:TransportModeCode"));
  }
  const startDate = text(stage, "TransitPeriod", "StartDate");
  if (!startDate) issues.push(issueFor("3406", "cac:TransitPeriod/cbc:StartDate"));
  else if (startDate < issueDate)
    issues.push(
      issueFor("3406", `cac:TransitPeriod/cbc:StartDate anterior a la fecha de emisión (${startDate})`),
    );
  if (issueDate >= HANDOVER_ELEMENT_FROM && !text(stage, "LoadingTransportEvent", "OccurrenceDate"))
    issues.push(issueFor("3617", "cac:LoadingTransportEvent/cbc:OccurrenceDate"));

  if (mode === "01" && !text(stage, "CarrierParty", "PartyIdentification", "ID"))
    issues.push(issueFor("2558", "cac:CarrierParty/cac:PartyIdentification/cbc:ID"));
  // OBS 4391: a contracted carrier without its MTC registration number (PartyLegalEntity/CompanyID).
  else if (mode === "01" && !text(stage, "CarrierParty", "PartyLegalEntity", "CompanyID"))
    issues.push(issueFor("4391", "cac:CarrierParty/cac:PartyLegalEntity/cbc:CompanyID"));
  if (type === "31") checkCarrierGuideObservations(shipment, issues);
  if (mode === "02" || type === "31") checkVehiclesAndDrivers(shipment, stage, issues);

  const delivery = child(shipment, "Delivery");
  for (const [name, address] of [
    ["DeliveryAddress", child(delivery, "DeliveryAddress")],
    ["DespatchAddress", child(child(delivery, "Despatch"), "DespatchAddress")],
  ] as const) {
    if (!/^\d{6}$/.test(text(address, "ID") ?? "")) issues.push(issueFor("2775", `cac:${name}/cbc:ID`));
  }

  if (type === "09" && reason) checkRoles(root, reason, issues);
  return issues;
}

function checkVehiclesAndDrivers(
  shipment: XmlNode | undefined,
  stage: XmlNode | undefined,
  issues: RuleIssue[],
) {
  const equipment = child(child(shipment, "TransportHandlingUnit"), "TransportEquipment");
  const plates = [
    text(equipment, "ID"),
    ...children(equipment, "AttachedTransportEquipment").map((e) => text(e, "ID")),
  ];
  if (!plates[0]) issues.push(issueFor("2566", "cac:TransportEquipment/cbc:ID"));
  for (const plate of plates)
    if (plate !== undefined && !/^[A-Z0-9]{6,8}$/.test(plate))
      issues.push(issueFor("2566", `placa ${plate}`));
  const drivers = children(stage, "DriverPerson");
  if (drivers.length === 0) issues.push(issueFor("2570", "cac:DriverPerson"));
  drivers.forEach((driver, i) => {
    if (!text(driver, "ID")) issues.push(issueFor("2570", `cac:DriverPerson ${i + 1}`));
    if (!text(driver, "IdentityDocumentReference", "ID"))
      issues.push(issueFor("2572", `cac:DriverPerson ${i + 1}`));
  });
}

/** The freight payer's indicator on a carrier guide (`cbc:SpecialInstructions`). */
const FREIGHT_PAYER_INDICATOR = /^SUNAT_Envio_IndicadorPagadorFlete_(Remitente|Subcontratador|Tercero)$/;

/**
 * What a carrier guide is accepted without but observed for: the main vehicle's Constancia de Inscripción /
 * Certificado de Habilitación Vehicular / TUC (OBS 4399) and the freight payer's indicator (OBS 4388).
 */
function checkCarrierGuideObservations(shipment: XmlNode | undefined, issues: RuleIssue[]) {
  const equipment = child(child(shipment, "TransportHandlingUnit"), "TransportEquipment");
  if (equipment && !text(equipment, "ApplicableTransportMeans", "RegistrationNationalityID"))
    issues.push(issueFor("4399", "cac:ApplicableTransportMeans/cbc:RegistrationNationalityID"));
  const instructions = children(shipment, "SpecialInstructions").map((node) => text(node) ?? "");
  if (!instructions.some((value) => FREIGHT_PAYER_INDICATOR.test(value)))
    issues.push(issueFor("4388", "cbc:SpecialInstructions"));
}

/** Roles by reason: the recipient differs from the sender for 01/05/06 and is the sender for 04. */
function checkRoles(root: XmlNode, reason: string, issues: RuleIssue[]) {
  const sender = text(root, "DespatchSupplierParty", "Party", "PartyIdentification", "ID");
  const recipient = text(root, "DeliveryCustomerParty", "Party", "PartyIdentification", "ID");
  if (RECIPIENT_DIFFERS_REASONS.has(reason) && sender === recipient)
    issues.push(issueFor("2757", `motivo ${reason}: el destinatario no puede ser el remitente`));
  if (reason === SAME_COMPANY_REASON && sender !== recipient)
    issues.push(issueFor("2757", "motivo 04: el destinatario debe ser el remitente"));
}
