import { type Logger, pino } from "pino";

export type { Logger };

/** Structured JSON logs, one logger per service; children add request or message context. */
export function createLogger(service: string, level = "info"): Logger {
  return pino({ name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime });
}
