/**
 * SUNAT's RUC: two digits of taxpayer kind, eight of sequence and a modulo-11 check digit. A number failing
 * either part cannot be in SUNAT's register, which rejects the document with 1083 ("El numero de RUC del receptor
 * no existe", Factura2_0 / Boleta2_0 field 17) after our number is spent, so it is refused before numbering.
 */

/** Kinds of taxpayer: 10 natural person, 15/16/17 special natural persons and non-domiciled, 20 legal entity. */
export const RUC_PREFIXES: readonly string[] = ["10", "15", "16", "17", "20"];

/** Weights of the first ten digits in SUNAT's modulo-11 check. */
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The check digit of the first ten digits: 11 − (Σ digit × weight mod 11), where 10 → 0 and 11 → 1. */
export function rucCheckDigit(firstTen: string): number {
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(firstTen[i]) * (WEIGHTS[i] as number);
  const digit = 11 - (sum % 11);
  return digit === 10 ? 0 : digit === 11 ? 1 : digit;
}

/** Why a RUC cannot exist, or undefined when its shape, prefix and check digit hold. */
export function rucProblem(ruc: string): string | undefined {
  if (!/^\d{11}$/.test(ruc)) return "a RUC has 11 digits"; // ERR 2017
  if (!RUC_PREFIXES.includes(ruc.slice(0, 2)))
    return `a RUC starts with ${RUC_PREFIXES.join(", ")} (the kind of taxpayer), not ${ruc.slice(0, 2)}`;
  if (rucCheckDigit(ruc) !== Number(ruc[10]))
    return `${ruc} cannot exist: its last digit is SUNAT's check digit, which for these ten digits is ${rucCheckDigit(ruc)} (a typo?)`;
  return undefined;
}

export const isValidRuc = (ruc: string): boolean => rucProblem(ruc) === undefined;
