import { DEPARTMENTS, DISTRICTS, PROVINCES } from "./ubigeo-table.js";

/** A district of INEI's list with the names printed for it. */
export interface District {
  ubigeo: string;
  district: string;
  province: string;
  department: string;
}

/** Built once when the module loads and never changed: code → district name. */
const DISTRICT_NAMES: ReadonlyMap<string, string> = new Map(
  DISTRICTS.split("|").map((entry) => [entry.slice(0, 6), entry.slice(6)] as const),
);

/**
 * The district of a 6-digit INEI ubigeo (department, province, district; the coding SUNAT checks in GRE
 * addresses, ERR 2775 family, and in `cac:RegistrationAddress`), or undefined when INEI lists no such district.
 */
export function findDistrict(code: string): District | undefined {
  const district = DISTRICT_NAMES.get(code);
  if (district === undefined) return undefined;
  return {
    ubigeo: code,
    district,
    province: PROVINCES[code.slice(0, 4)] ?? "",
    department: DEPARTMENTS[code.slice(0, 2)] ?? "",
  };
}

/** Why a ubigeo is refused, or undefined when it names a district of INEI's list. */
export function ubigeoProblem(code: string): string | undefined {
  if (!/^\d{6}$/.test(code)) return "is the 6-digit INEI district code (ubigeo), e.g. 150101";
  if (!DISTRICT_NAMES.has(code)) return `${code} is not a district in INEI's list of ubigeos`;
  return undefined;
}

/** How many districts the table knows. */
export const DISTRICT_COUNT = DISTRICT_NAMES.size;
