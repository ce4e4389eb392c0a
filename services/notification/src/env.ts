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
});

export const loadNotificationEnv = (env?: Record<string, string | undefined>) =>
  parseEnv(notificationEnvSchema, env);
