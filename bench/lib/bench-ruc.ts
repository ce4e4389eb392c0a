import { rucCheckDigit } from "@einvoice/tax-engine";

/** The n-th bench company's RUC (n 1–9999): prefix 20 and SUNAT's check digit, so it is one that can exist. */
export function benchRuc(n: number): string {
  const head = `206000${String(n).padStart(4, "0")}`;
  return `${head}${rucCheckDigit(head)}`;
}
