/**
 * SUNAT catalog 20, reason for the transfer (motivo de traslado), with the words the guide's XML
 * (`cbc:HandlingInstructions`) and PDF print: the codes this platform offers. SUNAT's 08 (import), 09 (export)
 * and 19 are refused ({@link REFUSED_TRANSFER_REASONS}).
 */
export const TRANSFER_REASONS: Readonly<Record<string, string>> = {
  "01": "Venta",
  "02": "Compra",
  "03": "Venta con entrega a terceros",
  "04": "Traslado entre establecimientos de la misma empresa",
  "05": "Consignación",
  "06": "Devolución",
  "07": "Recojo de bienes transformados",
  "13": "Otros",
  "14": "Venta sujeta a confirmación del comprador",
  "17": "Traslado de bienes para transformación",
  "18": "Traslado emisor itinerante CP",
};

/** Catalog 20 codes SUNAT has that this platform does not offer. */
export const REFUSED_TRANSFER_REASONS: ReadonlySet<string> = new Set(["08", "09", "19"]);

/** The reasons whose recipient is someone other than the sender (a sale, consignment, return). */
export const RECIPIENT_DIFFERS_REASONS: ReadonlySet<string> = new Set(["01", "05", "06"]);
/** The reason whose recipient is the sender itself, establishments on both ends. */
export const SAME_COMPANY_REASON = "04";
