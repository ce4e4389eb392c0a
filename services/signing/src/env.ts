import { envFields, parseEnv, storageEnv } from "@einvoice/platform";
import { z } from "zod";

export const signingEnvSchema = z.object({
  ...storageEnv,
  HOST: envFields.host(),
  /** Connect/gRPC port (HTTP/2 cleartext). Default 7030. */
  RPC_PORT: envFields.port(7030),
  /** HTTP/1.1 health port. Default 7031. */
  OPS_PORT: envFields.port(7031),
  LOG_LEVEL: envFields.logLevel(),
  /**
   * Scheduling priority (Unix nice value, 0 to 19) this service gives every one of its threads once up. Default 5:
   * a create call does not wait on this work (only `Prefer: wait` does, for the verdict), so when the CPU is full
   * the create path (gateway, numbering) gets it first. The renderer, at 10, yields to this service in turn. 0 keeps
   * the default priority.
   */
  NICENESS: envFields.niceness(5),
  NATS_URL: z.string().default("nats://127.0.0.1:4222"),
  NATS_STREAM_REPLICAS: envFields.natsStreamReplicas(),
  /**
   * Base64 of 32 random bytes that encrypts private keys at rest (AES-256-GCM). Required in production; when
   * absent, a key is generated once into `DATA_DIR/signing-master.key` (embedded mode only).
   */
  SIGNING_MASTER_KEY: z.string().optional(),
  /**
   * Master keys signing still opens but no longer seals with, during a rotation: comma-separated base64 of 32
   * bytes each (the keys `SIGNING_MASTER_KEY` held before). Remove them once `npm run admin -- master-key
   * rotate` reports nothing left under them. Default empty.
   */
  SIGNING_MASTER_KEYS_PREVIOUS: envFields.masterKeyList(),
  /**
   * XMLDSig implementation: `lean` (own C14N + node:crypto, falls back to xml-crypto on XML it does not handle)
   * or `xml-crypto`. Both produce byte-identical signatures on our documents. Default `lean`.
   */
  SIGNER: z.enum(["lean", "xml-crypto"]).default("lean"),
});

export const loadSigningEnv = (env?: Record<string, string | undefined>) => parseEnv(signingEnvSchema, env);
