import { envFields, parseEnv, storageEnv } from "@einvoice/platform";
import { z } from "zod";

export const simulatorEnvSchema = z.object({
  MONGODB_URL: storageEnv.MONGODB_URL,
  DATA_DIR: storageEnv.DATA_DIR,
  HOST: envFields.host(),
  /** HTTP/1.1 port for the SOAP endpoints and health. Default 7090. */
  PORT: envFields.port(7090),
  LOG_LEVEL: envFields.logLevel(),
});

export type SimulatorEnv = z.infer<typeof simulatorEnvSchema>;

export const loadSimulatorEnv = (env?: Record<string, string | undefined>) =>
  parseEnv(simulatorEnvSchema, env);
