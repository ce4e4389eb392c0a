/**
 * The same arithmetic check answers with a different code on a factura and on a boleta.
 * Facturas: ERROR (rejection) since RV:Control_de_Cambios 2021-04-06 moved OBS-4309/4310/4307/
 * 4288/4290/4293… to ERR-3278/3279/3300/3271/3291/3292 from 2021-09-01. Boletas keep the
 * OBSERV codes (RV:Boleta2_0). Rules that are ERROR on both carry the same code twice.
 */
export type RuleId =
  | "freeLinePrice"
  | "lineValue"
  | "lineIgv"
  | "lineTributeMissing"
  | "lineIgvMustBeZero"
  | "lineIgvMustNotBeZero"
  | "lineTaxTotal"
  | "globalTaxableIgv"
  | "globalIgv"
  | "globalTaxTotal"
  | "icbperTotal"
  | "lineExtensionTotal"
  | "taxInclusiveTotal"
  | "payableTotal"
  | "notePayableTotal"
  | "allowanceTotal"
  | "customerName"
  | "igvRate"
  | "customerRuc"
  | "customerDni";

export type InvoiceKind = "factura" | "boleta";

const CODES: Record<RuleId, Record<InvoiceKind, string>> = {
  // RegistrationName: up to 1500 characters, no whitespace but the space (ERR 2022, both sheets).
  customerName: { factura: "2022", boleta: "2022" },
  // Receptor RUC not in SUNAT's register (ERR 1083, both sheets); DNI not 8 digits (ERR 2801 / OBS 4207).
  customerRuc: { factura: "1083", boleta: "1083" },
  customerDni: { factura: "2801", boleta: "4207" },
  freeLinePrice: { factura: "2640", boleta: "2640" },
  lineValue: { factura: "3271", boleta: "4288" },
  lineIgv: { factura: "3103", boleta: "3103" },
  lineTributeMissing: { factura: "3105", boleta: "3105" },
  lineIgvMustBeZero: { factura: "3110", boleta: "3110" },
  lineIgvMustNotBeZero: { factura: "3111", boleta: "3111" },
  lineTaxTotal: { factura: "3292", boleta: "4293" },
  globalTaxableIgv: { factura: "3277", boleta: "4299" },
  globalIgv: { factura: "3291", boleta: "4290" },
  globalTaxTotal: { factura: "3294", boleta: "4301" },
  icbperTotal: { factura: "3306", boleta: "4321" },
  lineExtensionTotal: { factura: "3278", boleta: "4309" },
  taxInclusiveTotal: { factura: "3279", boleta: "4310" },
  payableTotal: { factura: "3280", boleta: "4312" },
  // The note sheets' own sum for the same codes (NotaCredito2_0 field 48, NotaDebito2_0 field 46).
  notePayableTotal: { factura: "3280", boleta: "4312" },
  allowanceTotal: { factura: "3300", boleta: "4307" },
  // One IGV rate per document, and a rate in force (ERROR on both sheets).
  igvRate: { factura: "3462", boleta: "3462" },
};

export function ruleCode(rule: RuleId, kind: InvoiceKind): string {
  return CODES[rule][kind];
}
