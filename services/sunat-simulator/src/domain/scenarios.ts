import type { DocumentIdentity } from "./document-identity.js";
import type { Knobs } from "./knobs.js";

/** Every operation a scenario can target. `consult.getStatus` is billConsultService's validity query. */
export const OPERATIONS = [
  "sendBill",
  "getStatusCdr",
  "getStatus",
  "sendSummary",
  "gre.send",
  "gre.status",
  "consult.getStatus",
] as const;

export type Operation = (typeof OPERATIONS)[number];

/** The request a scenario is matched against. */
export interface RequestSubject {
  operation?: Operation;
  identity: DocumentIdentity;
}

export interface ScenarioMatch extends DocumentIdentity {
  operation?: Operation;
}

export interface ScenarioSpec {
  match: ScenarioMatch;
  knobs: Knobs;
  /** How many matching requests it applies to; undefined = unlimited. */
  times?: number;
}

export interface Scenario {
  id: string;
  match: ScenarioMatch;
  knobs: Knobs;
  /** Uses left; null = unlimited. */
  remaining: number | null;
}

/** True when every field the match names equals the subject's (series case-insensitively). */
export function scenarioMatches(match: ScenarioMatch, subject: RequestSubject): boolean {
  const { identity } = subject;
  if (match.operation !== undefined && match.operation !== subject.operation) return false;
  if (match.ruc !== undefined && match.ruc !== identity.ruc) return false;
  if (match.type !== undefined && match.type.toUpperCase() !== identity.type?.toUpperCase()) return false;
  if (match.series !== undefined && match.series.toUpperCase() !== identity.series?.toUpperCase())
    return false;
  if (match.number !== undefined && match.number !== identity.number) return false;
  return true;
}

/**
 * The scenarios registered at runtime, in registration order. One instance per simulator (no module state):
 * tests that start two simulators get two independent books.
 */
export class ScenarioBook {
  #scenarios: Scenario[] = [];
  #sequence = 0;

  add(spec: ScenarioSpec): Scenario {
    this.#sequence += 1;
    const scenario: Scenario = {
      id: `scn_${this.#sequence}`,
      match: { ...spec.match },
      knobs: { ...spec.knobs },
      remaining: spec.times ?? null,
    };
    this.#scenarios.push(scenario);
    return scenario;
  }

  clear(): void {
    this.#scenarios = [];
  }

  list(): readonly Scenario[] {
    return this.#scenarios;
  }

  /**
   * The first registered scenario matching the subject, consuming one use of it; a scenario whose uses run
   * out is dropped. Undefined when none matches.
   */
  take(subject: RequestSubject): Scenario | undefined {
    const scenario = this.#scenarios.find((s) => scenarioMatches(s.match, subject));
    if (!scenario) return undefined;
    if (scenario.remaining !== null) {
      scenario.remaining -= 1;
      if (scenario.remaining <= 0) this.#scenarios = this.#scenarios.filter((s) => s !== scenario);
    }
    return scenario;
  }
}
