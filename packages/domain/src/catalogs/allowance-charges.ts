/**
 * SUNAT catalog 53, charges, discounts and other deductions (cargos, descuentos y otras deducciones), as the
 * workbook's Catálogos sheet lists them: SUNAT's name, the level it goes on (a line's or the document's
 * `cac:AllowanceCharge`), whether it is a charge (`cbc:ChargeIndicator` true) and, for discounts and charges,
 * whether it changes the IGV/IVAP base.
 */
export interface AllowanceChargeReason {
  /** SUNAT's description, verbatim. */
  name: string;
  /** The shorter form the PDF prints, when it has one. */
  short?: string;
  level: "item" | "global";
  kind: "discount" | "charge" | "prepayment" | "perception" | "retention" | "factor";
  /** `cbc:ChargeIndicator`: true for a charge or a perception, false for a discount or deduction. */
  charge: boolean;
  /** Discounts and charges: true when it lowers (raises) the IGV/IVAP base; undefined where the name says nothing. */
  affectsBase?: boolean;
}

type Entry = AllowanceChargeReason;
const discount = (name: string, level: Entry["level"], affectsBase: boolean): Entry => ({
  name,
  level,
  kind: "discount",
  charge: false,
  affectsBase,
});
const charge = (name: string, level: Entry["level"], affectsBase?: boolean): Entry => ({
  name,
  level,
  kind: "charge",
  charge: true,
  ...(affectsBase !== undefined && { affectsBase }),
});
const other = (
  name: string,
  level: Entry["level"],
  kind: Entry["kind"],
  isCharge: boolean,
  short?: string,
): Entry => ({
  name,
  level,
  kind,
  charge: isCharge,
  ...(short !== undefined && { short }),
});

export const ALLOWANCE_CHARGE_REASONS: Readonly<Record<string, AllowanceChargeReason>> = {
  "00": discount("Descuentos que afectan la base imponible del IGV/IVAP", "item", true),
  "01": discount("Descuentos que no afectan la base imponible del IGV/IVAP", "item", false),
  "02": discount("Descuentos globales que afectan la base imponible del IGV/IVAP", "global", true),
  "03": discount("Descuentos globales que no afectan la base imponible del IGV/IVAP", "global", false),
  "04": {
    name: "Descuentos globales por anticipos gravados que afectan la base imponible del IGV/IVAP",
    level: "global",
    kind: "prepayment",
    charge: false,
    affectsBase: true,
  },
  "05": other("Descuentos globales por anticipos exonerados", "global", "prepayment", false),
  "06": other("Descuentos globales por anticipos inafectos", "global", "prepayment", false),
  "07": other("Factor de compensación - Decreto de urgencia N. 010-2004", "item", "factor", false),
  "20": other("Anticipo de ISC", "global", "prepayment", false),
  "45": charge("FISE", "global"),
  "46": charge("Recargo al consumo y/o propinas", "global"),
  "47": charge("Cargos que afectan la base imponible del IGV/IVAP", "item", true),
  "48": charge("Cargos que no afectan la base imponible del IGV/IVAP", "item", false),
  "49": charge("Cargos globales que afectan la base imponible del IGV/IVAP", "global", true),
  "50": charge("Cargos globales que no afectan la base imponible del IGV/IVAP", "global", false),
  "51": other("Percepción venta interna", "global", "perception", true),
  "52": other("Percepción a la adquisición de combustible", "global", "perception", true),
  "53": other(
    "Percepción realizada al agente de percepción con tasa especial",
    "global",
    "perception",
    true,
    "Percepción al agente de percepción con tasa especial",
  ),
  "54": other("Factor de aportación - Decreto de urgencia N. 010-2004", "item", "factor", false),
  "61": other("Retención de renta por anticipos", "global", "retention", false),
  "62": other("Retención del IGV", "global", "retention", false),
  "63": other("Rentención de renta de segunda categoría", "global", "retention", false),
};

/** The catalog 53 codes the platform writes or SUNAT's rules read, by meaning. */
export const ALLOWANCE_CHARGE = {
  /** A line's discount that lowers its base (00). */
  lineDiscountInBase: "00",
  /** A line's discount that leaves its base (01). */
  lineDiscount: "01",
  /** The document's discount that lowers the IGV/IVAP base (02). */
  documentDiscountInBase: "02",
  /** The document's discount that lowers only the amount paid (03). */
  documentDiscount: "03",
  /** A prepayment deducted from taxed (IGV or IVAP) lines (04). */
  prepaymentTaxed: "04",
  /** A prepayment deducted from exempt lines (05). */
  prepaymentExempt: "05",
  /** A prepayment deducted from unaffected lines (06). */
  prepaymentUnaffected: "06",
  /** ISC paid in a prepayment (20). */
  iscPrepayment: "20",
  /** A line's charge that raises its base (47). */
  lineChargeInBase: "47",
  /** The document's charge that raises the IGV/IVAP base (49). */
  documentChargeInBase: "49",
  /** Income tax of the second category withheld (63): with 03, what ERR 3300 sums on an invoice. */
  secondCategoryRetention: "63",
} as const;

/** The perception regimes (51–53), the codes a perception's `cac:AllowanceCharge` carries. */
export const PERCEPTION_REGIMES: ReadonlySet<string> = new Set(
  Object.entries(ALLOWANCE_CHARGE_REASONS).flatMap(([code, r]) => (r.kind === "perception" ? [code] : [])),
);
