import { KNOB_NAMES, type KnobName, type Knobs, knobsSchema } from "./knobs.js";

export type HeaderParse = { ok: true; knobs: Knobs } | { ok: false; error: string };

const NUMERIC: ReadonlySet<KnobName> = new Set([
  "latency_ms",
  "http_5xx_rate",
  "timeout_rate",
  "lost_reply_rate",
  "ticket_pending_polls",
]);

/**
 * Parses `x-sim-knobs: latency_ms=200; force_code=3277` (semicolon-separated `name=value`, blanks ignored).
 * force_code stays a string so "0100" keeps its zero; the other knobs are numbers.
 */
export function parseKnobHeader(header: string | undefined): HeaderParse {
  if (header === undefined || header.trim() === "") return { ok: true, knobs: {} };
  const raw: Record<string, unknown> = {};
  for (const part of header.split(";")) {
    if (part.trim() === "") continue;
    const eq = part.indexOf("=");
    if (eq < 0) return { ok: false, error: `x-sim-knobs: "${part.trim()}" is not name=value` };
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (!(KNOB_NAMES as readonly string[]).includes(name)) {
      return { ok: false, error: `x-sim-knobs: unknown knob "${name}" (known: ${KNOB_NAMES.join(", ")})` };
    }
    if (NUMERIC.has(name as KnobName)) {
      const n = value === "" ? Number.NaN : Number(value);
      if (!Number.isFinite(n)) return { ok: false, error: `x-sim-knobs: ${name} must be a number` };
      raw[name] = n;
    } else {
      raw[name] = value;
    }
  }
  const parsed = knobsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `x-sim-knobs: ${issue.path.join(".")} ${issue.message}` };
  }
  return { ok: true, knobs: parsed.data };
}
