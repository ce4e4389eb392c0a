/**
 * Printed names for SUNAT's codes (Anexo 8 catalogs 01, 06, 07, 51, 53, 54, 59). A code without a name here is
 * printed as the code itself, so a new catalog entry never breaks a PDF.
 */

import { DETRACTION_GOODS } from "@einvoice/domain";

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

/** Catalog 07 in short: what kind of operation a line is. `10` (taxed, onerous) is the default and not shown. */
const AFFECTATION_LABELS: Readonly<Record<string, string>> = {
  "10": "Gravado",
  "11": "Gravado – retiro por premio",
  "12": "Gravado – retiro por donación",
  "13": "Gravado – retiro",
  "14": "Gravado – retiro por publicidad",
  "15": "Gravado – bonificación",
  "16": "Gravado – entrega a trabajadores",
  "17": "IVAP",
  "20": "Exonerado",
  "21": "Exonerado – transferencia gratuita",
  "30": "Inafecto",
  "31": "Inafecto – bonificación",
  "32": "Inafecto – retiro",
  "33": "Inafecto – muestras médicas",
  "34": "Inafecto – convenio colectivo",
  "35": "Inafecto – premio",
  "36": "Inafecto – publicidad",
  "37": "Inafecto – transferencia gratuita",
  "40": "Exportación",
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

/** Catalog 53 perception regimes. */
const PERCEPTION_LABELS: Readonly<Record<string, string>> = {
  "51": "Percepción venta interna",
  "52": "Percepción a la adquisición de combustible",
  "53": "Percepción al agente de percepción con tasa especial",
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
export const affectationLabel = (code: string): string => AFFECTATION_LABELS[code] ?? `Afectación ${code}`;
export const operationLabel = (code: string): string => withCode(OPERATION_LABELS, code);
export const detractionLabel = (code: string): string => withCode(DETRACTION_GOODS, code);
export const paymentMethodLabel = (code: string): string => withCode(PAYMENT_METHOD_LABELS, code);
export const perceptionLabel = (code: string): string => withCode(PERCEPTION_LABELS, code);
export const currencyName = (code: string): string => CURRENCIES[code]?.name ?? code;
export const currencySymbol = (code: string): string => CURRENCIES[code]?.symbol ?? code;
