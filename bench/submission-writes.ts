/**
 * Process CPU per document of submission's store writes around one send, on a SQLite file with durable commits,
 * for two builds side by side in one process (this tree's and, with `--before <repo>`, another checkout's),
 * alternating rounds: the admission (a RUC slot and the claimed record in one transaction), the `uncertain` mark
 * (not durable), the verdict (durable), the published mark (not durable) and the slot's release, as each build's
 * scheduler and steps make them; `--chains` documents at once, so commits are shared as in the service.
 * `--no-sync` skips every WAL sync (both builds make the same durable commits; without their syncs the rest
 * shows). Not part of the tests.
 *
 *   node --import tsx bench/submission-writes.ts [--before /work/main] [--count 2000] [--rounds 3] [--chains 16]
 *     [--no-sync]
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { CollectionSpec, Store, TransactionScope } from "../packages/store/src/index.js";
import {
  NO_LEASE,
  NOT_YET_SENT,
  type SubmissionRecord,
} from "../services/submission/src/adapters/submission-repository.js";
import { ownCpuMsSince } from "./lib/proc-cpu.js";

const { values: args } = parseArgs({
  options: {
    before: { type: "string" },
    count: { type: "string", default: "2000" },
    rounds: { type: "string", default: "3" },
    chains: { type: "string", default: "16" },
    "no-sync": { type: "boolean", default: false },
  },
});
const COUNT = Number(args.count);
const CHAINS = Number(args.chains);
const CAP = 4;

interface Slots {
  acquire(ruc: string, holder: string, now: Date, leaseUntil: string): Promise<string | null>;
  release(slot: string, holder: string): Promise<void>;
}
interface Held {
  hold(id: string, slot: string): void;
  releaseWithin(tx: TransactionScope, id: string): Promise<(() => void) | undefined>;
  take(id: string): string | undefined;
}

interface Repository {
  insert(record: SubmissionRecord): Promise<void>;
  save(record: SubmissionRecord): Promise<void>;
  markPublished(record: SubmissionRecord): Promise<unknown>;
}

interface Build {
  name: string;
  open: (file: string, options: { durableCommits: boolean }) => Store;
  repository: new (scope: TransactionScope) => Repository;
  slots: new (scope: TransactionScope, capacity: number) => Slots;
  /** Older builds' HeldSlots took the per-RUC cap, which a release never used. */
  held?: new (
    capacity?: number,
  ) => Held;
  specs: CollectionSpec[];
}

/** `thisTree`: the slots' release must be folded (`HeldSlots`); another checkout may predate it. */
async function load(name: string, repo: string, thisTree: boolean): Promise<Build> {
  const sqlite = await import(resolve(repo, "packages/store/src/sqlite/sqlite-store.ts"));
  const submissions = await import(
    resolve(repo, "services/submission/src/adapters/submission-repository.ts")
  );
  const slots = await import(resolve(repo, "services/submission/src/adapters/ruc-slots.ts"));
  const heldPath = resolve(repo, "services/submission/src/adapters/held-slots.ts");
  if (thisTree && !existsSync(heldPath)) throw new Error(`no HeldSlots at ${heldPath}`);
  const held = existsSync(heldPath) ? (await import(heldPath)).HeldSlots : undefined;
  return {
    name,
    open: (file, options) => sqlite.SqliteStore.open(file, options),
    repository: submissions.SubmissionRepository,
    slots: slots.RucSlots,
    held,
    specs: [submissions.submissionsCollection, slots.rucSlotsCollection],
  };
}

const builds = [await load("this tree", resolve(import.meta.dirname, ".."), true)];
if (args.before) builds.unshift(await load(`before (${args.before})`, args.before, false));

