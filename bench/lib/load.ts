import type { AcceptanceWatcher } from "./acceptance.js";
import { sendClosedLoop, sendPaced } from "./arrivals.js";
import { createInvoice, fetchTicket, type TicketAnswer } from "./invoice.js";
import { machineShares, machineTicks, ownCpuMsSince, perUnitMs, snapshot } from "./proc-cpu.js";
import { progress } from "./progress.js";
import { percentile, sleep } from "./stats.js";

/** What one load step measured. Latencies in ms; CPU per document per process (undefined: not readable). */
export interface LoadResult {
  documents: number;
  created: number;
  accepted: number;
  /** create → accepted documents per second, from the first create call to the last acceptance. */
  perSecond: number;
  /**
   * With `shape.pdfs`: documents per second from the first create call until the last of them has its PDFs, the
   * rate the system sustains with PDFs (the renderer, niced and off the verdict path, finishes after acceptance).
   * Undefined when not asked for, or when the PDFs cannot be seen (attached through the API) or were not all made.
   */
  withPdfsPerSecond?: number;
  /**
   * Shares of the machine's CPU from the first create call to the last acceptance (/proc/stat, all cores):
   * `busy` counts every process (the load generator too), `steal` the time the host gave this VM's cores to others.
   */
  machine?: { busy: number; steal: number };
  createP50: number;
  createP99: number;
  /** The slowest create, in ms. */
  createMax: number;
  acceptP50: number;
  acceptP99: number;
  failures: Record<string, number>;
  /** Ticket requests answered "not yet" (404 `file_not_ready`, `Retry-After`) and sent again after it: not failures. */
  ticketRetries: number;
  cpuMs: Map<string, number | undefined>;
  /**
   * CPU ms per document of this process (the load generator and the acceptance watcher), from the first create
   * call to the last acceptance: it shares the cores with the system, so its cost comes off the system's rate.
   */
  generatorMs: number;
  /** Every created document id with the index of the key (company) that created it. */
  ids: [string, number][];
}

export interface LoadTarget {
  baseUrl: string;
  keys: string[];
  pids: ReadonlyMap<string, number>;
  watcher: AcceptanceWatcher;
}

export interface LoadShape {
  count: number;
  /** Closed loop: this many clients, each sending its next create as soon as the last one answered. */
  clients?: number;
  /** Open loop: creates sent at this fixed rate (per second), whatever the answers; latency from the schedule. */
  ratePerSecond?: number;
  wait?: boolean;
  /** Also wait for every created document's PDFs and report `withPdfsPerSecond` (the renderer must be running). */
  pdfs?: boolean;
  /**
   * With `pdfs`: also ask for the 80 mm ticket of one created document in this many, as soon as its A4 is made (a
   * point of sale printing it: the first request has it rendered). Such a document counts in `withPdfsPerSecond`
   * once its ticket is served too, and the tickets' work is in the CPU figures.
   */
  ticketEvery?: number;
}

let sequence = 0;

