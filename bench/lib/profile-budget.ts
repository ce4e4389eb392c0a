/**
 * Where each service's main thread spends its time, by kind of work, from the V8 CPU profiles `bench/pipeline.ts
 * --cpu-prof` writes. A sample is charged to the nearest frame on its stack (leaf first) that belongs to a known
 * package or source folder; frames of node itself (`node:*`) and native frames are transparent, so a socket write
 * made by the NATS client is the broker's and an fs call of the object store is the files'. Bundled services are
 * mapped back to their TypeScript sources through the bundle's source map. Only samples inside the measured window
 * count (both the profiles and `process.hrtime` read the same monotonic clock).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, join, resolve } from "node:path";

/** Kinds of work, in the order the table shows them. */
export const KINDS = [
  "RPC (Connect, HTTP/2)",
  "protobuf & contracts",
  "broker (NATS client)",
  "store (SQLite)",
  "files (object store)",
  "HTTP server (Koa)",
  "domain work",
  "service code",
  "telemetry & logs",
  "garbage collector",
  "runtime (event loop, promises)",
] as const;
export type Kind = (typeof KINDS)[number];

/** First match wins; tested against a node_modules package name or a repository path. */
const RULES: [RegExp, Kind][] = [
  [/^@connectrpc\/|^packages\/platform\/src\/rpc/, "RPC (Connect, HTTP/2)"],
  [/^@bufbuild\/|^packages\/(proto|contracts)\/|^ajv/, "protobuf & contracts"],
  [/^@nats-io\/|^packages\/broker\//, "broker (NATS client)"],
  [/^better-sqlite3|^packages\/store\/|\/adapters\/[a-z-]*repositor/, "store (SQLite)"],
  [/^packages\/objects\//, "files (object store)"],
  [
    /^koa|^@koa\/|^delegates|^on-finished|^statuses|^http-errors|^accepts|^type-is|^negotiator/,
    "HTTP server (Koa)",
  ],
  [
    /^packages\/(tax-engine|ubl|sunat|pdf|domain)\/|^services\/[a-z-]+\/src\/domain\/|^decimal\.js|^xml-crypto|^fast-xml-parser|^xmlbuilder2|^fflate|^archiver|^pdfkit/,
    "domain work",
  ],
  [
    /^@opentelemetry\/|^pino|^prom-client|^packages\/platform\/src\/(telemetry|log|metrics)/,
    "telemetry & logs",
  ],
  [/^services\/|^packages\//, "service code"],
];

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Written by bench/pipeline.ts beside the profiles: the measured run's window and its CPU per document. */
export interface ProfileWindow {
  /** Start and end of the measured run, in microseconds of the monotonic clock the profiles use. */
  fromUs: number;
  toUs: number;
  documents: number;
  /** CPU milliseconds per document of each process, from /proc. */
  cpuMs: Record<string, number>;
}

/** Milliseconds of main-thread time per kind inside `[fromUs, toUs]`, and the total. */
export interface Budget {
  busyMs: number;
  byKind: Map<Kind, number>;
  /** Bundles rebuilt after the profile was written: their source maps no longer match its line numbers. */
  staleBundles: string[];
}

export function budgetOf(profileFile: string, fromUs: number, toUs: number): Budget {
  const profile = JSON.parse(readFileSync(profileFile, "utf8")) as Profile;
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const maps = new SourceMaps(statSync(profileFile).mtimeMs);
  const kindOfNode = new Map<number, Kind | null>();
  const ownKind = (node: ProfileNode): Kind | null => {
    let kind = kindOfNode.get(node.id);
    if (kind === undefined) {
      kind = classify(node.callFrame, maps);
      kindOfNode.set(node.id, kind);
    }
    return kind;
  };
  const byKind = new Map<Kind, number>();
  let busyUs = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    // A sample stands for the time until the next one.
    const weight = profile.timeDeltas[i + 1] ?? 0;
    if (at < fromUs || at > toUs) continue;
    const leaf = byId.get(profile.samples[i]!)!;
    const name = leaf.callFrame.functionName;
    if (name === "(idle)") continue;
    let kind: Kind | null = name === "(garbage collector)" ? "garbage collector" : null;
    for (let id: number | undefined = leaf.id; kind === null && id !== undefined; id = parent.get(id))
      kind = ownKind(byId.get(id)!);
    kind ??= "runtime (event loop, promises)";
    byKind.set(kind, (byKind.get(kind) ?? 0) + weight);
    busyUs += weight;
  }
  for (const [kind, us] of byKind) byKind.set(kind, us / 1000);
  return { busyMs: busyUs / 1000, byKind, staleBundles: [...maps.stale] };
}

/** The kind a frame itself belongs to, or null for node's own and native frames (charged to their caller). */
function classify(frame: Frame, maps: SourceMaps): Kind | null {
  const path = sourceOf(frame, maps);
  if (!path) return null;
  for (const [pattern, kind] of RULES) if (pattern.test(path)) return kind;
  return null;
}

/** A package name (`@nats-io/nats-core`) or a repository path (`packages/store/src/…`); null for node and native. */
function sourceOf(frame: Frame, maps: SourceMaps): string | null {
  const url = frame.url;
  if (!url || url.startsWith("node:")) return null;
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1]!;
  const file = url.replace(/^file:\/\//, "");
  const mapped = maps.original(file, frame.lineNumber, frame.columnNumber);
  const path = mapped ?? file;
  const inModulesMapped = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModulesMapped) return inModulesMapped[1]!;
  const repo = path.match(/((?:packages|services)\/.*)$/);
  return repo ? repo[1]! : null;
}

/** Source maps of bundled files (`dist/main.js.map`), loaded once each. */
class SourceMaps {
  private readonly loaded = new Map<string, SourceMap | null>();
  readonly stale = new Set<string>();

  /** `profiledAt`: when the profile was written (ms since the epoch). */
  constructor(private readonly profiledAt: number) {}

  original(file: string, line: number, column: number): string | null {
    let map = this.loaded.get(file);
    if (map === undefined) {
      if ((statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) > this.profiledAt) this.stale.add(file);
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
      } catch {
        map = null;
      }
      this.loaded.set(file, map);
    }
    if (!map) return null;
    const entry = map.findEntry(line, column) as { originalSource?: string };
    return entry.originalSource ? resolve(dirname(file), entry.originalSource) : null;
  }
}

/**
 * Node names a profile `CPU.<date>.<time>.<pid>.<thread id>.<sequence>.cpuprofile`; thread 0 is the main thread (a
 * worker, e.g. the store's checkpoint worker, writes a profile of its own).
 */
const MAIN_THREAD_PROFILE = /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/;

/** The latest main-thread `.cpuprofile` file under a `--cpu-prof` folder, by service (one sub-folder each). */
export function profilesIn(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const service of readdirSync(folder, { withFileTypes: true })) {
    if (!service.isDirectory()) continue;
    // Profile names start with the date and time they were taken: the last one is the latest run's.
    const file = readdirSync(join(folder, service.name))
      .filter((name) => MAIN_THREAD_PROFILE.test(name))
      .sort()
      .at(-1);
    if (file) found.set(service.name, join(folder, service.name, file));
  }
  return found;
}
