import { envFields, parseEnv, storageEnv } from "@einvoice/platform";
import { z } from "zod";

export const numberingEnvSchema = z.object({
  ...storageEnv,
  HOST: envFields.host(),
  /** Connect/gRPC port (HTTP/2 cleartext). Default 7010. */
  RPC_PORT: envFields.port(7010),
  /** HTTP/1.1 health port. Default 7011. */
  OPS_PORT: envFields.port(7011),
  LOG_LEVEL: envFields.logLevel(),
  /** NATS server(s), comma-separated. */
  NATS_URL: z.string().default("nats://127.0.0.1:4222"),
  NATS_STREAM_REPLICAS: envFields.natsStreamReplicas(),
  /** Public prefix of file links (`links.xml` …), normally `<gateway base URL>/v1/files`. */
  FILES_BASE_URL: z.string().default("http://127.0.0.1:8080/v1/files"),
  /** How often the outbox relay looks for unsent entries when not nudged, in milliseconds. Default 500. */
  OUTBOX_POLL_MS: envFields.milliseconds(500),
  /**
   * Most documents.rendered messages recorded in one transaction (one commit for all): those already received are
   * taken together, never waited for. At most eight batches at once (the consumer's concurrency). Default 32. 1
   * records each on its own.
   */
  RENDERED_BATCH_SIZE: z.coerce.number().int().min(1).max(256).default(32),
  /**
   * Most verdicts (documents.verdict, documents.despatch_verdict) applied in one transaction (one commit for all),
   * taken as RENDERED_BATCH_SIZE takes its messages. Default 32. 1 applies each on its own.
   */
  VERDICT_BATCH_SIZE: z.coerce.number().int().min(1).max(256).default(32),
});

export const loadNumberingEnv = (env?: Record<string, string | undefined>) =>
  parseEnv(numberingEnvSchema, env);
