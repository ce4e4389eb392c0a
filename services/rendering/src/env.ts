import { envFields, parseEnv, storageEnv } from "@einvoice/platform";
import { z } from "zod";

export const renderingEnvSchema = z.object({
  ...storageEnv,
  HOST: envFields.host(),
  /** Connect/gRPC port (HTTP/2 cleartext): RenderTicket, the 80 mm ticket on its first request. Default 7060. */
  RPC_PORT: envFields.port(7060),
  /** HTTP/1.1 health port. Default 7061. */
  OPS_PORT: envFields.port(7061),
  LOG_LEVEL: envFields.logLevel(),
  NATS_URL: z.string().default("nats://127.0.0.1:4222"),
  NATS_STREAM_REPLICAS: envFields.natsStreamReplicas(),
  /** The register, asked for the issuer and computed document of each signed document. */
  NUMBERING_URL: z.string().default("http://127.0.0.1:7010"),
  /** Deadline of each call to numbering, in milliseconds. Default 10000. */
  RPC_TIMEOUT_MS: envFields.rpcTimeoutMs(),
  /**
   * Most signed documents one batch prints: those already received are taken together, their stored documents read
   * in one GetDocuments call (numbering answers at most 64), then rendered one after another. At most two batches
   * run at once (the consumer's concurrency). Default 16. 1 prints each document on its own.
   */
  RENDER_BATCH_SIZE: z.coerce.number().int().min(1).max(64).default(16),
  /**
   * Scheduling priority (Unix nice value, 0 to 19) the renderer gives every one of its threads once up. Default
   * 10: printing is off the verdict path, so on a shared host the issuing services (numbering, signing,
   * submission) get the CPU first and PDFs catch up when they are idle. 0 keeps the default priority.
   */
  NICENESS: envFields.niceness(10),
  /**
   * Bytes of issuers' logo files the renderer keeps in memory (the most recently printed first), so a company's PDFs
   * after its first read no file and decode no image (a kept logo's decoding is kept with it and dropped with it,
   * not counted here: a few times the file for a PNG with transparency); a logo larger than this is read and decoded
   * each time. Default 16777216 (16 MiB: at least 32 logos at the upload limit of 512 KiB, hundreds of typical
   * ones). 0 keeps none.
   */
  LOGO_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(16 * 1024 * 1024),
  /**
   * Printed after "Consulte su documento en": where a reader checks the document. Default SUNAT's public
   * validity check of electronic receipts.
   */
  CONSULT_URL: z.string().default("https://e-consulta.sunat.gob.pe/ol-ti-itconsvalicpe/ConsValiCpe.htm"),
});

export const loadRenderingEnv = (env?: Record<string, string | undefined>) =>
  parseEnv(renderingEnvSchema, env);
