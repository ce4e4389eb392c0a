import { envFields, parseEnv } from "@einvoice/platform";
import { z } from "zod";

export const streamEnvSchema = z.object({
  HOST: envFields.host(),
  /** Connect/gRPC port (HTTP/2 cleartext) of `StreamService.Subscribe`. Default 7070. */
  RPC_PORT: envFields.port(7070),
  /** HTTP/1.1 health port. Default 7071. */
  OPS_PORT: envFields.port(7071),
  LOG_LEVEL: envFields.logLevel(),
  NATS_URL: z.string().default("nats://127.0.0.1:4222"),
  NATS_STREAM_REPLICAS: envFields.natsStreamReplicas(),
  /**
   * How far before the time an event id encodes to look for it when a client resumes after it, in milliseconds:
   * covers clock skew between hosts and the delay between storing an event and publishing it. Default 60000.
   */
  STREAM_RESUME_SCAN_MARGIN_MS: envFields.milliseconds(60_000),
  /** Events each subscription pulls ahead from JetStream (bounds what one slow client holds here). Default 64. */
  STREAM_BATCH: z.coerce.number().int().min(1).max(1000).default(64),
});

export const loadStreamEnv = (env?: Record<string, string | undefined>) => parseEnv(streamEnvSchema, env);
