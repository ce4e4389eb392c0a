import type { LineTax } from "./generated/computed-document.js";

/** `01` factura (invoice), `03` boleta (receipt). */
export type SaleDocumentType = "01" | "03";

/** Catalog 05 tax scheme ids used in `cac:TaxScheme/cbc:ID`. */
export type TaxSchemeId = LineTax["scheme"];
