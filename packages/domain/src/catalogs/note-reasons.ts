/**
 * SUNAT catalogs 09 (códigos de tipo de nota de crédito) and 10 (de nota de débito), as the workbook's Catálogos
 * sheet lists them; the platform offers every code. Each carries SUNAT's name, a short name in Spanish and
 * English for the pages, and what the API's body carries for it:
 * - `copy`: a whole-document annulment or return; no `items`, the note copies the modified document's lines and
 *   totals.
 * - `items`: the `items` are the amounts credited or charged, computed with the invoice line rules.
 * - `installments`: credit code 13, the new amount pending and due dates of a credit sale: `payment.installments`
 *   and no `items`; the note's amounts are zero (ERR 3315).
 */
export interface NoteReasonSpec {
  /** SUNAT's description, verbatim. */
  name: string;
  short: { es: string; en: string };
  body: "copy" | "items" | "installments";
  /** The affectation (catalog 07) every item must have: `40` for export adjustments, `17` for IVAP ones. */
  itemAffectation?: "17" | "40";
  /**
   * On a receipt (`03`): `observed` (OBSERV 4367, NotaCredito sheet field 19: codes 04, 05, 08 should not modify
   * one), `refused` (ERR 3259, same field: code 13 modifies an invoice only), else `allowed`.
   */
  receipts: "allowed" | "observed" | "refused";
}

const reason = (
  name: string,
  es: string,
  en: string,
  body: NoteReasonSpec["body"],
  more: Partial<Pick<NoteReasonSpec, "itemAffectation" | "receipts">> = {},
): NoteReasonSpec => ({ name, short: { es, en }, body, receipts: "allowed", ...more });

export const CREDIT_NOTE_REASONS: Readonly<Record<string, NoteReasonSpec>> = {
  "01": reason(
    "Anulación de la operación",
    "Anulación de la operación",
    "Annulment of the operation",
    "copy",
  ),
  "02": reason(
    "Anulación por error en el RUC",
    "Anulación por error en el RUC",
    "Annulment for a wrong RUC",
    "copy",
  ),
  "03": reason(
    "Corrección por error en la descripción o atención de reclamo respecto de bienes adquiridos o servicios prestados",
    "Corrección por error en la descripción",
    "Correction of the description",
    "items",
  ),
  "04": reason("Descuento global", "Descuento global", "Global discount", "items", { receipts: "observed" }),
  "05": reason("Descuento por ítem", "Descuento por ítem", "Discount per item", "items", {
    receipts: "observed",
  }),
  "06": reason("Devolución total", "Devolución total", "Total return", "copy"),
  "07": reason("Devolución por ítem", "Devolución por ítem", "Return per item", "items"),
  "08": reason("Bonificación", "Bonificación", "Bonus", "items", { receipts: "observed" }),
  "09": reason("Disminución en el valor", "Disminución en el valor", "Decrease in value", "items"),
  "10": reason("Otros Conceptos", "Otros conceptos", "Other concepts", "items"),
  "11": reason(
    "Ajustes de operaciones de exportación",
    "Ajustes de operaciones de exportación",
    "Export adjustments",
    "items",
    { itemAffectation: "40" },
  ),
  "12": reason("Ajustes afectos al IVAP", "Ajustes afectos al IVAP", "IVAP adjustments", "items", {
    itemAffectation: "17",
  }),
  "13": reason(
    "Corrección o modificación del monto neto pendiente de pago y/o la(s) fechas(s) de vencimiento del pago único o de las cuotas y/o los montos correspondientes a cada cuota, de ser el caso",
    "Ajustes – montos y/o fechas de pago",
    "New amounts or due dates of payment",
    "installments",
    { receipts: "refused" },
  ),
};

export const DEBIT_NOTE_REASONS: Readonly<Record<string, NoteReasonSpec>> = {
  "01": reason("Intereses por mora", "Intereses por mora", "Late-payment interest", "items"),
  "02": reason("Aumento en el valor", "Aumento en el valor", "Increase in value", "items"),
  "03": reason(
    "Penalidades/ otros conceptos",
    "Penalidades / otros conceptos",
    "Penalties and other concepts",
    "items",
  ),
  "11": reason(
    "Ajustes de operaciones de exportación",
    "Ajustes de operaciones de exportación",
    "Export adjustments",
    "items",
    { itemAffectation: "40" },
  ),
  "12": reason("Ajustes afectos al IVAP", "Ajustes afectos al IVAP", "IVAP adjustments", "items", {
    itemAffectation: "17",
  }),
};

/** Catalog 09 or 10, by the note's document type (catalog 01 `07` credit, `08` debit). */
export const noteReasons = (type: "07" | "08"): Readonly<Record<string, NoteReasonSpec>> =>
  type === "07" ? CREDIT_NOTE_REASONS : DEBIT_NOTE_REASONS;
