import { ALLOWANCE_CHARGE, type AllowanceCharge, type ComputedLine, type LineTax } from "@einvoice/domain";
import type { BaseFromPrice } from "./base-from-price.js";
import type { LineKind } from "./catalogs.js";
import { allowance, discountAmount, discountField, type ParsedDiscount } from "./discounts.js";
import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";
import { type Dec, fmt2, fmtPlain, fmtUnit, HUNDRED, ONE, round2, round10, ZERO } from "./money.js";
import type { ParsedItem } from "./validate-items.js";

export interface LineRates {
  igv: Dec;
  ivap: Dec;
  /** Undefined before ICBPER existed (2019-08-01); reported by the document checks. */
  icbperPerBag: Dec | undefined;
  currency: string;
}

/** A computed line plus the raw figures the document totals need. */
export interface LineResult {
  line: ComputedLine;
  kind: LineKind;
  free: boolean;
  /** `cbc:LineExtensionAmount`. */
  ext: Dec;
  /** IGV/IVAP `TaxableAmount` of the line: ext + ISC (rule 4294). */
  taxBase: Dec;
  /** IGV (1000) or IVAP (1016) charged; 0 on other lines. */
  vat: Dec;
  /** IGV declared on a free 11–16 line (scheme 9996, not charged). */
  freeTax: Dec;
  isc: Dec;
  icbper: Dec;
  /** Line discount that does not affect the base (code 01). */
  discount01: Dec;
  taxTotal: Dec;
  /** The line was priced with taxes: its IGV/IVAP is what the amount paid leaves after the base. */
  taxIncluded: boolean;
}

const percentText = (rate: Dec): string => fmt2(rate.times(HUNDRED));

