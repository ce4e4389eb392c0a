/**
 * Printed names for SUNAT's codes (Anexo 8 catalogs 01, 06, 07, 51, 53, 54, 59). A code without a name here is
 * printed as the code itself, so a new catalog entry never breaks a PDF.
 */

import {
  ALLOWANCE_CHARGE_REASONS,
  DETRACTION_GOODS,
  IGV_AFFECTATIONS,
  PERCEPTION_REGIMES,
} from "@einvoice/domain";

/** Catalog 01, as the title of the printed representation. */
export const DOCUMENT_TITLES: Readonly<Record<string, string>> = {
  "01": "FACTURA ELECTRÓNICA",
  "03": "BOLETA DE VENTA ELECTRÓNICA",
  "07": "NOTA DE CRÉDITO ELECTRÓNICA",
  "08": "NOTA DE DÉBITO ELECTRÓNICA",
};

/** Catalog 06, short forms that fit beside a number. */
const IDENTITY_LABELS: Readonly<Record<string, string>> = {
  "0": "Doc. trib. no dom.",
  "1": "DNI",
  "4": "Carné de extranjería",
  "6": "RUC",
  "7": "Pasaporte",
  A: "Céd. diplomática",
  B: "Doc. ident. país residencia",
  C: "TIN",
  D: "IN",
  E: "TAM",
  F: "PTP",
  G: "Salvoconducto",
  H: "CPP",
};

/** Catalog 51. */
const OPERATION_LABELS: Readonly<Record<string, string>> = {
  "0101": "Venta interna",
  "0200": "Exportación de bienes",
  "0201": "Exportación de servicios",
  "1001": "Operación sujeta a detracción",
  "2001": "Operación sujeta a percepción",
};

/** Catalog 59, the common ones; the rest print as their code. */
const PAYMENT_METHOD_LABELS: Readonly<Record<string, string>> = {
  "001": "Depósito en cuenta",
  "002": "Giro",
  "003": "Transferencia de fondos",
  "004": "Orden de pago",
  "005": "Tarjeta de débito",
  "006": "Tarjeta de crédito",
  "009": "Efectivo",
  "999": "Otros medios de pago",
};

const CURRENCIES: Readonly<Record<string, { name: string; symbol: string }>> = {
  PEN: { name: "SOLES", symbol: "S/" },
  USD: { name: "DÓLARES AMERICANOS", symbol: "US$" },
  EUR: { name: "EUROS", symbol: "€" },
};

const withCode = (labels: Readonly<Record<string, string>>, code: string): string => {
  const label = labels[code];
  return label ? `${code} – ${label}` : code;
};

export const identityLabel = (code: string): string => IDENTITY_LABELS[code] ?? `Doc. (${code})`;
/** Catalog 07 in short: what kind of operation a line is. `10` (taxed, onerous) is the default and not shown. */
export const affectationLabel = (code: string): string =>
  IGV_AFFECTATIONS[code]?.short ?? `Afectación ${code}`;
export const operationLabel = (code: string): string => withCode(OPERATION_LABELS, code);
export const detractionLabel = (code: string): string => withCode(DETRACTION_GOODS, code);
export const paymentMethodLabel = (code: string): string => withCode(PAYMENT_METHOD_LABELS, code);
/** Catalog 53's perception regimes (51–53). */
export const perceptionLabel = (code: string): string => {
  const regime = PERCEPTION_REGIMES.has(code) ? ALLOWANCE_CHARGE_REASONS[code] : undefined;
  return regime ? `${code} – ${regime.short ?? regime.name}` : code;
};
export const currencyName = (code: string): string => CURRENCIES[code]?.name ?? code;
export const currencySymbol = (code: string): string => CURRENCIES[code]?.symbol ?? code;