const record = (i: number, n: number): SubmissionRecord => ({
  _id: `doc_${n}_${String(i).padStart(8, "0")}`,
  company_id: `cmp_${i % 8}`,
  livemode: false,
  ruc: `200000000${String(i % 64).padStart(2, "0")}`,
  type: "01",
  series: "F001",
  number: i,
  issue_date: "2026-11-22",
  file_name: `2000000000${i % 8}-01-F001-${i}`,
  xml_key: `cmp_${i % 8}/test/2026/11/22/doc_${i}/2000000000${i % 8}-01-F001-${i}.xml`,
  hash: "qk3+d3eX0v1mQ1p8Yp3JkS8H2nE=",
  ...NOT_YET_SENT,
  next_attempt_at: new Date(1_700_000_000_000 + i).toISOString(),
  deadline_at: new Date(1_700_100_000_000).toISOString(),
  lease_until: new Date(1_700_000_030_000).toISOString(),
  trace: { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" },
  created_at: new Date(1_700_000_000_000).toISOString(),
  updated_at: new Date(1_700_000_000_000).toISOString(),
});

/** One document's writes, as the build's scheduler and steps make them. */
async function documentWrites(build: Build, store: Store, held: Held | undefined, i: number, n: number) {
  const now = new Date(1_700_000_000_000);
  const claimed = record(i, n);
  const slot = await store.transaction(async (tx) => {
    const taken = await new build.slots(tx, CAP).acquire(claimed.ruc, claimed._id, now, claimed.lease_until);
    if (taken) await new build.repository(tx).insert(claimed);
    return taken;
  });
  if (!slot) throw new Error("no slot");
  held?.hold(claimed._id, slot);
  Object.assign(claimed, { state: "uncertain", attempts: 1, updated_at: new Date().toISOString() });
  await store.transaction((tx) => new build.repository(tx).save(claimed), { durable: false });
  Object.assign(claimed, {
    state: "done",
    outcome: "accepted",
    sunat: {
      code: "0",
      description: `La Factura numero F001-${i}, ha sido aceptada`,
      notes: [],
      simulated: true,
    },
    cdr_key: claimed.xml_key.replace(".xml", ".zip"),
    lease_until: NO_LEASE,
    updated_at: new Date().toISOString(),
  });
  const released = await store.transaction(async (tx) => {
    await new build.repository(tx).save(claimed);
    return held?.releaseWithin(tx, claimed._id);
  });
  released?.();
  await store.transaction((tx) => new build.repository(tx).markPublished(claimed), { durable: false });
  const unreleased = held ? held.take(claimed._id) : slot;
  if (unreleased !== undefined)
    await store.transaction((tx) => new build.slots(tx, CAP).release(unreleased, claimed._id), {
      durable: false,
    });
}

async function round(build: Build, dir: string, n: number): Promise<number> {
  const store = build.open(join(dir, `${builds.indexOf(build)}-${n}.sqlite`), {
    durableCommits: !args["no-sync"],
  });
  await store.ensure(build.specs);
  const held = build.held ? new build.held(CAP) : undefined;
  let next = 0;
  const chain = async () => {
    while (next < COUNT) await documentWrites(build, store, held, next++, n);
  };
  const since = process.cpuUsage();
  await Promise.all(Array.from({ length: CHAINS }, chain));
  const us = (ownCpuMsSince(since) * 1000) / COUNT;
  await store.close();
  return us;
}

const dir = mkdtempSync(join(tmpdir(), "submission-writes-"));
// The store's checkpoint worker does not keep a process alive (a service's servers do): while it holds the write
// queue for its restart pass, nothing else here would, and the process would exit mid-round.
const keepAlive = setInterval(() => {}, 1000);
try {
  for (const build of builds) await round(build, dir, 0); // warm-up
  for (let n = 1; n <= Number(args.rounds); n++) {
    for (const build of n % 2 ? builds : [...builds].reverse()) {
      console.log(
        `round ${n}  ${build.name.padEnd(28)} ${(await round(build, dir, n)).toFixed(1)} µs per document`,
      );
    }
  }
} finally {
  clearInterval(keepAlive);
  rmSync(dir, { recursive: true, force: true });
}
