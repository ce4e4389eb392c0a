import { authenticatedErrors, bodyErrors, errorResponse } from "../openapi/error-responses.js";
import type { Parameter, Reference, Response } from "../openapi/openapi-types.js";
import { retryAfterHeader } from "../openapi/operation-parts.js";

/*
 * What every create of a document (invoices, receipts, notes, guides) declares alike: it may wait for the verdict
 * and be repeated under an Idempotency-Key, and answers the same errors of the body, the key and the caller's
 * readiness. Each create says in its own words what was refused and why.
 */

/** `Prefer: wait=N` and `Idempotency-Key`. */
export const documentCreateParameters: (Parameter | Reference)[] = [
  { $ref: "#/components/parameters/Prefer" },
  { $ref: "#/components/parameters/IdempotencyKey" },
];

/**
 * The errors of a create: the body's (unreadable, or a malformed key), the caller's, a 409 (the company cannot
 * issue yet, or the same key is still running, with `Retry-After`; `conflictCodes` adds the create's own) and a
 * 422 (a check failed or the key was reused, with `refusedCodes`, the checks the create runs).
 */
export function documentCreateErrors(answers: {
  conflict: string;
  conflictCodes?: readonly string[];
  refused: string;
  refusedBy: "tax_rules" | "shape_only";
  refusedCodes: readonly string[];
}): Record<string, Response | Reference> {
  return {
    ...bodyErrors(),
    "400": errorResponse(
      "The body could not be read as one JSON object, or the `Idempotency-Key` is malformed.",
      ["invalid_json", "idempotency_key_invalid"],
    ),
    ...authenticatedErrors(),
    "409": errorResponse(
      answers.conflict,
      ["company_not_configured", "idempotency_key_in_use"],
      answers.conflictCodes ?? [],
      retryAfterHeader,
    ),
    "422": errorResponse(
      answers.refused,
      answers.refusedBy === "tax_rules"
        ? ["shape_invalid", "tax_rules", "idempotency_key_reused"]
        : ["shape_invalid", "idempotency_key_reused"],
      answers.refusedCodes,
    ),
  };
}
