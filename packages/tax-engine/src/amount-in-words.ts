import { D, type Dec, round2 } from "./money.js";

const UNITS = [
  "CERO",
  "UNO",
  "DOS",
  "TRES",
  "CUATRO",
  "CINCO",
  "SEIS",
  "SIETE",
  "OCHO",
  "NUEVE",
  "DIEZ",
  "ONCE",
  "DOCE",
  "TRECE",
  "CATORCE",
  "QUINCE",
  "DIECISÉIS",
  "DIECISIETE",
  "DIECIOCHO",
  "DIECINUEVE",
  "VEINTE",
  "VEINTIUNO",
  "VEINTIDÓS",
  "VEINTITRÉS",
  "VEINTICUATRO",
  "VEINTICINCO",
  "VEINTISÉIS",
  "VEINTISIETE",
  "VEINTIOCHO",
  "VEINTINUEVE",
];
const TENS = ["", "", "", "TREINTA", "CUARENTA", "CINCUENTA", "SESENTA", "SETENTA", "OCHENTA", "NOVENTA"];
const HUNDREDS = [
  "",
  "CIENTO",
  "DOSCIENTOS",
  "TRESCIENTOS",
  "CUATROCIENTOS",
  "QUINIENTOS",
  "SEISCIENTOS",
  "SETECIENTOS",
  "OCHOCIENTOS",
  "NOVECIENTOS",
];

/** 1–99. */
function tens(n: number): string {
  if (n < 30) return UNITS[n]!;
  const t = Math.floor(n / 10);
  const u = n % 10;
  return u === 0 ? TENS[t]! : `${TENS[t]} Y ${UNITS[u]}`;
}

/** 1–999. */
function hundreds(n: number): string {
  if (n === 100) return "CIEN";
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [h > 0 ? HUNDREDS[h]! : "", rest > 0 ? tens(rest) : ""];
  return parts.filter(Boolean).join(" ");
}

/** "UNO" → "UN", "VEINTIUNO" → "VEINTIÚN", "… Y UNO" → "… Y UN" before MIL / MILLÓN(ES). */
const apocope = (words: string): string =>
  words.replace(/VEINTIUNO$/, "VEINTIÚN").replace(/(^|\s)UNO$/, "$1UN");

/** 1–999 999. */
function thousands(n: number): string {
  const th = Math.floor(n / 1000);
  const rest = n % 1000;
  const head = th === 0 ? "" : th === 1 ? "MIL" : `${apocope(hundreds(th))} MIL`;
  return [head, rest > 0 ? hundreds(rest) : ""].filter(Boolean).join(" ");
}

/** Spanish cardinal of a whole number 0 ≤ n < 10^12, upper case (`21000` → "VEINTIÚN MIL"). */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`out of range: ${n}`);
  if (n === 0) return "CERO";
  const millions = Math.floor(n / 1e6);
  const rest = n % 1e6;
  const head =
    millions === 0 ? "" : millions === 1 ? "UN MILLÓN" : `${apocope(thousands(millions))} MILLONES`;
  return [head, rest > 0 ? thousands(rest) : ""].filter(Boolean).join(" ");
}

const CURRENCY_NAMES: Readonly<Record<string, string>> = {
  PEN: "SOLES",
  USD: "DÓLARES AMERICANOS",
};

/** Legend 1000: `118.00 PEN` → "CIENTO DIECIOCHO CON 00/100 SOLES". */
export function amountInWords(amount: Dec | string, currency: string): string {
  const value = round2(new D(amount));
  const whole = value.truncated();
  const cents = value.minus(whole).times(100).toFixed(0).padStart(2, "0");
  const name = CURRENCY_NAMES[currency] ?? currency;
  return `${integerInWords(whole.toNumber())} CON ${cents}/100 ${name}`;
}
