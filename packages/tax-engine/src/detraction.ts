import type { ComputedDetraction, DetractionInput } from "@einvoice/domain";
import { DETRACTION_CODES, PAYMENT_METHODS } from "./catalogs.js";
import { TAX_ERRORS } from "./error-table.js";
import type { Errors } from "./errors.js";
import { type Dec, fmt2, fmtUnit, HUNDRED, ONE, round2 } from "./money.js";
import { parseDecimal } from "./parse-number.js";
import { hasInvalidXmlChar } from "./text.js";

/** Accepted gap between a PEN `amount` sent and percent × total (deposits are often rounded to whole soles). */
export const DETRACTION_TOLERANCE = ONE;

/**
 * Detraction (SPOT): invoices only, operation type 1001, legend 2006. Amount = percent × total, always PEN
 * (ERR 3208); the percent is not validated by SUNAT (`PaymentPercent`). When the invoice is not in PEN the
 * caller sends `amount` (no exchange rate is applied). Changes no total.
 */
export function computeDetraction(
  input: DetractionInput,
  currency: string,
  payable: Dec | undefined,
  errors: Errors,
): ComputedDetraction | undefined {
  const before = errors.count;
  const code = input.code;
  if (code === "004" || code === "027" || code === "028") {
    errors.add(
      "detraction.code",
      TAX_ERRORS.detraction_code_not_offered,
      "detraction codes 004, 027 and 028 are not offered",
    );
  } else if (!DETRACTION_CODES.has(code)) {
    errors.add("detraction.code", TAX_ERRORS.unknown_detraction_code, "detraction.code is not in catalog 54");
  }
  const percent = parseDecimal(input.percent, "detraction.percent", { decimals: 2, max: HUNDRED }, errors);
  if (typeof input.account !== "string" || input.account.trim() === "") {
    errors.add("detraction.account", TAX_ERRORS.required, "the Banco de la Nación account is required"); // ERR 3034
  } else if (hasInvalidXmlChar(input.account)) {
    errors.add(
      "detraction.account",
      TAX_ERRORS.invalid_characters,
      "detraction.account contains a control character XML cannot carry",
    );
  }
  const method = input.payment_method ?? "001";
  if (!PAYMENT_METHODS.has(method)) {
    errors.add(
      "detraction.payment_method",
      TAX_ERRORS.unknown_payment_method,
      "payment_method is not in catalog 59",
    );
  }
  let given: Dec | undefined;
  if (input.amount !== undefined && input.amount !== null) {
    given = parseDecimal(input.amount, "detraction.amount", { decimals: 2 }, errors);
  } else if (currency !== "PEN") {
    errors.add(
      "detraction.amount",
      TAX_ERRORS.required_when_not_pen,
      "detraction.amount (in PEN) is required when currency is not PEN",
    );
  }
  if (errors.count > before || !percent || payable === undefined) return undefined;

  let amount: Dec;
  if (currency === "PEN") {
    const computed = round2(payable.times(percent).dividedBy(HUNDRED));
    if (given?.minus(computed).abs().greaterThan(DETRACTION_TOLERANCE)) {
      errors.add(
        "detraction.amount",
        TAX_ERRORS.detraction_amount_mismatch,
        `detraction.amount should be ${fmt2(computed)} (percent × total)`,
      );
      return undefined;
    }
    amount = given ?? computed;
  } else {
    amount = given!;
  }
  return {
    code,
    percent: fmtUnit(percent),
    account: input.account.trim(),
    amount: fmt2(amount),
    payment_method: method,
  };
}
