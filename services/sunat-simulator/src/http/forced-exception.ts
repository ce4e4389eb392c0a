import { classifyResponseCode } from "@einvoice/sunat";
import type { Knobs } from "../domain/index.js";

/**
 * Query operations (getStatus, getStatusCdr, GRE status) decide no verdict, so `force_code` means something
 * there only when it is an exception (0100–1999): the query itself fails with it, e.g. a transient 0100 or
 * 0109. Only the request's own knobs (header, scenario) count; a standing SIM_FORCE_CODE is about verdicts.
 */
export function forcedException(explicit: Knobs): string | undefined {
  const code = explicit.force_code;
  return code !== undefined && classifyResponseCode(code) === "exception" ? code : undefined;
}