/** Computes one line; records discount errors under `items.N.discount.*` and returns undefined on error. */
export function computeLine(
  item: ParsedItem,
  rates: LineRates,
  errors: Errors,
  bases: BaseFromPrice,
): LineResult | undefined {
  const aff = item.affectation;
  const qty = item.quantity;
  const currency = rates.currency;
  const vatRate = aff.kind === "taxed" ? rates.igv : aff.kind === "ivap" ? rates.ivap : ZERO;
  const icbper = item.icbper && rates.icbperPerBag ? round2(rates.icbperPerBag.times(qty)) : ZERO; // 4318
  const icbperTax: LineTax[] = item.icbper
    ? [
        {
          scheme: "7152",
          taxable_amount: "0.00",
          tax_amount: fmt2(icbper),
          per_unit_amount: fmt2(rates.icbperPerBag ?? ZERO),
          base_unit_quantity: fmtPlain(qty),
        },
      ]
    : [];

  if (aff.free) {
    const value = item.unitPrice; // reference value without taxes (catalog 16 type 02)
    const ext = round2(value.times(qty)); // 3271: free line value = reference value × qty
    if (ext.isZero()) {
      errors.add(
        `${item.param}.unit_price`,
        TAX_ERRORS.line_amount_zero,
        "quantity × unit_price rounds to 0.00 (ERR 3105)",
      );
      return undefined;
    }
    const freeTax = aff.freeTaxed ? round2(ext.times(vatRate)) : ZERO; // 3111 (11–16 ≠ 0) / 3110 (21, 31–37 = 0)
    const line: ComputedLine = {
      id: item.index + 1,
      description: item.description,
      quantity: fmtPlain(qty),
      unit_code: item.unitCode,
      tax_affectation: aff.code,
      free: true,
      unit_value: "0.00", // 2640: PriceAmount of a free line is 0
      reference_price: { type_code: "02", amount: fmtUnit(value) },
      line_extension_amount: fmt2(ext),
      allowance_charges: [],
      taxes: [
        {
          scheme: "9996",
          taxable_amount: fmt2(ext),
          tax_amount: fmt2(freeTax),
          percent: percentText(vatRate),
          exemption_reason: aff.code,
        },
        ...icbperTax,
      ],
      tax_total: fmt2(icbper), // 3292: Σ 1000, 1016, 2000, 7152, 9999 (9996 is declared, not charged)
    };
    return {
      line,
      kind: aff.kind,
      free: true,
      ext,
      taxBase: ext,
      vat: ZERO,
      freeTax,
      isc: ZERO,
      icbper,
      discount01: ZERO,
      taxTotal: icbper,
      taxIncluded: false,
    };
  }

  const iscRate = item.iscPercent ? item.iscPercent.dividedBy(HUNDRED) : ZERO;
  // A price with taxes carries IGV/IVAP over (value + ISC): P = V × (1 + isc) × (1 + igv). ICBPER is per bag, apart.
  const divisor = ONE.plus(iscRate).times(ONE.plus(vatRate));
  const values = item.priceIncludesTax
    ? valuesFromPrice(item, divisor, iscRate, vatRate.isZero(), bases, errors)
    : valuesFromValue(item, iscRate, vatRate, errors);
  if (!values) return undefined;
  const { unitValue, gross, discount00, ext, isc, taxBase, vat } = values;
  const allowances: AllowanceCharge[] = [];
  const d = item.discount;
  // A discount with taxes worth less than half a cent of value leaves no 00 allowance (the amount paid fell anyway).
  if (d?.affectsBase && (!item.priceIncludesTax || discount00.greaterThan(ZERO)))
    allowances.push(allowance(ALLOWANCE_CHARGE.lineDiscountInBase, d, discount00, gross, currency));
  const taxTotal = vat.plus(isc).plus(icbper); // 3292

  let discount01 = ZERO;
  if (d && !d.affectsBase) {
    const base01 = ext.plus(taxTotal); // what the buyer pays for the line
    discount01 = discountAmount(d, base01);
    if (discount01.greaterThan(base01)) {
      errors.add(
        discountField(`${item.param}.discount`, d),
        TAX_ERRORS.discount_exceeds_amount,
        "the discount is larger than the line amount",
      );
      return undefined;
    }
    allowances.push(allowance(ALLOWANCE_CHARGE.lineDiscount, d, discount01, base01, currency));
  }

  const taxes: LineTax[] = [];
  if (item.iscPercent) {
    taxes.push({
      scheme: "2000",
      taxable_amount: fmt2(ext),
      tax_amount: fmt2(isc),
      percent: fmtUnit(item.iscPercent),
      tier_range: "01",
    });
  }
  taxes.push({
    scheme: aff.scheme,
    taxable_amount: fmt2(taxBase),
    tax_amount: fmt2(vat),
    percent: percentText(vatRate),
    exemption_reason: aff.code,
  });
  taxes.push(...icbperTax);

  // 4287: unit price with taxes = (value + line taxes − discounts 01) / qty.
  const unitPrice = round10(ext.plus(taxTotal).minus(discount01).dividedBy(qty));
  const line: ComputedLine = {
    id: item.index + 1,
    description: item.description,
    quantity: fmtPlain(qty),
    unit_code: item.unitCode,
    tax_affectation: aff.code,
    free: false,
    unit_value: fmtUnit(unitValue),
    reference_price: { type_code: "01", amount: fmtUnit(unitPrice) },
    line_extension_amount: fmt2(ext),
    allowance_charges: allowances,
    taxes,
    tax_total: fmt2(taxTotal),
  };
  return {
    line,
    kind: aff.kind,
    free: false,
    ext,
    taxBase,
    vat,
    freeTax: ZERO,
    isc,
    icbper,
    discount01,
    taxTotal,
    taxIncluded: item.priceIncludesTax,
  };
}

/** A line's value figures: `ext` is `cbc:LineExtensionAmount`, `taxBase` the IGV/IVAP `TaxableAmount`. */
interface LineValues {
  unitValue: Dec;
  /** Value before discounts 00 (the allowance's base). */
  gross: Dec;
  discount00: Dec;
  ext: Dec;
  isc: Dec;
  taxBase: Dec;
  vat: Dec;
}

const zeroLine = (item: ParsedItem, errors: Errors): undefined => {
  errors.add(
    `${item.param}.unit_price`,
    TAX_ERRORS.line_amount_zero,
    "quantity × unit_price rounds to 0.00 (ERR 3105)",
  );
  return undefined;
};

/** 3105: a line needs a taxable base > 0; a line given away is a free line (11–16, 21, 31–37). */
const discountTooLarge = (
  item: ParsedItem,
  d: ParsedDiscount,
  errors: Errors,
  message: string,
): undefined => {
  errors.add(discountField(`${item.param}.discount`, d), TAX_ERRORS.discount_exceeds_amount, message);
  return undefined;
};

