import { z } from "zod";
import { parseMasterKeyList } from "./master-key.js";

/** Thrown at boot when the environment does not satisfy a service's schema; names every bad variable. */
export class EnvError extends Error {
  override readonly name = "EnvError";
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`invalid environment: ${issues.map((i) => `${i.variable}: ${i.message}`).join("; ")}`);
  }
}

/**
 * Parses `env` (default `process.env`) with a zod object schema whose keys are variable names. Services call
 * this once at boot and pass the typed result down; nothing reads `process.env` afterwards.
 */
export function parseEnv<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => ({ variable: issue.path.join("."), message: issue.message })),
    );
  }
  return result.data;
}

/** Reusable field builders, so each service's env.ts states only names, defaults and units. */
export const envFields = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  host: () => z.string().min(1).default("127.0.0.1"),
  logLevel: () => z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  url: () => z.url(),
  milliseconds: (fallback: number) => z.coerce.number().int().min(0).default(fallback),
  /** `RPC_TIMEOUT_MS`: the deadline of every call to another service, in milliseconds (at least 100). */
  rpcTimeoutMs: (fallback = 10_000) => z.coerce.number().int().min(100).default(fallback),
  /**
   * `NATS_STREAM_REPLICAS`: copies the NATS cluster keeps of each JetStream stream (1 on a single server, 3 on the
   * three-node cluster of deploy/k8s). Default 1.
   */
  natsStreamReplicas: () => z.coerce.number().int().min(1).max(5).default(1),
  /**
   * Master keys a service still opens but no longer seals with: comma-separated base64 of 32 bytes each, set
   * during a rotation (see the README's master keys section). Default empty.
   */
  masterKeyList: () =>
    z
      .string()
      .default("")
      .transform((value, ctx) => {
        try {
          return parseMasterKeyList(value);
        } catch (error) {
          ctx.addIssue({
            code: "custom",
            message: `expected comma-separated master keys, each base64 of 32 bytes (${(error as Error).message})`,
          });
          return z.NEVER;
        }
      }),
  /**
   * `NICENESS`: the scheduling priority (Unix nice value, 0 to 19, higher yields more) a service gives every one of
   * its threads once it is up (`lowerPriority`). 0 keeps the default priority.
   */
  niceness: (fallback: number) => z.coerce.number().int().min(0).max(19).default(fallback),
  bool: (fallback: boolean) =>
    z
      .enum(["true", "false", "1", "0"])
      .default(fallback ? "true" : "false")
      .transform((v) => v === "true" || v === "1"),
};
