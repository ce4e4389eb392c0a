import { envFields, parseEnv, storageEnv } from "@einvoice/platform";
import { z } from "zod";

export const notificationEnvSchema = z.object({
  ...storageEnv,
  HOST: envFields.host(),
  /** Connect/gRPC port (HTTP/2 cleartext). Default 7050. */
  RPC_PORT: envFields.port(7050),
  /** HTTP/1.1 health port. Default 7051. */
  OPS_PORT: envFields.port(7051),
  LOG_LEVEL: envFields.logLevel(),
  NATS_URL: z.string().default("nats://127.0.0.1:4222"),
  /**
   * Days events are kept (the EVENTS stream keeps as long). Older events are no longer listed or found, and are
   * deleted hourly. Default 30.
   */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
});

export const loadNotificationEnv = (env?: Record<string, string | undefined>) =>
  parseEnv(notificationEnvSchema, env);
