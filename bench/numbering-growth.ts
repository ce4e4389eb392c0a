/**
 * Does numbering's write path cost more once the register holds many documents? In process, on two SQLite files:
 * one seeded with `--small` documents, one with `--large`: 1000 written through the service's own use cases (issue,
 * rendering, verdict, outbox delete), the rest cloned from them as `--growth-100k` grows a store (growth-seed.ts). Then rounds
 * alternate the two stores, writing the same documents into each: issues in calls of `--per-call` (as the gateway
 * batches them), the rendered batch, the verdicts' batch, and the relay's outbox deletes, as the pipeline does per
 * document. Reports CPU (`process.cpuUsage()`), wall time and bytes written (`/proc/self/io` wchar: WAL frames and
 * checkpoints) per document per side, and large/small per round.
 *   node --import tsx bench/numbering-growth.ts [--small 1000] [--large 100000] [--docs 400] [--rounds 6]
 *     [--companies 8] [--per-call 16] [--dir /tmp/x]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SqliteStore, type Store } from "@einvoice/store";
import { computeDocument } from "@einvoice/tax-engine";
import { documentsCollection } from "../services/numbering/src/adapters/document-repository.js";
import { type OutboxEntry, outboxCollection } from "../services/numbering/src/adapters/outbox.js";
import { ApplyVerdict } from "../services/numbering/src/usecases/apply-verdict.js";
import { IssueDocument } from "../services/numbering/src/usecases/issue-document.js";
import { IssueQueue } from "../services/numbering/src/usecases/issue-queue.js";
import { RecordRendering } from "../services/numbering/src/usecases/record-rendering.js";
import { issuer } from "../services/numbering/test-support/issue-fixtures.js";
import { seedByCloning } from "./lib/growth-seed.js";
import { benchInvoice } from "./lib/invoice.js";

const { values: args } = parseArgs({
  options: {
    small: { type: "string", default: "1000" },
    large: { type: "string", default: "100000" },
    docs: { type: "string", default: "400" },
    rounds: { type: "string", default: "6" },
    companies: { type: "string", default: "8" },
    "per-call": { type: "string", default: "16" },
    dir: { type: "string" },
  },
});
const COMPANIES = Number(args.companies);
const PER_CALL = Number(args["per-call"]);
/** Documents written through the use cases per store; the rest are clones of them. */
const TEMPLATES = 1_000;

const computedDocs = Array.from({ length: 64 }, (_, i) => {
  const result = computeDocument(benchInvoice(i), { type: "01", today: "2026-11-23" });
  if (!result.ok) throw new Error("refused");
  return result.document;
});
const silent = { warn() {}, info() {}, error() {}, debug() {} } as never;

/** The service's write path for `count` documents, `PER_CALL` at a time; returns nothing, throws on a failure. */
async function writeDocuments(store: Store, count: number, offset: number): Promise<string[]> {
  const ids: string[] = [];
  let handed: OutboxEntry[] = [];
  const afterCommit = (entries: readonly OutboxEntry[]) => handed.push(...entries);
  const issue = new IssueDocument(new IssueQueue(store, afterCommit), "http://files");
  const rendering = new RecordRendering(store);
  const verdict = new ApplyVerdict(store, "http://files", silent, afterCommit);
  const relayDelete = async () => {
    const sent = handed;
    handed = [];
    await store.transaction(
      async (tx) => {
        const rows = tx.collection<OutboxEntry>(outboxCollection);
        for (const entry of sent) await rows.deleteOne({ _id: entry._id });
      },
      { durable: false },
    );
  };
  for (let done = 0; done < count; done += PER_CALL) {
    const n = Math.min(PER_CALL, count - done);
    const scopeOf = (i: number) => ({ companyId: `cmp_${(offset + done + i) % COMPANIES}`, livemode: false });
    const issued = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        issue.execute({
          scope: scopeOf(i),
          issuer: issuer as never,
          computed: computedDocs[(offset + done + i) % computedDocs.length]!,
        }),
      ),
    );
    ids.push(...issued.map((d) => d.id));
    await relayDelete();
    const outcome = await rendering.execute(
      issued.map((d, i) => ({
        ...scopeOf(i),
        documentId: d.id,
        pdfKey: `pdf/${d.id}.pdf`,
        ticketKey: `ticket/${d.id}.pdf`,
        xmlKey: `xml/${d.id}.xml`,
        hash: "ZGlnZXN0",
      })) as never,
    );
    if (outcome.some((o) => o !== undefined)) throw new Error("rendering not recorded");
    const verdicts = await verdict.executeBatch(
      issued.map((d, i) => ({
        payload: {
          ...scopeOf(i),
          documentId: d.id,
          outcome: "accepted",
          sunat: { code: "0", description: "aceptada", notes: [], simulated: true },
          xmlKey: `xml/${d.id}.xml`,
          cdrKey: `cdr/${d.id}.zip`,
          hash: "ZGlnZXN0",
        } as never,
      })),
    );
    if (verdicts.some((o) => o !== undefined)) throw new Error("verdict not applied");
    await relayDelete();
  }
  return ids;
}

