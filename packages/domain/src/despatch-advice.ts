import type { FieldError } from "./compute.js";
import type { DespatchAdvice } from "./generated/despatch-advice.js";
import type { IsoDate } from "./money.js";

/** SUNAT catalog 01: `09` sender guide (guía de remisión remitente), `31` carrier guide (transportista). */
export type DespatchType = DespatchAdvice["type"];

/** Who pays the freight of a carrier guide (GRE `cbc:SpecialInstructions` indicator; without it OBS 4388). */
export type FreightPayer = NonNullable<DespatchAdvice["freight_payer"]>;

export interface DespatchContext {
  /** The issuing company: the sender of a sender guide, the carrier of a carrier guide. */
  issuer: { ruc: string; legal_name: string };
  /** Today in Lima. */
  today: IsoDate;
}

export type DespatchCheckResult = { ok: true; advice: DespatchAdvice } | { ok: false; errors: FieldError[] };
