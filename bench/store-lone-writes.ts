/**
 * Process CPU per store write of the writes a service makes one at a time, on a SQLite file, for two builds of
 * the store side by side in one process (this tree's and, with `--before <repo>`, another checkout's), alternating
 * rounds: a submission-like record written by `insertOne`, then `updateOne` of its lease and `upsert` of it whole
 * (each outside a transaction, awaited one after the other, so each is a group commit of its own), and a
 * signature-like record inserted, with the indexes each build's services declare. Commits skip the WAL sync
 * unless `--durable` (a durable write's CPU is mostly its fdatasync, the same on both sides). Not part of the tests.
 *
 *   node --import tsx bench/store-lone-writes.ts [--before /work/main] [--count 3000] [--rounds 3] [--durable]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { CollectionSpec, Store } from "../packages/store/src/index.js";
import { ownCpuMsSince } from "./lib/proc-cpu.js";

const { values: args } = parseArgs({
  options: {
    before: { type: "string" },
    count: { type: "string", default: "3000" },
    rounds: { type: "string", default: "3" },
    durable: { type: "boolean", default: false },
  },
});
const COUNT = Number(args.count);

interface Build {
  name: string;
  open: (file: string, options: { durableCommits: boolean }) => Store;
  submissions: CollectionSpec;
  signatures: CollectionSpec;
}

async function load(name: string, repo: string): Promise<Build> {
  const sqlite = await import(resolve(repo, "packages/store/src/sqlite/sqlite-store.ts"));
  const submission = await import(resolve(repo, "services/submission/src/adapters/submission-repository.ts"));
  const signing = await import(resolve(repo, "services/signing/src/adapters/signature-repository.ts"));
  return {
    name,
    open: (file, options) => sqlite.SqliteStore.open(file, options),
    submissions: submission.submissionsCollection,
    signatures: signing.signaturesCollection,
  };
}

const builds = [await load("this tree", resolve(import.meta.dirname, ".."))];
if (args.before) builds.unshift(await load(`before (${args.before})`, args.before));

const record = (i: number) => ({
  _id: `doc_${String(i).padStart(8, "0")}`,
  company_id: `cmp_${i % 8}`,
  livemode: false,
  ruc: "20000000001",
  state: "queued",
  next_attempt_at: new Date(1_700_000_000_000 + i).toISOString(),
  lease_until: new Date(0).toISOString(),
  verdict_published: false,
  attempts: 0,
  payload: "x".repeat(700),
});

async function round(build: Build, dir: string, n: number): Promise<Record<string, number>> {
  const store = build.open(join(dir, `${build.name.length}-${n}.sqlite`), { durableCommits: args.durable });
  await store.ensure([build.submissions, build.signatures]);
  const submissions = store.collection<ReturnType<typeof record>>(build.submissions);
  const signatures = store.collection<{
    _id: string;
    company_id: string;
    livemode: boolean;
    xml_key: string;
  }>(build.signatures);
  const timed = async (work: (i: number) => Promise<unknown>) => {
    const since = process.cpuUsage();
    for (let i = 0; i < COUNT; i++) await work(i);
    return (ownCpuMsSince(since) * 1000) / COUNT;
  };
  const figures = {
    insertOne: await timed((i) => submissions.insertOne(record(i))),
    updateOne: await timed((i) =>
      submissions.updateOne({ _id: record(i)._id }, { lease_until: new Date(2e12 + i).toISOString() }),
    ),
    upsert: await timed((i) => submissions.upsert({ ...record(i), state: "uncertain", attempts: 1 })),
    "signature insertOne": await timed((i) =>
      signatures.insertOne({
        _id: record(i)._id,
        company_id: "cmp_1",
        livemode: false,
        xml_key: "k".repeat(90),
      }),
    ),
  };
  await store.close();
  return figures;
}

const dir = mkdtempSync(join(tmpdir(), "store-lone-writes-"));
try {
  for (let n = 0; n < Number(args.rounds); n++) {
    for (const build of builds) {
      const figures = await round(build, dir, n);
      const cells = Object.entries(figures).map(([op, us]) => `${op} ${us.toFixed(1)}`);
      console.log(`round ${n + 1}, ${build.name}: µs of process CPU per write: ${cells.join(", ")}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