/**
 * A price without taxes: value = round2(unit value × qty) − discount 00 (3271 / 4288); ISC on the value; IGV/IVAP
 * = round2(rate × (value + ISC)) (3103, 4294).
 */
function valuesFromValue(
  item: ParsedItem,
  iscRate: Dec,
  vatRate: Dec,
  errors: Errors,
): LineValues | undefined {
  const unitValue = item.unitPrice;
  const gross = round2(unitValue.times(item.quantity));
  const d = item.discount;
  let discount00 = ZERO;
  if (d?.affectsBase) {
    discount00 = discountAmount(d, gross);
    if (discount00.greaterThanOrEqualTo(gross))
      return discountTooLarge(
        item,
        d,
        errors,
        "an affects_base line discount must be less than the line value",
      );
  }
  const ext = gross.minus(discount00); // 3271: LineExtensionAmount = value × qty − discounts 00
  if (ext.isZero()) return zeroLine(item, errors);
  const isc = round2(ext.times(iscRate)); // ISC ad valorem (catalog 08 system 01) over the line value
  const taxBase = ext.plus(isc); // 4294: IGV/IVAP base = line value + ISC
  const vat = round2(taxBase.times(vatRate)); // 3103: line IGV/IVAP = rate × base; 3110: 0 for 20/30/40
  return { unitValue, gross, discount00, ext, isc, taxBase, vat };
}

/**
 * A price with taxes is what the customer pays: the line's amount = round2(price × qty) less the line's discount
 * read as a price (spec tax rule 3), rounded once. The value is derived from it (amount ÷ (1 + ISC) ÷ (1 + rate),
 * to the cent, see BaseFromPrice), ISC on the value, and the IGV/IVAP is what remains: value + ISC + IGV = the
 * amount, exactly. SUNAT checks the IGV against rate × base with ± 1 (3103, RV:Factura2_0 item 36; RV:Boleta2_0
 * item 35) and the value against unit value × qty − discounts 00 with ± 1 (3271 / 4288, item 38): both hold
 * within a few cents.
 */
function valuesFromPrice(
  item: ParsedItem,
  divisor: Dec,
  iscRate: Dec,
  vatless: boolean,
  bases: BaseFromPrice,
  errors: Errors,
): LineValues | undefined {
  const charged = round2(item.unitPrice.times(item.quantity));
  const d = item.discount;
  let discountWithTaxes = ZERO;
  if (d?.affectsBase) {
    discountWithTaxes = d.amount ?? round2(charged.times(d.percent ?? ZERO).dividedBy(HUNDRED));
    if (discountWithTaxes.greaterThan(charged))
      return discountTooLarge(item, d, errors, "the discount is larger than the line amount");
    if (discountWithTaxes.equals(charged))
      return discountTooLarge(
        item,
        d,
        errors,
        "an affects_base line discount must be less than the line value",
      );
  }
  const paid = charged.minus(discountWithTaxes);
  if (paid.isZero()) return zeroLine(item, errors);
  const ext = bases.next(item.affectation.kind, paid.dividedBy(divisor));
  if (ext.lessThanOrEqualTo(ZERO)) return zeroLine(item, errors);
  // The discount as a value, and the value before it, so that LineExtensionAmount = gross − discount 00 (3271).
  const discount00 = round2(discountWithTaxes.dividedBy(divisor));
  // ISC ad valorem over the line value; on a line without IGV/IVAP (exempt, unaffected) it is the rest of the amount.
  const isc = vatless ? paid.minus(ext) : round2(ext.times(iscRate));
  const taxBase = ext.plus(isc); // 4294
  // IGV/IVAP = amount − value − ISC, within 0.03 of rate × base (3103 allows ± 1); 0 on other lines (3110).
  const vat = paid.minus(taxBase);
  if (vat.isNegative() || isc.isNegative()) {
    errors.add(
      `${item.param}.unit_price`,
      TAX_ERRORS.line_amount_zero,
      "the amount with taxes is too small to carry its taxes (ERR 3105)",
    );
    return undefined;
  }
  return {
    unitValue: round10(item.unitPrice.dividedBy(divisor)),
    gross: ext.plus(discount00),
    discount00,
    ext,
    isc,
    taxBase,
    vat,
  };
}
