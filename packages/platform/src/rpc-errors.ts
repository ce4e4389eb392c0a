import { Code, ConnectError } from "@connectrpc/connect";
import type { FieldError } from "@einvoice/domain";
import { ErrorReasonSchema, FieldViolationsSchema } from "@einvoice/proto";

export { Code, ConnectError };

/** INVALID_ARGUMENT carrying every failed check; the gateway answers 422 naming each field. */
export function violationsError(violations: FieldError[], message = "validation failed"): ConnectError {
  return new ConnectError(message, Code.InvalidArgument, undefined, [
    { desc: FieldViolationsSchema, value: { violations } },
  ]);
}

/** The violations as plain objects: the messages' `$typeName` must not reach a public 422. */
export function readViolations(error: ConnectError): FieldError[] {
  return error
    .findDetails(FieldViolationsSchema)
    .flatMap((d) => d.violations.map(({ param, code, message }) => ({ param, code, message })));
}

/** An error with a stable machine code (e.g. `company_not_configured`) for the gateway's public table. */
export function reasonError(code: Code, reason: string, message: string, param = ""): ConnectError {
  return new ConnectError(message, code, undefined, [
    { desc: ErrorReasonSchema, value: { code: reason, param } },
  ]);
}

export function readReason(error: ConnectError): { code: string; param: string } | undefined {
  const [reason] = error.findDetails(ErrorReasonSchema);
  return reason ? { code: reason.code, param: reason.param } : undefined;
}
