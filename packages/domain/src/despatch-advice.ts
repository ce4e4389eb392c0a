import type { FieldError } from "./compute.js";
import type { IsoDate } from "./money.js";

/** SUNAT catalog 01: `09` sender guide (guía de remisión remitente), `31` carrier guide (transportista). */
export type DespatchType = "09" | "31";

/** A party named on a guide: catalog 06 document type, its number and the name. */
export interface DespatchParty {
  document_type: string;
  document_number: string;
  name: string;
}

/** Where the goods leave from or arrive at. */
export interface DespatchPoint {
  /** INEI district code, 6 digits. */
  ubigeo: string;
  address: string;
  /** SUNAT establishment code (4 digits) when the point is a registered establishment. */
  establishment_code?: string;
  /** Derived: the RUC that registered the establishment (never requested). */
  establishment_ruc?: string;
}

export interface DespatchDriver {
  /** Derived from the position: the first driver is the main one. */
  role: "main" | "secondary";
  document_type: string;
  document_number: string;
  first_name: string;
  last_name: string;
  /** Driving licence number (brevete). */
  license: string;
}

export interface DespatchVehicle {
  /** Derived from the position: the first vehicle is the main one. */
  role: "main" | "secondary";
  /** Upper-case letters and digits, no hyphen. */
  plate: string;
  /**
   * The vehicle's Constancia de Inscripción Vehicular, Certificado de Habilitación Vehicular or TUC number
   * (`cac:ApplicableTransportMeans/cbc:RegistrationNationalityID`); without it a carrier guide draws OBS 4399.
   */
  certificate?: string;
}

/** Who pays the freight of a carrier guide (GRE `cbc:SpecialInstructions` indicator; without it OBS 4388). */
export type FreightPayer = "sender" | "subcontractor";

/** The contracted carrier of a sender guide with transport_mode 01. */
export interface DespatchCarrier {
  ruc: string;
  name: string;
  /** Its MTC registration number (`cac:PartyLegalEntity/cbc:CompanyID`); without it SUNAT observes 4391. */
  mtc_registration?: string;
}

/** A sale document the goods travel under, cited by its printed number. */
export interface DespatchRelatedDocument {
  /** Derived from the series letter: `01` invoice (F…), `03` receipt (B…). */
  type: "01" | "03";
  /** Printed number `SERIES-NUMBER`, e.g. `F001-123`. */
  number: string;
  /** Derived: the RUC of the company that issued it. */
  issuer_ruc: string;
  /** Derived: the catalog 01 (61) description of `type`. */
  description: string;
}

export interface DespatchItem {
  description: string;
  /** Decimal string. */
  quantity: string;
  /** UN/ECE rec 20 unit code; `NIU` by default. */
  unit_code: string;
}

/** A checked despatch advice with every derived field filled in: what numbering stores and the UBL builder reads. */
export interface DespatchAdvice {
  type: DespatchType;
  series: string;
  issue_date: IsoDate;
  note?: string;
  /** Who sends the goods; for a sender guide the issuer itself. */
  sender: DespatchParty;
  recipient: DespatchParty;
  supplier?: DespatchParty;
  buyer?: DespatchParty;
  /** Catalog 20; sender guide only. */
  reason_code?: string;
  reason_description?: string;
  /** Catalog 18: `01` contracted carrier, `02` own vehicle; sender guide only. */
  transport_mode?: "01" | "02";
  start_date?: IsoDate;
  /** When the goods are handed to the contracted carrier (ERR 3617 from 2026-06-01). */
  handover_date?: IsoDate;
  carrier?: DespatchCarrier;
  /** Carrier guide only: who pays the freight. */
  freight_payer?: FreightPayer;
  /** Decimal string, in `weight_unit`. */
  gross_weight: string;
  weight_unit: "KGM" | "TNE";
  packages?: number;
  origin: DespatchPoint;
  destination: DespatchPoint;
  vehicles: DespatchVehicle[];
  drivers: DespatchDriver[];
  related_documents: DespatchRelatedDocument[];
  items: DespatchItem[];
}

export interface DespatchContext {
  /** The issuing company: the sender of a sender guide, the carrier of a carrier guide. */
  issuer: { ruc: string; legal_name: string };
  /** Today in Lima. */
  today: IsoDate;
}

export type DespatchCheckResult = { ok: true; advice: DespatchAdvice } | { ok: false; errors: FieldError[] };
