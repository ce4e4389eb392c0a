import { Code, ConnectError } from "@connectrpc/connect";
import { type Logger, pino } from "pino";

export type { Logger };

/** Structured JSON logs, one logger per service; children add request or message context. */
export function createLogger(service: string, level = "info"): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError },
  });
}

/**
 * pino's error serializer, except that a ConnectError keeps its code, message and cause but not its details and
 * metadata: those carry protobuf descriptors, which would make each logged RPC failure kilobytes long.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof ConnectError)) return pino.stdSerializers.err(error as Error);
  return {
    type: "ConnectError",
    code: Code[error.code] ?? error.code,
    message: error.message,
    details: error.details.map((detail) => ("desc" in detail ? detail.desc.typeName : detail.type)),
    stack: error.stack,
    ...(error.cause === undefined ? {} : { cause: serializeError(error.cause) }),
  };
}
