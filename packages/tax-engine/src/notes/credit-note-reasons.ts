/**
 * SUNAT catalog 09 (códigos de tipo de nota de crédito electrónica), as the workbook's Catálogos sheet lists it,
 * with what the platform's body carries for each code:
 * - `copy`: a whole-document annulment or return; the body has no `items`, the note copies the modified
 *   document's lines and totals.
 * - `items`: the body's `items` are the amounts credited, computed with the invoice line rules.
 * - `installments`: code 13, the new amount pending and due dates of a credit sale; the body carries
 *   `payment.installments` and no `items`, and the note's amounts are zero (ERR 3315).
 */
export const CREDIT_NOTE_REASONS = {
  "01": { name: "Anulación de la operación", body: "copy" },
  "02": { name: "Anulación por error en el RUC", body: "copy" },
  "03": { name: "Corrección por error en la descripción", body: "items" },
  "04": { name: "Descuento global", body: "items" },
  "05": { name: "Descuento por ítem", body: "items" },
  "06": { name: "Devolución total", body: "copy" },
  "07": { name: "Devolución por ítem", body: "items" },
  "08": { name: "Bonificación", body: "items" },
  "09": { name: "Disminución en el valor", body: "items" },
  "10": { name: "Otros conceptos", body: "items" },
  "11": { name: "Ajustes de operaciones de exportación", body: "items" },
  "12": { name: "Ajustes afectos al IVAP", body: "items" },
  "13": { name: "Ajustes – montos y/o fechas de pago", body: "installments" },
} as const satisfies Record<string, NoteReasonSpec>;

/** ERR/OBSERV 4367 (NotaCredito sheet, field 19): credit codes 04, 05 and 08 should not modify a receipt. */
export const CREDIT_NOTE_REASONS_NOT_ON_RECEIPTS: ReadonlySet<string> = new Set(["04", "05", "08"]);

export interface NoteReasonSpec {
  name: string;
  body: "copy" | "items" | "installments";
}
