import { z } from "zod";
import { knobsSchema } from "./knobs.js";
import { OPERATIONS, type ScenarioSpec } from "./scenarios.js";

const matchSchema = z.strictObject({
  ruc: z
    .string()
    .regex(/^\d{11}$/, "must be an 11-digit RUC")
    .optional(),
  type: z
    .string()
    .regex(/^(\d{2}|RC|RA)$/i, "must be a document type such as 01, 09 or RC")
    .optional(),
  series: z.string().min(1, "must not be empty").optional(),
  number: z.number().int("must be an integer").min(1, "must be ≥ 1").optional(),
  operation: z.enum(OPERATIONS, { error: `must be one of ${OPERATIONS.join(", ")}` }).optional(),
});

const bodySchema = z.strictObject({
  match: matchSchema.default({}),
  knobs: knobsSchema,
  times: z.number().int("must be an integer").min(1, "must be ≥ 1").optional(),
});

export type ScenarioRequest = { ok: true; spec: ScenarioSpec } | { ok: false; error: string };

/** Validates a `POST /__sim/scenarios` body; the error names the offending field (`knobs.timeout_rate: …`). */
export function parseScenarioRequest(body: unknown): ScenarioRequest {
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
    const path = [...issue.path, ...keys.slice(0, 1)].join(".");
    const message = issue.code === "unrecognized_keys" ? "is not a known field" : issue.message;
    return { ok: false, error: `${path || "body"}: ${message}` };
  }
  const { match, knobs, times } = parsed.data;
  return { ok: true, spec: { match, knobs, ...(times !== undefined && { times }) } };
}
