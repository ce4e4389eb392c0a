import { z } from "zod";

/**
 * The failure and verdict knobs. The same names are used in the `x-sim-knobs` header, in control-API
 * scenarios and, upper-cased with a `SIM_` prefix, in the environment. An absent knob is "off".
 */
export interface Knobs {
  /** Milliseconds to wait before answering (after processing, so a slow answer still registers). */
  latency_ms?: number;
  /** Probability 0..1 of answering HTTP 503 with a non-SOAP body, without processing the request. */
  http_5xx_rate?: number;
  /** Probability 0..1 of never answering: the request is held open until the client gives up. Not processed. */
  timeout_rate?: number;
  /** Probability 0..1 of processing (and registering) normally, then destroying the socket without an answer. */
  lost_reply_rate?: number;
  /** How many polls of a ticket (getStatus, GRE status) answer 98 before the final answer. */
  ticket_pending_polls?: number;
  /** SUNAT return code to answer instead of the real verdict: "0", "0100"–"1999", "2000"–"3999" or ≥ "4000". */
  force_code?: string;
}

export const KNOB_NAMES = [
  "latency_ms",
  "http_5xx_rate",
  "timeout_rate",
  "lost_reply_rate",
  "ticket_pending_polls",
  "force_code",
] as const satisfies readonly (keyof Knobs)[];

export type KnobName = (typeof KNOB_NAMES)[number];

const rate = z.number().min(0, "must be between 0 and 1").max(1, "must be between 0 and 1");
const count = z.number().int("must be an integer").min(0, "must be ≥ 0");

/** "0" or a four-digit code; a JSON number is padded (100 → "0100"), since SUNAT codes are strings. */
export const forceCodeSchema = z.union([
  z.string().regex(/^(0|\d{4})$/, 'must be "0" or a four-digit SUNAT code'),
  z
    .number()
    .int("must be an integer")
    .min(0)
    .max(9999, "must be at most 9999")
    .transform((n) => (n === 0 ? "0" : String(n).padStart(4, "0"))),
]);

/** Strict: an unknown knob name is an error, so a typo in a test cannot silently do nothing. */
export const knobsSchema = z.strictObject({
  latency_ms: count.max(600_000, "must be at most 600000").optional(),
  http_5xx_rate: rate.optional(),
  timeout_rate: rate.optional(),
  lost_reply_rate: rate.optional(),
  ticket_pending_polls: count.optional(),
  force_code: forceCodeSchema.optional(),
});

/** Merges knob layers given highest precedence first: for each knob the first layer that sets it wins. */
export function layerKnobs(...layers: (Knobs | undefined)[]): Knobs {
  const merged: Knobs = {};
  for (const name of KNOB_NAMES) {
    const layer = layers.find((l) => l?.[name] !== undefined);
    if (layer) Object.assign(merged, { [name]: layer[name] });
  }
  return merged;
}

/** What happens to a request before (and instead of) a normal answer. */
export type Fate = "http_5xx" | "timeout" | "lost_reply" | "answer";

/**
 * Rolls the three failure rates in a fixed order (5xx, timeout, lost reply). A rate of 0 or less draws no
 * number, so a seeded sequence only advances for knobs that are on; `random() < rate` makes 1 always fire.
 */
export function rollFate(knobs: Knobs, random: () => number): Fate {
  const fires = (rate: number | undefined) => rate !== undefined && rate > 0 && random() < rate;
  if (fires(knobs.http_5xx_rate)) return "http_5xx";
  if (fires(knobs.timeout_rate)) return "timeout";
  if (fires(knobs.lost_reply_rate)) return "lost_reply";
  return "answer";
}
