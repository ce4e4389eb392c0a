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
  /**
   * Scheduling priority (Unix nice value, 0 to 19) this service gives every one of its threads once up. Default 5:
   * no call waits on this work, so when the CPU is full the create path (gateway, numbering) gets it first. The
   * renderer, at 10, yields to this service in turn. 0 keeps the default priority.
   */
  NICENESS: envFields.niceness(5),
  NATS_URL: z.string().default("nats://127.0.0.1:4222"),
  NATS_STREAM_REPLICAS: envFields.natsStreamReplicas(),
  /**
   * Days events are kept (the EVENTS stream keeps as long). Older events are no longer listed or found, and are
   * deleted hourly. Default 30.
   */
  /**
   * Base64 of 32 random bytes sealing webhook endpoint secrets at rest. Required in production; when unset, one is
   * made once into `DATA_DIR/webhook-secrets.key`. To change it, keep the old one in `WEBHOOK_SECRETS_KEYS_PREVIOUS`
   * until `npm run admin -- master-key rotate` has re-sealed every secret.
   */
  WEBHOOK_SECRETS_KEY: z.string().optional(),
  /**
   * Keys notification still opens webhook secrets with but no longer seals with, during a rotation:
   * comma-separated base64 of 32 bytes each. Default empty.
   */
  WEBHOOK_SECRETS_KEYS_PREVIOUS: envFields.masterKeyList(),
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
  /**
   * The SMTP server emails go through, e.g. `smtps://user:pass@smtp.example.com:465`. When unset (npm start), a
   * local capture server writes each message as a `.eml` file under `DATA_DIR/emails` instead.
   */
  SMTP_URL: z.string().optional(),
  /** `From:` of the emails that carry documents. Default `Comprobantes <comprobantes@einvoice.local>`. */
  EMAIL_FROM: z.string().default("Comprobantes <comprobantes@einvoice.local>"),
  /**
   * Waits before each retry of a failed email, in milliseconds, comma-separated (one attempt more than delays).
   * Default `10000,60000,300000,1800000` (5 attempts over about 37 minutes).
   */
  EMAIL_RETRY_DELAYS_MS: z
    .string()
    .default("10000,60000,300000,1800000")
    .transform((value, ctx) => {
      const delays = value.split(",").map((part) => Number(part.trim()));
      if (delays.some((d) => !Number.isInteger(d) || d < 0)) {
        ctx.addIssue({ code: "custom", message: "expected comma-separated non-negative integers" });
        return z.NEVER;
      }
      return delays;
    }),
  /** Numbering service (documents to email). Default `http://127.0.0.1:7010`. */
  NUMBERING_URL: z.string().default("http://127.0.0.1:7010"),
  /** Deadline of each call to another service, and of each SMTP step, in milliseconds. Default 10000. */
  RPC_TIMEOUT_MS: envFields.rpcTimeoutMs(),
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
});

export const loadNotificationEnv = (env?: Record<string, string | undefined>) =>
  parseEnv(notificationEnvSchema, env);
