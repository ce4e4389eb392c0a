/**
 * SUNAT catalog 07, the IGV affectation of a line (tipo de afectación del IGV), as the workbook's Catálogos sheet
 * lists it: SUNAT's name, the short name the PDF prints, what the code means for the computation, and the
 * tributes (catalog 05) its line may declare. Every code is offered; 17 and 40 only onerous (no input marks
 * them free).
 */
export type AffectationKind = "taxed" | "ivap" | "exempt" | "unaffected" | "export";

/** The catalog 05 tributes a line's affectation may declare. */
export type AffectationTribute = "1000" | "1016" | "9995" | "9996" | "9997" | "9998";

export interface IgvAffectation {
  /** SUNAT's description, verbatim. */
  name: string;
  /** The short form the PDF prints beside a line. */
  short: string;
  kind: AffectationKind;
  /** A free transfer (retiro, bonificación…): reference value only, tribute 9996, out of the payable. */
  free: boolean;
  /** Catalog 05 tributes SUNAT accepts on the line: the onerous one first, 9996 when it may be free. */
  tributes: readonly [AffectationTribute, ...AffectationTribute[]];
}

const entry = (
  name: string,
  short: string,
  kind: AffectationKind,
  free: boolean,
  ...tributes: [AffectationTribute, ...AffectationTribute[]]
): IgvAffectation => ({ name, short, kind, free, tributes });

export const IGV_AFFECTATIONS: Readonly<Record<string, IgvAffectation>> = {
  "10": entry("Gravado - Operación Onerosa", "Gravado", "taxed", false, "1000"),
  "11": entry("Gravado – Retiro por premio", "Gravado – retiro por premio", "taxed", true, "9996"),
  "12": entry("Gravado – Retiro por donación", "Gravado – retiro por donación", "taxed", true, "9996"),
  "13": entry("Gravado – Retiro", "Gravado – retiro", "taxed", true, "9996"),
  "14": entry("Gravado – Retiro por publicidad", "Gravado – retiro por publicidad", "taxed", true, "9996"),
  "15": entry("Gravado – Bonificaciones", "Gravado – bonificación", "taxed", true, "9996"),
  "16": entry(
    "Gravado – Retiro por entrega a trabajadores",
    "Gravado – entrega a trabajadores",
    "taxed",
    true,
    "9996",
  ),
  "17": entry("Gravado - IVAP", "IVAP", "ivap", false, "1016", "9996"),
  "20": entry("Exonerado - Operación Onerosa", "Exonerado", "exempt", false, "9997"),
  "21": entry(
    "Exonerado - Transferencia gratuita",
    "Exonerado – transferencia gratuita",
    "exempt",
    true,
    "9996",
  ),
  "30": entry("Inafecto - Operación Onerosa", "Inafecto", "unaffected", false, "9998"),
  "31": entry("Inafecto – Retiro por Bonificación", "Inafecto – bonificación", "unaffected", true, "9996"),
  "32": entry("Inafecto – Retiro", "Inafecto – retiro", "unaffected", true, "9996"),
  "33": entry(
    "Inafecto – Retiro por Muestras Médicas",
    "Inafecto – muestras médicas",
    "unaffected",
    true,
    "9996",
  ),
  "34": entry(
    "Inafecto - Retiro por Convenio Colectivo",
    "Inafecto – convenio colectivo",
    "unaffected",
    true,
    "9996",
  ),
  "35": entry("Inafecto – Retiro por premio", "Inafecto – premio", "unaffected", true, "9996"),
  "36": entry("Inafecto - Retiro por publicidad", "Inafecto – publicidad", "unaffected", true, "9996"),
  "37": entry(
    "Inafecto - Transferencia gratuita",
    "Inafecto – transferencia gratuita",
    "unaffected",
    true,
    "9996",
  ),
  "40": entry("Exportación de Bienes o Servicios", "Exportación", "export", false, "9995", "9996"),
};

const codesWhere = (test: (a: IgvAffectation) => boolean): ReadonlySet<string> =>
  new Set(Object.entries(IGV_AFFECTATIONS).flatMap(([code, a]) => (test(a) ? [code] : [])));

const charged = (a: IgvAffectation) => a.kind === "taxed" || a.kind === "ivap";
const mayBeFree = (a: IgvAffectation) => a.tributes.includes("9996");

/** Codes whose line bears IGV or IVAP: 10–17. */
export const TAXED_AFFECTATIONS = codesWhere(charged);
/** Free lines that declare the IGV computed though not charged (ERR 3111, Factura sheet field 36): 11–16. */
export const FREE_TAXED_AFFECTATIONS = codesWhere((a) => a.free && charged(a));
/** Codes a 9996 line must show IGV/IVAP on (ERR 3111): 11–17. */
export const FREE_WITH_TAX_AFFECTATIONS = codesWhere((a) => mayBeFree(a) && charged(a));
/** Codes a 9996 line must show 0 IGV on (ERR 3110): 21, 31–37, 40. */
export const FREE_WITHOUT_TAX_AFFECTATIONS = codesWhere((a) => mayBeFree(a) && !charged(a));
