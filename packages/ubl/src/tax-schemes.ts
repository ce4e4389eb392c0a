import type { TaxSchemeId } from "@einvoice/domain";

export interface TaxSchemeInfo {
  /** `cac:TaxScheme/cbc:Name` (catalog 05; ERR 3051 when it does not match the id). */
  name: string;
  /** `cac:TaxScheme/cbc:TaxTypeCode`, the UN/ECE 5153 code (ERR 2377). */
  typeCode: string;
  /** `cac:TaxCategory/cbc:ID`, UN/ECE 5305; ICBPER carries none (it is a per-unit amount, not a rate). */
  category?: string;
}

/** Catalog 05 as printed in `cac:TaxCategory`. */
export const TAX_SCHEMES: Record<TaxSchemeId, TaxSchemeInfo> = {
  "1000": { name: "IGV", typeCode: "VAT", category: "S" },
  "1016": { name: "IVAP", typeCode: "VAT", category: "S" },
  "2000": { name: "ISC", typeCode: "EXC", category: "S" },
  "7152": { name: "ICBPER", typeCode: "OTH" },
  "9995": { name: "EXP", typeCode: "FRE", category: "G" },
  "9996": { name: "GRA", typeCode: "FRE", category: "Z" },
  "9997": { name: "EXO", typeCode: "VAT", category: "E" },
  "9998": { name: "INA", typeCode: "FRE", category: "O" },
  "9999": { name: "OTROS", typeCode: "OTH", category: "S" },
};

export const ICBPER: TaxSchemeId = "7152";
