import {
  ALLOWANCE_CHARGE,
  type AllowanceCharge,
  type ComputedPrepayment,
  type PrepaymentInput,
} from "@einvoice/domain";
import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";
import { type Dec, fmt2, fmtFactor, ONE, round2, round5, ZERO } from "./money.js";
import { parseDecimal } from "./parse-number.js";
import type { LineSums } from "./totals.js";

export interface ParsedPrepayment {
  param: string;
  /** Catalog 12: `02` factura, `03` boleta. */
  typeCode: "02" | "03";
  documentId: string;
  amount: Dec;
  taxAffectation?: string;
}

const SERIES: Record<"02" | "03", RegExp> = {
  "02": /^(F[A-Z0-9]{3}|E001|\d{1,4})$/, // ERR 2521
  "03": /^(B[A-Z0-9]{3}|EB01|\d{1,4})$/,
};

/** `document.type` is the cited document's type: `01`/`02` factura, `03` boleta. */
export function parsePrepayments(input: PrepaymentInput[], errors: Errors): ParsedPrepayment[] | undefined {
  const before = errors.count;
  const out: ParsedPrepayment[] = [];
  const seen = new Set<string>();
  input.forEach((p, i) => {
    const param = `prepayments.${i}`;
    const doc = p?.document;
    const typeCode = doc?.type === "01" || doc?.type === "02" ? "02" : doc?.type === "03" ? "03" : undefined;
    if (!typeCode)
      errors.add(
        `${param}.document.type`,
        TAX_ERRORS.invalid_document_type,
        "document.type: 01 (invoice) or 03 (receipt)",
      );
    if (typeCode && !SERIES[typeCode].test(doc?.series ?? "")) {
      errors.add(
        `${param}.document.series`,
        TAX_ERRORS.invalid_series,
        "the cited series does not match the document type",
      );
    }
    if (!Number.isInteger(doc?.number) || (doc?.number ?? 0) < 1 || (doc?.number ?? 0) > 99_999_999) {
      errors.add(
        `${param}.document.number`,
        TAX_ERRORS.invalid_number,
        "document.number: integer 1 to 99999999",
      );
    }
    const amount = parseDecimal(p?.amount, `${param}.amount`, { decimals: 2 }, errors); // ERR 2503: > 0
    const documentId = `${doc?.series}-${doc?.number}`;
    if (typeCode && seen.has(`${typeCode}${documentId}`)) {
      errors.add(
        `${param}.document`,
        TAX_ERRORS.duplicate_prepayment,
        "the same prepayment document is cited twice",
      );
    }
    seen.add(`${typeCode}${documentId}`);
    if (typeCode && amount) {
      const parsed: ParsedPrepayment = { param, typeCode, documentId, amount };
      if (p.tax_affectation !== undefined) parsed.taxAffectation = p.tax_affectation;
      out.push(parsed);
    }
  });
  return errors.count > before ? undefined : out;
}

export interface PrepaymentResult {
  entries: ComputedPrepayment[];
  allowances: AllowanceCharge[];
  p04: Dec;
  p05: Dec;
  p06: Dec;
  prepaid: Dec;
}

/**
 * Each prepayment (amount with taxes) becomes a global discount 04 (taxed/IVAP, value = amount / (1 + rate)),
 * 05 (exempt) or 06 (unaffected) and adds to `PrepaidAmount` (3287). The kind is needed only when the document
 * mixes taxed, exempt and unaffected operations.
 */
export function computePrepayments(
  list: ParsedPrepayment[],
  s: LineSums,
  d02: Dec,
  rates: { igv: Dec; ivap: Dec },
  payableBefore: Dec,
  currency: string,
  errors: Errors,
): PrepaymentResult {
  const result: PrepaymentResult = {
    entries: [],
    allowances: [],
    p04: ZERO,
    p05: ZERO,
    p06: ZERO,
    prepaid: ZERO,
  };
  const kinds: Record<string, { code: string; base: Dec; rate: Dec; used: Dec }> = {};
  if (s.hasTaxed)
    kinds["10"] = {
      code: ALLOWANCE_CHARGE.prepaymentTaxed,
      base: s.taxedExt.minus(d02),
      rate: rates.igv,
      used: ZERO,
    };
  if (s.hasIvap)
    kinds["17"] = {
      code: ALLOWANCE_CHARGE.prepaymentTaxed,
      base: s.ivapExt.minus(d02),
      rate: rates.ivap,
      used: ZERO,
    };
  if (s.hasExempt)
    kinds["20"] = { code: ALLOWANCE_CHARGE.prepaymentExempt, base: s.exemptExt, rate: ZERO, used: ZERO };
  if (s.hasUnaffected)
    kinds["30"] = {
      code: ALLOWANCE_CHARGE.prepaymentUnaffected,
      base: s.unaffectedExt,
      rate: ZERO,
      used: ZERO,
    };
  const present = Object.keys(kinds);
  const before = errors.count;

  list.forEach((p, i) => {
    const affectation = p.taxAffectation ?? (present.length === 1 ? present[0] : undefined);
    if (affectation === undefined) {
      const why =
        present.length === 0
          ? "the document has no onerous line to apply it to"
          : "the document mixes operation kinds";
      errors.add(
        `${p.param}.tax_affectation`,
        TAX_ERRORS.required,
        `tax_affectation (10, 17, 20 or 30) is required: ${why}`,
      );
      return;
    }
    const kind = kinds[affectation];
    if (!kind) {
      errors.add(
        `${p.param}.tax_affectation`,
        TAX_ERRORS.tax_affectation_not_in_document,
        "the document has no line of that kind",
      );
      return;
    }
    const value = round2(p.amount.dividedBy(ONE.plus(kind.rate)));
    kind.used = kind.used.plus(value);
    if (kind.used.greaterThan(kind.base)) {
      errors.add(
        `${p.param}.amount`,
        TAX_ERRORS.prepayment_exceeds_document,
        "prepayments exceed the document's value of that kind",
      );
      return;
    }
    if (kind.code === ALLOWANCE_CHARGE.prepaymentTaxed) result.p04 = result.p04.plus(value);
    else if (kind.code === ALLOWANCE_CHARGE.prepaymentExempt) result.p05 = result.p05.plus(value);
    else result.p06 = result.p06.plus(value);
    result.prepaid = result.prepaid.plus(p.amount);
    result.entries.push({
      index: i + 1,
      document_type_code: p.typeCode,
      document_id: p.documentId,
      amount: fmt2(p.amount),
      tax_affectation: affectation,
    });
    result.allowances.push({
      charge: false,
      reason_code: kind.code,
      factor: fmtFactor(kind.base.isZero() ? ZERO : round5(value.dividedBy(kind.base))),
      amount: fmt2(value),
      base: fmt2(kind.base),
      currency,
    });
  });
  if (errors.count === before && result.prepaid.greaterThan(payableBefore)) {
    errors.add("prepayments", TAX_ERRORS.prepayments_exceed_total, "prepayments exceed the document total");
  }
  return result;
}
