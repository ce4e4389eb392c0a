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
  /**
   * Base64 of 32 random bytes sealing webhook endpoint secrets at rest. Required in production; when unset, one is
   * made once into `DATA_DIR/webhook-secrets.key`. Changing it makes every stored secret unreadable (rotate them).
   */
  WEBHOOK_SECRETS_KEY: z.string().optional(),
  /**
   * Local development only: test-mode endpoints may use http:// and private or loopback addresses (a receiver on
   * your machine). Never applies to live mode. Default false.
   */
  WEBHOOK_ALLOW_INSECURE_TEST_MODE: z.enum(["true", "false"]).default("false"),
  /** How long a receiver has to answer one attempt, in milliseconds. Default 10000. */
  WEBHOOK_TIMEOUT_MS: envFields.milliseconds(10_000),
  /** Scan interval for due webhook deliveries when nothing new wakes the dispatcher, in milliseconds. Default 1000. */
  WEBHOOK_POLL_MS: envFields.milliseconds(1_000),
  /** Webhook attempts in flight at once per replica. Default 16. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** Webhook attempts in flight at once per endpoint (a slow endpoint never holds the others). Default 2. */
  WEBHOOK_PER_ENDPOINT: z.coerce.number().int().min(1).max(64).default(2),
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
});

export const loadNotificationEnv = (env?: Record<string, string | undefined>) =>
  parseEnv(notificationEnvSchema, env);
