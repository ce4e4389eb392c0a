import type { DespatchPoint } from "@einvoice/domain";
import { TAX_ERRORS } from "../error-table.js";
import type { Errors } from "../errors.js";
import { ubigeoProblem } from "../ubigeo/ubigeo.js";
import { readObject, readText } from "./despatch-read.js";

/**
 * Origin or destination: a district (ubigeo, ERR 2775), an address line (ERR 2574/2577) and, when the point is a
 * registered establishment, its 4-digit SUNAT code. `establishment_ruc` is derived (spec rule 9), never requested.
 */
export function readPoint(
  value: unknown,
  param: "origin" | "destination",
  errors: Errors,
): DespatchPoint | undefined {
  const input = readObject(value, param, errors, true);
  if (!input) return undefined;
  const before = errors.count;
  const ubigeo = readText(input.ubigeo, `${param}.ubigeo`, errors, { required: true, max: 6 });
  // ERR 2775 family: SUNAT checks the code against INEI's district list, so an unknown district is refused here.
  const problem = ubigeo === undefined ? undefined : ubigeoProblem(ubigeo);
  if (problem !== undefined)
    errors.add(`${param}.ubigeo`, TAX_ERRORS.invalid_ubigeo, `${param}.ubigeo: ${problem}`);
  const address = readText(input.address, `${param}.address`, errors, { required: true, min: 3, max: 500 });
  const code = readText(input.establishment_code, `${param}.establishment_code`, errors, {
    required: false,
    max: 4,
  });
  if (code !== undefined && !/^\d{4}$/.test(code))
    errors.add(
      `${param}.establishment_code`,
      TAX_ERRORS.invalid_establishment_code,
      `${param}.establishment_code is SUNAT's 4-digit establishment code, e.g. 0000`,
    );
  if (input.establishment_ruc !== undefined && input.establishment_ruc !== null)
    errors.add(
      `${param}.establishment_ruc`,
      TAX_ERRORS.derived_field,
      `${param}.establishment_ruc is filled in by the service from the parties; leave it out`,
    );
  if (errors.count > before || ubigeo === undefined || address === undefined) return undefined;
  return { ubigeo, address, ...(code !== undefined ? { establishment_code: code } : {}) };
}
