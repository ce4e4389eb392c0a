import { Code, ConnectError, SERVICE_ERRORS, serviceError } from "@einvoice/platform";

/**
 * Numbering did not answer: it may have committed the number before going quiet. The caller learns that, and
 * that a retry with the same Idempotency-Key returns that document if it exists (or issues it if not). Any other
 * failure passes through unchanged.
 */
export function outcomeUnknown(
  error: unknown,
  idempotencyKey: string | undefined,
  noun: "document" | "guide",
): unknown {
  if (
    !(error instanceof ConnectError) ||
    (error.code !== Code.Unavailable && error.code !== Code.DeadlineExceeded)
  )
    return error;
  const retry = idempotencyKey
    ? `Retry the same request with the same Idempotency-Key: you get that ${noun} if it was issued, and it is issued once if it was not.`
    : "Send an Idempotency-Key with your requests so a retry can never issue it twice; list your documents before retrying this one.";
  return serviceError(
    SERVICE_ERRORS.outcome_unknown,
    `The document register did not answer in time, so this ${noun} may or may not have been issued. ${retry}`,
  );
}
