import {
  RECIPIENT_DIFFERS_REASONS,
  REFUSED_TRANSFER_REASONS,
  SAME_COMPANY_REASON,
  TRANSFER_REASONS,
} from "@einvoice/domain";

/** Catalog 20 reasons offered (spec: 08 import, 09 export and 19 are not), and those refused. */
export const REASONS = TRANSFER_REASONS;
export const REFUSED_REASONS = REFUSED_TRANSFER_REASONS;

/** Spec rule 8: the recipient is someone other than the sender. */
export const RECIPIENT_DIFFERS = RECIPIENT_DIFFERS_REASONS;
/** Spec rule 8: the recipient is the sender itself, establishments on both ends. */
export const RECIPIENT_SAME = SAME_COMPANY_REASON;
/** Spec rule 8: `supplier` goes with these reasons (required with 02 and 07, optional with 13). */
export const SUPPLIER_REASONS: ReadonlySet<string> = new Set(["02", "07", "13"]);
export const SUPPLIER_REQUIRED: ReadonlySet<string> = new Set(["02", "07"]);
/** Spec rule 8: `buyer` goes with these reasons (required with 03, optional with 13). */
export const BUYER_REASONS: ReadonlySet<string> = new Set(["03", "13"]);
export const BUYER_REQUIRED: ReadonlySet<string> = new Set(["03"]);
/** Reason 13 needs a description (spec rule; SUNAT ERR 3457 reads it from `cbc:HandlingInstructions`). */
export const REASON_NEEDS_DESCRIPTION = "13";

/** Catalog 01 (GRE 2022: catalog 61) descriptions of the sale documents a guide may cite. */
export const RELATED_TYPES = {
  F: { type: "01", description: "Factura" },
  B: { type: "03", description: "Boleta de Venta" },
} as const;

/** Spec limits: one main vehicle/driver plus up to two secondary. */
export const MAX_VEHICLES = 3;
export const MAX_DRIVERS = 3;
/** `cac:DespatchLine/cbc:ID` is `n..4`. */
export const MAX_DESPATCH_LINES = 9999;
