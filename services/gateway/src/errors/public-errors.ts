import type { FieldError } from "@einvoice/domain";
import { Code, ConnectError, readReason, readViolations } from "@einvoice/platform";

export type ErrorType = "invalid_request_error" | "authentication_error" | "api_error" | "conflict_error";

/** The public error shape: `{error:{type, code, message, param, errors?}}` with an HTTP status. */
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

  toBody() {
    return {
      error: {
        type: this.type,
        code: this.code,
        message: this.message,
        param: this.param,
        ...(this.errors.length > 0 ? { errors: this.errors } : {}),
      },
    };
  }
}

/** How long a caller should wait before retrying after a 503, in seconds. */
const RETRY_AFTER_SECONDS = 2;

/** Every failed check, reported at once; `param`/`code`/`message` repeat the first for simple clients. */
export function validationFailed(violations: FieldError[]): ApiError {
  const [first] = violations;
  return new ApiError(
    422,
    "invalid_request_error",
    first?.code ?? "parameter_invalid",
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
  const reason = readReason(error);
  switch (error.code) {
    case Code.InvalidArgument: {
      const violations = readViolations(error);
      if (violations.length > 0) return validationFailed(violations);
      return new ApiError(
        400,
        "invalid_request_error",
        reason?.code ?? "invalid_request",
        error.rawMessage,
        reason?.param || null,
      );
    }
    case Code.NotFound:
      return new ApiError(
        404,
        "invalid_request_error",
        reason?.code ?? "resource_missing",
        error.rawMessage,
        reason?.param || "id",
      );
    case Code.FailedPrecondition:
    case Code.AlreadyExists:
      return new ApiError(
        409,
        "conflict_error",
        reason?.code ?? "conflict",
        error.rawMessage,
        reason?.param || null,
      );
    case Code.OutOfRange:
      // A position the data no longer reaches (a stream resume point past retention).
      return new ApiError(
        410,
        "invalid_request_error",
        reason?.code ?? "out_of_range",
        error.rawMessage,
        reason?.param || null,
      );
    case Code.Unauthenticated:
      return new ApiError(401, "authentication_error", "api_key_invalid", "Invalid API key provided.");
    case Code.ResourceExhausted:
      return new ApiError(429, "api_error", "rate_limit_exceeded", "Too many requests; retry later.");
    case Code.Unavailable:
    case Code.DeadlineExceeded:
      // The number may have been assigned before the dependency went quiet: say so, and how to retry safely.
      if (reason?.code === "outcome_unknown")
        return new ApiError(
          503,
          "api_error",
          "outcome_unknown",
          error.rawMessage,
          null,
          [],
          RETRY_AFTER_SECONDS,
        );
      return new ApiError(
        503,
        "api_error",
        "service_unavailable",
        "A service is temporarily unavailable; retry later.",
        null,
        [],
        RETRY_AFTER_SECONDS,
      );
    default:
      return new ApiError(500, "api_error", "internal_error", "An internal error occurred.");
  }
}

export function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof ConnectError) return publicErrorFromConnect(error);
  return null;
}
