import type { Capacity } from "./capacity.js";
import type { EventListResult } from "./event-list.js";
import type { LoadResult, Settled } from "./load.js";
import type { MachineInfo } from "./machine.js";
import type { WebhookResult } from "./webhooks.js";

/** The in-process floor per five-line document, CPU ms (bench/build-sign.ts and the PDF benchmark). */
export interface Floor {
  tax: number;
  build: number;
  sign: number;
  zip: number;
  /** The A4 PDF, which the rendering service makes for every document. */
  pdf?: number;
  /** The 80 mm ticket, made only for the documents it is asked for (the runs with PDFs ask for one in ten). */
  ticket?: number;
  verify: number;
}

export interface E2eRun {
  label: string;
  clients: number;
  companies: number;
  pdf: boolean;
  /** Measured right after a system started (before any warm-up), to compare with the same run warm. */
  cold?: boolean;
  /** The load of the cold run with the same `rate` exactly (count, clients or rate, companies, tickets), after the warm-up. */
  coldTwin?: boolean;
  /** Paced: creates sent at this rate (per second) on a fixed schedule; absent, a closed loop of `clients`. */
  rate?: number;
  result: LoadResult;
}

export interface PacedRun {
  label: string;
  rate: number;
  result: LoadResult;
  /**
   * The settle before the row (bench/lib/load.ts `settle`, at most PACED_SETTLE_MS): whether the system was back to
   * its idle load when the row started, or started with the backlog the wait gave up on; and how long it waited
   * (absent: not checked, no process to watch).
   */
  settled?: Settled;
}

export interface NumberingFigures {
  clients?: number;
  numbers: number;
  numbers_per_second: number;
  latency_ms: { p50: number; p99: number };
  cpu_ms_per_number: number;
  gaps: number;
  duplicates: number;
  duplicates_returned?: number;
  returned_not_committed?: number;
  failures?: number;
}

export interface StreamFigures {
  streams: number;
  events: number;
  interval_ms: number;
  deliveries: number;
  expected: number;
  lag_ms: { p50: number; p99: number };
  gateway_kb_per_stream: number;
  stream_kb_per_stream: number;
}

export interface GrowthRun {
  stored: number;
  seeded: string;
  e2e?: LoadResult;
  events: EventListResult;
}

/** Everything one `npm run bench` measured; a part that could not be measured carries why. */
export interface SuiteResults {
  machine: MachineInfo;
  system: string;
  acceptanceVia: string;
  cpuReadable: boolean;
  floor?: Floor;
  floorError?: string;
  e2e: E2eRun[];
  /** What the system sustains with PDFs (from the long run's CPU per document): twice the paced rate. */
  sustainable?: Capacity;
  /** The same from the cold run (right after start, before the warm-up). */
  sustainableCold?: Capacity;
  paced: PacedRun[];
  /** Why the cold run at the same arrivals was not measured, when it failed. */
  sameArrivalsError?: string;
  numbering?: NumberingFigures;
  numberingError?: string;
  growth: GrowthRun[];
  growthNote?: string;
  stream?: StreamFigures;
  streamError?: string;
  webhooks?: WebhookResult;
  webhooksError?: string;
  seconds: number;
  /** Set while the run is going on, or when it stopped early: said at the top of the table. */
  unfinished?: string;
}
