import type { NoteReasonSpec } from "./credit-note-reasons.js";

/**
 * SUNAT catalog 10 (códigos de tipo de nota de débito electrónica), as the workbook's Catálogos sheet lists it.
 * Every code carries `items`: the amounts charged, computed with the invoice line rules.
 */
export const DEBIT_NOTE_REASONS = {
  "01": { name: "Intereses por mora", body: "items" },
  "02": { name: "Aumento en el valor", body: "items" },
  "03": { name: "Penalidades / otros conceptos", body: "items" },
  "11": { name: "Ajustes de operaciones de exportación", body: "items" },
  "12": { name: "Ajustes afectos al IVAP", body: "items" },
} as const satisfies Record<string, NoteReasonSpec>;