/** `TEMPLATES` documents written through the use cases, then cloned by growth-seed.ts up to `documents`. */
async function seeded(dir: string, documents: number): Promise<SqliteStore> {
  const file = join(dir, "numbering.sqlite");
  const seeding = SqliteStore.open(file, { durableCommits: false });
  await seeding.ensure([documentsCollection, outboxCollection]);
  const ids = await writeDocuments(seeding, Math.min(TEMPLATES, documents), 0);
  await seeding.close();
  if (documents > ids.length) {
    const seed = seedByCloning(dir, ids, documents, () => undefined);
    if (Object.keys(seed.refused).length > 0) throw new Error(`seed refused ${JSON.stringify(seed.refused)}`);
  }
  const store = SqliteStore.open(file);
  await store.ensure([documentsCollection, outboxCollection]);
  return store;
}

/** Bytes this process has handed to write(2) so far: WAL frames and checkpoints. */
const writtenBytes = () => Number(readFileSync("/proc/self/io", "utf8").match(/wchar: (\d+)/)![1]);

const dir = args.dir ?? mkdtempSync(join(tmpdir(), "numbering-growth-"));
mkdirSync(join(dir, "small"), { recursive: true });
mkdirSync(join(dir, "large"), { recursive: true });
const sides = {
  small: await seeded(join(dir, "small"), Number(args.small)),
  large: await seeded(join(dir, "large"), Number(args.large)),
};
const docs = Number(args.docs);
console.log(
  `stored: small ${args.small}, large ${args.large}; ${docs} documents per side per round, ${PER_CALL} per call, load ${loadavg()[0]!.toFixed(2)}`,
);
const ratios: number[] = [];
let offset = 1_000_000;
for (let round = 0; round <= Number(args.rounds); round++) {
  const order = round % 2 ? (["large", "small"] as const) : (["small", "large"] as const);
  const cpu: Record<string, number> = {};
  const wall: Record<string, number> = {};
  const written: Record<string, number> = {};
  const load = loadavg()[0]!.toFixed(2);
  for (const side of order) {
    const io0 = writtenBytes();
    const before = process.cpuUsage();
    const t0 = performance.now();
    await writeDocuments(sides[side], docs, offset);
    const used = process.cpuUsage(before);
    cpu[side] = (used.user + used.system) / 1000 / docs;
    wall[side] = (performance.now() - t0) / docs;
    written[side] = (writtenBytes() - io0) / 1024 / docs;
  }
  offset += docs;
  // Round 0 warms both sides up and is not reported.
  if (round === 0) continue;
  ratios.push(cpu.large! / cpu.small!);
  console.log(
    `round ${round} (load ${load}, ${order[0]} first): CPU ms/doc small ${cpu.small!.toFixed(3)} large ${cpu.large!.toFixed(3)} (large/small ${(cpu.large! / cpu.small!).toFixed(2)}); wall ms/doc small ${wall.small!.toFixed(3)} large ${wall.large!.toFixed(3)}; KiB written/doc small ${written.small!.toFixed(1)} large ${written.large!.toFixed(1)}`,
  );
}
ratios.sort((a, b) => a - b);
console.log(`median large/small CPU ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}`);
await sides.small.close();
await sides.large.close();
if (!args.dir) rmSync(dir, { recursive: true, force: true });
