import { errorTable } from "@einvoice/domain";

/**
 * The request-shape codes every service uses for a field that is absent, unknown or of the wrong form (the
 * gateway's schema check, signing's and submission's own checks, numbering's void reason). A 422 naming the
 * dotted field; the gateway's catalog and docs/errors.md read `when` and `fix` from here.
 */
export const SHAPE_ERRORS = errorTable({
  parameter_missing: {
    status: 422,
    type: "invalid_request_error",
    when: "A required field is absent (e.g. `series`, `items`, `items.0.unit_price`; on `PUT /v1/company/certificate` half a pair).",
    fix: "Send the field named by `param`.",
  },
  parameter_unknown: {
    status: 422,
    type: "invalid_request_error",
    when: "A field the schema does not define (bodies are closed: a typo is not silently ignored).",
    fix: "Remove the field named by `param`, or fix its spelling.",
  },
  parameter_invalid: {
    status: 422,
    type: "invalid_request_error",
    when: "A field has the wrong JSON type or format: a number where a decimal string is required (`unit_price`), a date that is not `YYYY-MM-DD`, a string over its length, a value outside its enum, both credential forms at once.",
    fix: "Send the field as its schema describes; the message names the rule.",
  },
});