/** Runs one step: creates `count` invoices, waits for their acceptance and for the processes to go idle. */
export async function runLoad(target: LoadTarget, shape: LoadShape): Promise<LoadResult> {
  const created = new Map<string, number>();
  const owners: [string, number][] = [];
  const ownerOf = new Map<string, number>();
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const before = snapshot(target.pids);
  const ticksBefore = machineTicks();
  const generatorBefore = process.cpuUsage();
  const start = performance.now();
  const one = async (scheduledAt: number, client: number) => {
    const i = sequence++;
    const owner = client % target.keys.length;
    const outcome = await createInvoice(target.baseUrl, target.keys[owner]!, i, !!shape.wait);
    latencies.push(performance.now() - scheduledAt);
    if (outcome.id) {
      created.set(outcome.id, scheduledAt);
      owners.push([outcome.id, owner]);
      ownerOf.set(outcome.id, owner);
    } else {
      const reason = `${outcome.status} ${outcome.error ?? ""}`.trim();
      failures[reason] = (failures[reason] ?? 0) + 1;
    }
    if (latencies.length % 20 === 0)
      progress(
        `created ${latencies.length}/${shape.count}, accepted ${countIn(created, target.watcher.accepted)}`,
      );
  };
  if (shape.ratePerSecond) await sendPaced(shape.count, shape.ratePerSecond, (n, at) => one(at, n));
  else await sendClosedLoop(shape.count, shape.clients ?? 1, (_, client) => one(performance.now(), client));
  const deadline = performance.now() + 180_000;
  while (countIn(created, target.watcher.accepted) < created.size && performance.now() < deadline) {
    await target.watcher.next(500);
    progress(
      `created ${latencies.length}/${shape.count}, accepted ${countIn(created, target.watcher.accepted)}`,
    );
  }
  const machine = machineShares(ticksBefore, machineTicks());
  const generatorMs = ownCpuMsSince(generatorBefore);
  const ends = [...created.keys()]
    .map((id) => target.watcher.accepted.get(id))
    .filter((t) => t !== undefined);
  const missing = created.size - ends.length;
  if (missing) failures["not accepted within 180 s"] = missing;
  const last = ends.length ? Math.max(...ends) : Number.NaN;
  const ticketRetries = { count: 0 };
  const tickets = shape.ticketEvery
    ? {
        every: shape.ticketEvery,
        request: (id: string) => fetchTicket(target.baseUrl, target.keys[ownerOf.get(id)!]!, id),
        failures,
        retries: ticketRetries,
      }
    : undefined;
  const withPdfsPerSecond =
    shape.pdfs && target.watcher.seesPdfs
      ? await pdfRate(created, target.watcher, start, tickets)
      : undefined;
  await settle(target.pids);
  const cpuMs = perUnitMs(before, snapshot(target.pids), Math.max(1, created.size));
  return {
    documents: shape.count,
    created: created.size,
    accepted: ends.length,
    perSecond: (ends.length * 1000) / (last - start),
    withPdfsPerSecond,
    machine,
    createP50: percentile(latencies, 50),
    createP99: percentile(latencies, 99),
    createMax: latencies.reduce((a, b) => Math.max(a, b), 0),
    acceptP50: percentile(endToEnd(created, target.watcher), 50),
    acceptP99: percentile(endToEnd(created, target.watcher), 99),
    failures,
    ticketRetries: ticketRetries.count,
    cpuMs,
    generatorMs: generatorMs / Math.max(1, created.size),
    ids: owners,
  };
}

/** The tickets a run asks for: one document in `every`, requested through `request`. */
interface TicketRequests {
  every: number;
  request: (documentId: string) => Promise<TicketAnswer>;
  failures: Record<string, number>;
  /** Requests answered "not yet" with `Retry-After` and sent again after it, as the API asks a client to. */
  retries: { count: number };
}

/** How many times one ticket is asked for again after a `Retry-After` before it counts as failed. */
const TICKET_TRIES = 5;

/**
 * Asks for one ticket until it is served: the A4's event can come before numbering has recorded the rendering,
 * and the API then answers 404 `file_not_ready` with `Retry-After`, which a client honours. Resolves with the
 * final status.
 */
async function ticketServed(tickets: TicketRequests, id: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const answer = await tickets.request(id);
    if (answer.status === 200 || answer.retryAfterSeconds === undefined || attempt === TICKET_TRIES)
      return answer.status;
    tickets.retries.count++;
    await sleep(answer.retryAfterSeconds! * 1000);
  }
}

/**
 * Waits (at most 4 minutes: the renderer is niced) for every document's A4, and for the tickets asked for (each
 * requested as soon as its document's A4 is made); undefined if some never came.
 */
async function pdfRate(
  created: Map<string, number>,
  watcher: AcceptanceWatcher,
  start: number,
  tickets?: TicketRequests,
): Promise<number | undefined> {
  const deadline = performance.now() + 240_000;
  const wanted = tickets ? [...created.keys()].filter((_, n) => n % tickets.every === 0) : [];
  const asked = new Set<string>();
  const served = new Map<string, number>();
  const inFlight: Promise<void>[] = [];
  const askReady = () => {
    for (const id of wanted) {
      if (asked.has(id) || !watcher.rendered.has(id)) continue;
      asked.add(id);
      inFlight.push(
        ticketServed(tickets!, id).then((status) => {
          if (status === 200) served.set(id, performance.now());
          else tickets!.failures[`ticket ${status}`] = (tickets!.failures[`ticket ${status}`] ?? 0) + 1;
        }),
      );
    }
  };
  let made = countIn(created, watcher.rendered);
  askReady();
  while (made < created.size && performance.now() < deadline) {
    await watcher.next(500);
    made = countIn(created, watcher.rendered);
    askReady();
    progress(`PDFs made for ${made}/${created.size}, tickets served ${served.size}/${wanted.length}`);
  }
  await Promise.all(inFlight);
  if (made < created.size || made === 0 || served.size < wanted.length) return undefined;
  let last = start;
  for (const id of created.keys()) last = Math.max(last, watcher.rendered.get(id)!);
  for (const at of served.values()) last = Math.max(last, at);
  return (made * 1000) / (last - start);
}

