import { envFields, parseEnv, storageEnv } from "@einvoice/platform";
import { z } from "zod";

export const submissionEnvSchema = z.object({
  ...storageEnv,
  HOST: envFields.host(),
  /** Connect/gRPC port (HTTP/2 cleartext). Default 7040. */
  RPC_PORT: envFields.port(7040),
  /** HTTP/1.1 health port. Default 7041. */
  OPS_PORT: envFields.port(7041),
  LOG_LEVEL: envFields.logLevel(),
  NATS_URL: z.string().default("nats://127.0.0.1:4222"),
  /** billService for test mode. Default: our SUNAT simulator (SUNAT's beta is unreachable offline). */
  SUNAT_TEST_BILL_URL: z.string().default("http://127.0.0.1:7090/ol-ti-itcpfegem-beta/billService"),
  /** Whether the test endpoint is our simulator; verdicts then carry `simulated: true`. */
  SUNAT_TEST_SIMULATED: envFields.bool(true),
  /** SOL user/password for test mode; SUNAT beta's public pair by default. */
  SUNAT_TEST_SOL_USER: z.string().default("MODDATOS"),
  SUNAT_TEST_SOL_PASSWORD: z.string().default("moddatos"),
  /** billService for live mode (SUNAT production). */
  SUNAT_LIVE_BILL_URL: z.string().default("https://e-factura.sunat.gob.pe/ol-ti-itcpfegem/billService"),
  /** Time allowed for one SUNAT call, in milliseconds; SUNAT sometimes takes over a minute. Default 90000. */
  SUNAT_TIMEOUT_MS: envFields.milliseconds(90_000),
});

export type SubmissionEnv = z.infer<typeof submissionEnvSchema>;

export const loadSubmissionEnv = (env?: Record<string, string | undefined>) =>
  parseEnv(submissionEnvSchema, env);
