import type { PayloadCodec } from "../src/payload.js";

export interface Probe {
  n: number;
}

/** A minimal payload for transport tests: `{n}` with an integer n; anything else is refused like a bad payload. */
export const probePayload: PayloadCodec<Probe> = {
  typeName: "test.Probe",
  encode: (probe) => probePayload.check(probe),
  check: (json) => ({ n: probeOf(json).n }),
  decode: (json) => probeOf(json),
  decodeReceived: (json) => ({ payload: probeOf(json), strict: false }),
};

function probeOf(json: unknown): Probe {
  const n = typeof json === "object" && json !== null ? (json as { n?: unknown }).n : undefined;
  if (typeof n !== "number" || !Number.isInteger(n)) throw new Error("n must be an integer");
  return { n };
}