function countIn(created: Map<string, number>, seen: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const id of created.keys()) if (seen.has(id)) n++;
  return n;
}

function endToEnd(created: Map<string, number>, watcher: AcceptanceWatcher): number[] {
  const out: number[] = [];
  for (const [id, t0] of created) {
    const t = watcher.accepted.get(id);
    if (t !== undefined) out.push(t - t0);
  }
  return out;
}

/**
 * Warms the system up (V8's compilation, connections, each company's test certificate) with `shape`, then drains
 * what that leaves behind before the idle load is measured: the renderer (niced, and slower than the rest) is left
 * with a backlog of PDFs, and `settle` would otherwise take its work for idle. Returns the warm-up's result and the
 * idle load, in cores.
 */
export async function warmUp(
  target: LoadTarget,
  shape: LoadShape,
): Promise<{ result: LoadResult; idle: number }> {
  const result = await runLoad({ ...target, pids: new Map() }, shape);
  progress("the renderer catches up");
  await settle(target.pids, { maxMs: 240_000, idle: 0.1 });
  return { result, idle: await measureIdle(target.pids) };
}

/** Cores the processes use together when nothing is sent (pollers, heartbeats), measured by `measureIdle`. */
let idleCores = 0;

/** CPU cores the processes use over `ms` (summed). */
async function busyCores(pids: ReadonlyMap<string, number>, ms: number): Promise<number> {
  const a = snapshot(pids);
  await sleep(ms);
  const b = snapshot(pids);
  let busy = 0;
  for (const [name, before] of a) busy += (b.get(name) ?? before ?? 0) - (before ?? 0);
  return busy / (ms / 1000);
}

/** Measures the idle load once (the system warmed up, nothing sent), so `settle` knows what idle looks like. */
export async function measureIdle(pids: ReadonlyMap<string, number>): Promise<number> {
  if (pids.size === 0) return 0;
  idleCores = await busyCores(pids, 2000);
  return idleCores;
}

/** How a `settle` ended: whether the processes reached their idle load, and after how long (ms). */
export interface Settled {
  idle: boolean;
  ms: number;
}

/**
 * "idle after 4.5 s", "not idle after 240 s" (the wait gave up: what follows starts with a backlog), or "not
 * checked" (no process to watch: an attached system without `--pid`).
 */
export function settledText(settled: Settled | undefined): string {
  if (!settled) return "not checked";
  return `${settled.idle ? "idle" : "not idle"} after ${(settled.ms / 1000).toFixed(1)} s`;
}

/** Most milliseconds a paced latency row waits for the system to be idle before it starts. */
export const PACED_SETTLE_MS = 240_000;

/**
 * Work a document causes after its acceptance (the PDFs, the events, the webhooks) belongs to its cost: wait
 * until the processes are back to their idle load (plus 5 % of a core) for three windows of 500 ms in a row, at
 * most `maxMs`, and say which of the two ended the wait (undefined: no process to watch). One quiet window was not enough: in one run the renderer,
 * with a backlog of 1,000 PDFs, dipped to 32 % of a core and below for half a second, and the idle load measured
 * right after was 80 % of a core, so every later settle left backlogs (docs/performance.md, "What the suite is
 * built on"). Before the idle load is measured, `idle` says what counts as idle (the warm-up's backlog of PDFs must
 * be drained before `measureIdle`).
 */
export async function settle(
  pids: ReadonlyMap<string, number>,
  { maxMs = 30_000, idle = idleCores }: { maxMs?: number; idle?: number } = {},
): Promise<Settled | undefined> {
  if (pids.size === 0) return undefined;
  const start = performance.now();
  const outcome = (reached: boolean): Settled => ({ idle: reached, ms: performance.now() - start });
  const until = start + maxMs;
  let quiet = 0;
  while (performance.now() < until) {
    const busy = await busyCores(pids, 500);
    quiet = busy <= idle + 0.05 ? quiet + 1 : 0;
    if (quiet >= QUIET_WINDOWS) return outcome(true);
    progress(`settling (${(busy * 100).toFixed(0)} % of a core busy)`);
  }
  return outcome(false);
}

/** Windows of 500 ms at the idle load, in a row, that make a settled system. */
const QUIET_WINDOWS = 3;
