import type { Decimal, IsoDate } from "./money.js";
import type { NoteDocumentType, NoteReason, NoteReference } from "./note.js";

/** `01` factura (invoice), `03` boleta (receipt). */
export type SaleDocumentType = "01" | "03";

/** Catalog 05 tax scheme ids used in `cac:TaxScheme/cbc:ID`. */
export type TaxSchemeId = "1000" | "1016" | "2000" | "7152" | "9995" | "9996" | "9997" | "9998" | "9999";

/**
 * What the tax engine returns: every amount SUNAT will check, already rounded, plus the codes the UBL builder
 * needs. The UBL builder only formats this; it never computes.
 */
export interface ComputedDocument {
  type: SaleDocumentType | NoteDocumentType;
  series: string;
  issue_date: IsoDate;
  currency: string;
  /** Catalog 51 (`0101` domestic sale, `0200` export, `1001` detraction, `2001` perception …). */
  operation_type: string;
  customer: ComputedParty;
  lines: ComputedLine[];
  /** Document-level `cac:AllowanceCharge` (catalog 53: 02, 03, 04–06 prepayments, 51–53 perception). */
  allowance_charges: AllowanceCharge[];
  /** Document `cac:TaxTotal/cac:TaxSubtotal`, one per scheme present. */
  tax_subtotals: TaxSubtotal[];
  /** Document `cac:TaxTotal/cbc:TaxAmount` = Σ 1000, 1016, 2000, 7152, 9999 (rule 3294). */
  tax_total: Decimal;
  /** `cac:LegalMonetaryTotal`. */
  monetary_total: MonetaryTotal;
  /** Catalog 52 legends (`cbc:Note/@languageLocaleID`). */
  legends: Legend[];
  payment_terms: PaymentTerms;
  detraction?: ComputedDetraction;
  perception?: ComputedPerception;
  prepayments: ComputedPrepayment[];
  /** The public `amounts` object of the Document resource. */
  amounts: DocumentAmounts;
  /** Notes (07, 08) only: the modified document. */
  reference?: NoteReference;
  /** Notes (07, 08) only: catalog 09/10 code and the reason in words. */
  reason?: NoteReason;
}

export interface ComputedParty {
  /** Catalog 06. */
  document_type: string;
  document_number: string;
  name: string;
  address?: string;
  country_code?: string;
}

export interface ComputedLine {
  /** 1-based `cac:InvoiceLine/cbc:ID`. */
  id: number;
  description: string;
  /** `cbc:InvoicedQuantity`, up to 10 decimals. */
  quantity: Decimal;
  /** UN/ECE rec 20 (`NIU`, `ZZ`, `KGM`, `BG` …). */
  unit_code: string;
  /** Catalog 07. */
  tax_affectation: string;
  free: boolean;
  /** `cac:Price/cbc:PriceAmount`: unit value without taxes, up to 10 decimals; `0` on free lines (rule 2640). */
  unit_value: Decimal;
  /** `cac:PricingReference`: catalog 16 `01` unit price with taxes, or `02` reference value of a free line. */
  reference_price: { type_code: "01" | "02"; amount: Decimal };
  /** `cbc:LineExtensionAmount` (rule 3271). */
  line_extension_amount: Decimal;
  /** Line `cac:AllowanceCharge` (catalog 53: 00, 01). */
  allowance_charges: AllowanceCharge[];
  /** Line `cac:TaxTotal/cac:TaxSubtotal` entries. */
  taxes: LineTax[];
  /** Line `cac:TaxTotal/cbc:TaxAmount` = Σ 1000, 1016, 2000, 7152, 9999 (rule 3292). */
  tax_total: Decimal;
}

export interface AllowanceCharge {
  /** `cbc:ChargeIndicator`: false = discount. */
  charge: boolean;
  /** Catalog 53. */
  reason_code: string;
  /** `cbc:MultiplierFactorNumeric` n(3,5). */
  factor?: Decimal;
  amount: Decimal;
  base: Decimal;
  /** Always PEN for perception; otherwise the document currency. */
  currency?: string;
}

export interface LineTax {
  scheme: TaxSchemeId;
  taxable_amount: Decimal;
  tax_amount: Decimal;
  /** `cac:TaxCategory/cbc:Percent` (e.g. `18.00`, `4.00`, ISC rate). */
  percent?: Decimal;
  /** `cbc:TaxExemptionReasonCode` (catalog 07) on IGV-type subtotals. */
  exemption_reason?: string;
  /** ISC system, catalog 08 (`01` ad valorem). */
  tier_range?: string;
  /** ICBPER: amount per bag and number of bags (`cbc:BaseUnitMeasure`). */
  per_unit_amount?: Decimal;
  base_unit_quantity?: Decimal;
}

export interface TaxSubtotal {
  scheme: TaxSchemeId;
  taxable_amount: Decimal;
  tax_amount: Decimal;
}

export interface MonetaryTotal {
  line_extension_amount: Decimal;
  tax_inclusive_amount: Decimal;
  allowance_total_amount: Decimal;
  charge_total_amount: Decimal;
  prepaid_amount: Decimal;
  payable_amount: Decimal;
}

export interface Legend {
  code: string;
  text: string;
}

export interface PaymentTerms {
  means: "Contado" | "Credito";
  /** Credit: net amount pending payment (total, or total − detraction). */
  pending_amount?: Decimal;
  /** `Cuota001`, `Cuota002` … */
  installments: { id: string; amount: Decimal; due_date: IsoDate }[];
}

export interface ComputedDetraction {
  code: string;
  percent: Decimal;
  account: string;
  /** Always PEN (rule 3208). */
  amount: Decimal;
  payment_method: string;
}

export interface ComputedPerception {
  code: string;
  /** `0.02`, `0.01`, `0.005`. */
  factor: Decimal;
  base: Decimal;
  amount: Decimal;
  /** Total with perception: what the buyer pays. */
  total_to_collect: Decimal;
}

export interface ComputedPrepayment {
  /** 1-based order, used as `cbc:DocumentStatusCode` and `cac:PrepaidPayment/cbc:ID`. */
  index: number;
  /** Catalog 12: `02` factura, `03` boleta. */
  document_type_code: string;
  /** Printed id, e.g. `F001-12`. */
  document_id: string;
  amount: Decimal;
  tax_affectation: string;
}

/**
 * The public `amounts` of a Document. Zero parts are still present as `"0.00"` so callers can reconcile without
 * special cases.
 */
export interface DocumentAmounts {
  taxed: Decimal;
  exempt: Decimal;
  unaffected: Decimal;
  export: Decimal;
  free: Decimal;
  igv: Decimal;
  ivap: Decimal;
  isc: Decimal;
  icbper: Decimal;
  /** Discounts that do not lower the base (`AllowanceTotalAmount`). */
  discounts: Decimal;
  prepaid: Decimal;
  /** The document total payable (equals the Document's `total`). */
  total: Decimal;
  perception?: Decimal;
  total_to_collect?: Decimal;
  /** In PEN. */
  detraction?: Decimal;
}
