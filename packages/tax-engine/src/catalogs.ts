import { DETRACTION_GOODS, type TaxSchemeId } from "@einvoice/domain";

/** What a catalog-07 code means for the computation. */
export type LineKind = "taxed" | "ivap" | "exempt" | "unaffected" | "export";

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

const onerous = (code: string, kind: LineKind, scheme: TaxSchemeId): Affectation => ({
  code,
  kind,
  free: false,
  scheme,
  freeTaxed: false,
});
const free = (code: string, kind: LineKind, freeTaxed: boolean): Affectation => ({
  code,
  kind,
  free: true,
  scheme: "9996",
  freeTaxed,
});

/** Catalog 07 codes offered (17 free and 40 free are not offered: no input marks them free). */
export const AFFECTATIONS: Readonly<Record<string, Affectation>> = Object.fromEntries(
  [
    onerous("10", "taxed", "1000"),
    ...["11", "12", "13", "14", "15", "16"].map((c) => free(c, "taxed", true)),
    onerous("17", "ivap", "1016"),
    onerous("20", "exempt", "9997"),
    free("21", "exempt", false),
    onerous("30", "unaffected", "9998"),
    ...["31", "32", "33", "34", "35", "36", "37"].map((c) => free(c, "unaffected", false)),
    onerous("40", "export", "9995"),
  ].map((a) => [a.code, a]),
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
