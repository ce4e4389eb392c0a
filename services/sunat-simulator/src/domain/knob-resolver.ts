import { parseKnobHeader } from "./knob-header.js";
import { type Fate, type Knobs, layerKnobs, rollFate } from "./knobs.js";
import type { RequestSubject, ScenarioBook } from "./scenarios.js";

export interface ResolvedKnobs {
  /** Every source merged: header, then the first matching scenario, then the configuration. */
  knobs: Knobs;
  /** Header and scenario only: what this very request asked for, as opposed to the standing configuration. */
  explicit: Knobs;
  fate: Fate;
  scenarioId?: string;
}

export type Resolution = { ok: true; resolved: ResolvedKnobs } | { ok: false; error: string };

/**
 * Decides the knobs of one request. Precedence, highest first: the `x-sim-knobs` header, the first matching
 * runtime scenario (one of its `times` is used even when the header overrides all of its knobs), the
 * configuration. `random` is injected so tests and `SIM_RANDOM_SEED` control every roll.
 */
export class KnobResolver {
  constructor(
    private readonly configured: Knobs,
    readonly scenarios: ScenarioBook,
    private readonly random: () => number = Math.random,
  ) {}

  resolve(header: string | undefined, subject: RequestSubject): Resolution {
    const fromHeader = parseKnobHeader(header);
    if (!fromHeader.ok) return fromHeader;
    const scenario = this.scenarios.take(subject);
    const explicit = layerKnobs(fromHeader.knobs, scenario?.knobs);
    const knobs = layerKnobs(explicit, this.configured);
    return {
      ok: true,
      resolved: {
        knobs,
        explicit,
        fate: rollFate(knobs, this.random),
        ...(scenario && { scenarioId: scenario.id }),
      },
    };
  }
}
