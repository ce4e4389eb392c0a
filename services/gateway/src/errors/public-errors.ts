import { presentAs } from "@einvoice/contracts";
import type { ErrorEntry, ErrorType, FieldError } from "@einvoice/domain";
import {
  Code,
  ConnectError,
  readReason,
  readViolations,
  SERVICE_ERRORS,
  SHAPE_ERRORS,
} from "@einvoice/platform";
import { api } from "@einvoice/proto";
import { GATEWAY_ERRORS } from "./gateway-errors.js";

/** The public error (`einvoice.api.v1.Error`: `{error:{type, code, message, param, errors?}}`) with an HTTP status. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    readonly errors: FieldError[] = [],
    /** Sent as `Retry-After` (seconds) when the caller should simply try again. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  /** `einvoice.api.v1.Error`: `errors` only when there are some (422). */
  toBody() {
    const { type, code, message, param, errors } = this;
    return presentAs(api.ErrorSchema, { error: { type, code, message, param, errors } });
  }
}

/**
 * The public error of a table entry (GATEWAY_ERRORS, SERVICE_ERRORS, TAX_ERRORS): status, type and code are the
 * entry's. The message is the entry's fixed one unless the site names a value; `param` likewise.
 */
export function apiError(
  entry: ErrorEntry & { readonly message: string },
  message?: string,
  param?: string | null,
  retryAfterSeconds?: number | null,
): ApiError;
export function apiError(
  entry: ErrorEntry,
  message: string,
  param?: string | null,
  retryAfterSeconds?: number | null,
): ApiError;
export function apiError(
  entry: ErrorEntry,
  message?: string,
  param: string | null = entry.param ?? null,
  retryAfterSeconds: number | null = null,
): ApiError {
  return new ApiError(
    entry.status,
    entry.type,
    entry.code,
    message ?? entry.message ?? entry.code,
    param,
    [],
    retryAfterSeconds,
  );
}

/** A service's reason keeps the status and type of the Connect code's generic answer, with its own code. */
const withReason = (generic: ErrorEntry, error: ConnectError, param: string | null) =>
  new ApiError(
    generic.status,
    generic.type,
    readReason(error)?.code ?? generic.code,
    error.rawMessage,
    readReason(error)?.param || param,
  );

/** How long a caller should wait before retrying after a 503, in seconds. */
const RETRY_AFTER_SECONDS = 2;

/** Every failed check, reported at once; `param`/`code`/`message` repeat the first for simple clients. */
export function validationFailed(violations: FieldError[]): ApiError {
  const [first] = violations;
  return new ApiError(
    422,
    "invalid_request_error",
    first?.code ?? SHAPE_ERRORS.parameter_invalid.code,
    first?.message ?? "The request is invalid.",
    first?.param ?? null,
    violations,
  );
}

/**
 * The single table from internal Connect codes to public errors. Services never choose HTTP statuses; they
 * throw ConnectError with a code (and optional reason or field violations), and only this function decides
 * what the caller sees.
 */
export function publicErrorFromConnect(error: ConnectError): ApiError {
  switch (error.code) {
    case Code.InvalidArgument: {
      const violations = readViolations(error);
      if (violations.length > 0) return validationFailed(violations);
      return withReason(GATEWAY_ERRORS.invalid_request, error, null);
    }
    case Code.NotFound:
      return withReason(SERVICE_ERRORS.resource_missing, error, "id");
    case Code.FailedPrecondition:
    case Code.AlreadyExists:
      return withReason(GATEWAY_ERRORS.conflict, error, null);
    case Code.OutOfRange:
      // A position the data no longer reaches (a stream resume point past retention).
      return withReason(GATEWAY_ERRORS.out_of_range, error, null);
    case Code.Unauthenticated:
      return apiError(GATEWAY_ERRORS.api_key_invalid);
    case Code.ResourceExhausted:
      return apiError(GATEWAY_ERRORS.rate_limit_exceeded);
    case Code.Unavailable:
    case Code.DeadlineExceeded:
      // The number may have been assigned before the dependency went quiet: say so, and how to retry safely.
      if (readReason(error)?.code === SERVICE_ERRORS.outcome_unknown.code)
        return apiError(SERVICE_ERRORS.outcome_unknown, error.rawMessage, null, RETRY_AFTER_SECONDS);
      return apiError(GATEWAY_ERRORS.service_unavailable, undefined, null, RETRY_AFTER_SECONDS);
    default:
      return apiError(GATEWAY_ERRORS.internal_error);
  }
}

export function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof ConnectError) return publicErrorFromConnect(error);
  return null;
}
