import { envFields, parseEnv, storageEnv } from "@einvoice/platform";
import { z } from "zod";
import { forceCodeSchema, type Knobs } from "./domain/knobs.js";

const rate = z.coerce.number().min(0).max(1).default(0);

export const simulatorEnvSchema = z.object({
  MONGODB_URL: storageEnv.MONGODB_URL,
  DATA_DIR: storageEnv.DATA_DIR,
  HOST: envFields.host(),
  /** HTTP/1.1 port for the SOAP and GRE REST endpoints, the `/__sim/` control API and health. Default 7090. */
  PORT: envFields.port(7090),
  LOG_LEVEL: envFields.logLevel(),

  // Standing knobs: the lowest-precedence source, under runtime scenarios and the x-sim-knobs header.
  /** Milliseconds to wait before every answer. Default 0 (off). */
  SIM_LATENCY_MS: envFields.milliseconds(0),
  /** Probability 0..1 that a request gets HTTP 503 with a non-SOAP body and is not processed. Default 0. */
  SIM_HTTP_5XX_RATE: rate,
  /** Probability 0..1 that a request is never answered (held until the client gives up), not processed. Default 0. */
  SIM_TIMEOUT_RATE: rate,
  /** Probability 0..1 that a request is processed and registered, then the socket is destroyed. Default 0. */
  SIM_LOST_REPLY_RATE: rate,
  /** Polls of each new ticket (getStatus, GRE status) that answer 98 before the final answer. Default 0. */
  SIM_TICKET_PENDING_POLLS: z.coerce.number().int().min(0).default(0),
  /** SUNAT code to answer instead of every real verdict ("0", "0100"…"1999", "2000"…"3999", ≥ "4000"). Default unset. */
  SIM_FORCE_CODE: forceCodeSchema.optional(),
  /** Seed of the knobs' random rolls (an integer); unset = Math.random. Set it to replay a run exactly. */
  SIM_RANDOM_SEED: z.coerce.number().int().optional(),

  /**
   * Directories (path-delimiter separated) holding the maindoc XSDs (UBL-Invoice-2.1.xsd …,
   * UBL-SummaryDocuments-2.0.xsd …). When set, received XML is validated with xmllint (0306 when invalid) and
   * xmllint must be installed. Default unset: no XSD validation. Never copy the schemas into the repository.
   */
  SIM_XSD_DIR: z.string().min(1).optional(),
  /**
   * GRE API clients as `client_id:client_secret` pairs separated by commas. Default unset: any non-empty
   * client_id/client_secret pair gets a token.
   */
  SIM_GRE_CLIENTS: z
    .string()
    .regex(/^[^:,]+:[^,]+(,[^:,]+:[^,]+)*$/, "expected client_id:client_secret[,client_id:client_secret…]")
    .optional(),
  /** Lifetime of GRE access tokens, in seconds (SUNAT's `expires_in`). Default 3600. */
  SIM_GRE_TOKEN_TTL_S: z.coerce.number().int().min(1).default(3600),
});

export type SimulatorEnv = z.infer<typeof simulatorEnvSchema>;

export const loadSimulatorEnv = (env?: Record<string, string | undefined>) =>
  parseEnv(simulatorEnvSchema, env);

/** The knobs the environment sets for every request (all off by default). */
export function configuredKnobs(env: SimulatorEnv): Knobs {
  return {
    latency_ms: env.SIM_LATENCY_MS,
    http_5xx_rate: env.SIM_HTTP_5XX_RATE,
    timeout_rate: env.SIM_TIMEOUT_RATE,
    lost_reply_rate: env.SIM_LOST_REPLY_RATE,
    ticket_pending_polls: env.SIM_TICKET_PENDING_POLLS,
    ...(env.SIM_FORCE_CODE !== undefined && { force_code: env.SIM_FORCE_CODE }),
  };
}

/** `SIM_GRE_CLIENTS` as a map client_id → secret; undefined = any non-empty pair is accepted. */
export function greClients(env: SimulatorEnv): ReadonlyMap<string, string> | undefined {
  if (!env.SIM_GRE_CLIENTS) return undefined;
  return new Map(
    env.SIM_GRE_CLIENTS.split(",").map((pair) => {
      const colon = pair.indexOf(":");
      return [pair.slice(0, colon), pair.slice(colon + 1)] as const;
    }),
  );
}
