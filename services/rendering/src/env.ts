import { envFields, parseEnv } from "@einvoice/platform";
import { z } from "zod";

export const renderingEnvSchema = z.object({
  HOST: envFields.host(),
  /** HTTP/1.1 health port. Default 7061. */
  OPS_PORT: envFields.port(7061),
  LOG_LEVEL: envFields.logLevel(),
  NATS_URL: z.string().default("nats://127.0.0.1:4222"),
});

export const loadRenderingEnv = (env?: Record<string, string | undefined>) =>
  parseEnv(renderingEnvSchema, env);
