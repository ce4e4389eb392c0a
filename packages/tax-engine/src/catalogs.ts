import {
  type AffectationKind,
  DETRACTION_GOODS,
  FREE_TAXED_AFFECTATIONS,
  IGV_AFFECTATIONS,
  type TaxSchemeId,
} from "@einvoice/domain";

/** What a catalog-07 code means for the computation. */
export type LineKind = AffectationKind;

export interface Affectation {
  code: string;
  kind: LineKind;
  /** Free transfer (no onerous): reference value, not in the payable, scheme 9996. */
  free: boolean;
  /** Line `cac:TaxScheme/cbc:ID`. */
  scheme: TaxSchemeId;
  /** Free lines 11–16 declare IGV computed but not charged (ERR 3111); 21, 31–37 declare 0 (ERR 3110). */
  freeTaxed: boolean;
}

/**
 * Catalog 07 codes offered, read from the catalog's one home: a line declares the code's first tribute (17 and 40
 * only onerous: no input marks them free).
 */
export const AFFECTATIONS: Readonly<Record<string, Affectation>> = Object.fromEntries(
  Object.entries(IGV_AFFECTATIONS).map(([code, a]) => [
    code,
    {
      code,
      kind: a.kind,
      free: a.free,
      scheme: a.tributes[0],
      freeTaxed: FREE_TAXED_AFFECTATIONS.has(code),
    },
  ]),
);

/** Catalog 54 goods/services subject to detraction, without 004, 027, 028 (not offered: spec rule 6). */
export const DETRACTION_CODES: ReadonlySet<string> = new Set(Object.keys(DETRACTION_GOODS));

/** Catalog 59 payment means. */
export const PAYMENT_METHODS: ReadonlySet<string> = new Set([
  "001",
  "002",
  "003",
  "004",
  "005",
  "006",
  "007",
  "008",
  "009",
  "010",
  "011",
  "012",
  "013",
  "101",
  "102",
  "103",
  "104",
  "105",
  "106",
  "107",
  "108",
  "999",
]);

/** Catalog 06 identity document types. */
export const IDENTITY_TYPES: ReadonlySet<string> = new Set([
  "0",
  "1",
  "4",
  "6",
  "7",
  "A",
  "B",
  "C",
  "D",
  "E",
  "F",
  "G",
  "H",
]);

/** Catalog 51 operation types used. */
export const OPERATION = {
  domestic: "0101",
  export: "0200",
  detraction: "1001",
  perception: "2001",
} as const;

/** Catalog 52 legends. */
export const LEGEND = {
  amountInWords: "1000",
  freeTransfer: "1002",
  perception: "2000",
  detraction: "2006",
  ivap: "2007",
} as const;
