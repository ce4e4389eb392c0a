import { envFields, parseEnv } from "@einvoice/platform";
import { z } from "zod";

export const taxEnvSchema = z.object({
  HOST: envFields.host(),
  /** Connect/gRPC port (HTTP/2 cleartext). Default 7020. */
  RPC_PORT: envFields.port(7020),
  /** HTTP/1.1 health port. Default 7021. */
  OPS_PORT: envFields.port(7021),
  LOG_LEVEL: envFields.logLevel(),
});

export const loadTaxEnv = (env?: Record<string, string | undefined>) => parseEnv(taxEnvSchema, env);
