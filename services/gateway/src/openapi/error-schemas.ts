import type { ErrorType, FieldError } from "@einvoice/domain";
import type { ApiError } from "../errors/public-errors.js";
import { string } from "./field-schemas.js";
import { allOf, type JsonSchema, nullable, objectSchema, schemaRef, stringEnum } from "./json-schema.js";

/** The error body (`ApiError.toBody()`), tied to it by type. */

export type ErrorBody = ReturnType<ApiError["toBody"]>;

export const ERROR_TYPES = allOf<ErrorType>()([
  "invalid_request_error",
  "authentication_error",
  "conflict_error",
  "api_error",
]);

const violation = objectSchema<FieldError>()({
  description: "One failed check.",
  properties: {
    param: string(
      "Dotted path of the field at fault, e.g. `items.0.discount.amount` (array indexes from 0); empty when the whole body is at fault.",
    ),
    code: string("What failed, machine-readable; see the error catalog for its meaning and fix."),
    message: string("What failed, for people (English); may change."),
  },
});

const errorObject = objectSchema<ErrorBody["error"]>()({
  description: "What went wrong: its family, its code, a message and the field at fault.",
  properties: {
    type: stringEnum(
      ERROR_TYPES,
      "The family: `invalid_request_error` (fix the request), `authentication_error` (fix the key), `conflict_error` (fix the account's state), `api_error` (ours: retry later, or report the `Request-Id`).",
    ),
    code: string(
      "Machine-readable code; the error catalog lists every one with its status, meaning and fix.",
    ),
    message: string("For people (English); may change: do not parse it."),
    param: nullable(
      string("The field or parameter at fault (dotted path). Null when the error is not about one."),
    ),
    errors: {
      type: "array",
      items: schemaRef("Violation"),
      description:
        "422 only: every failed check at once, so one correction round fixes them all; `code`, `message` and `param` repeat the first. Absent on other errors.",
    },
  },
  optional: { errors: true },
});

const errorBody = objectSchema<ErrorBody>()({
  description: "Every error has this shape, whatever its status.",
  properties: { error: schemaRef("ErrorDetail", "What went wrong.") },
});

/** `components.schemas` entries of the error body. */
export const errorSchemas: Record<string, JsonSchema> = {
  Error: errorBody,
  ErrorDetail: errorObject,
  Violation: violation,
};
