/**
 * Where WAL checkpoints run, seen from numbering's create path, in process on a SQLite file: documents issued
 * through numbering's IssueQueue at a paced rate, each followed by the writes a document causes later (its verdict,
 * its rendering: `updatesPerDocument` field updates), with checkpoints on the committing connection ("inline",
 * SQLite's automatic checkpoint) or on the store's worker thread ("background"). Per round and side: the issue
 * latency p50 / p99 / max from its scheduled time, and the event loop's longest stall. Sides alternate per round,
 * each on a fresh file. Not part of the tests.
 *
 *   node --import tsx bench/sqlite-checkpoint.ts [--rate 200] [--seconds 15] [--rounds 4] [--updates 4] [--side inline]
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { SqliteStore } from "@einvoice/store";
import {
  DocumentRepository,
  documentsCollection,
} from "../services/numbering/src/adapters/document-repository.js";
import { outboxCollection } from "../services/numbering/src/adapters/outbox.js";
import { IssueDocument } from "../services/numbering/src/usecases/issue-document.js";
import { IssueQueue } from "../services/numbering/src/usecases/issue-queue.js";
import { computed, issuer, scope } from "../services/numbering/test-support/issue-fixtures.js";
import { fmt, percentile, sleep } from "./lib/stats.js";

const { values: args } = parseArgs({
  options: {
    /** Documents issued per second. */
    rate: { type: "string", default: "200" },
    seconds: { type: "string", default: "15" },
    rounds: { type: "string", default: "4" },
    /** Writes per document after its issue (verdict, rendering, outbox), each a transaction of its own. */
    updates: { type: "string", default: "4" },
    /** Only this side ("inline" or "background"), e.g. to count the syscalls of each under strace. */
    side: { type: "string" },
  },
});
const RATE = Number(args.rate);
const UPDATES = Number(args.updates);

async function run(background: boolean) {
  const dir = mkdtempSync(join(tmpdir(), "einvoice-checkpoint-"));
  const store = SqliteStore.open(join(dir, "numbering.sqlite"), background ? {} : { checkpoints: false });
  try {
    await store.ensure([documentsCollection, outboxCollection]);
    const issue = new IssueDocument(new IssueQueue(store, () => undefined), "http://files");
    const repository = new DocumentRepository(store);
    const latencies: number[] = [];
    const inFlight: Promise<void>[] = [];
    const lag = monitorEventLoopDelay({ resolution: 1 });
    lag.enable();
    const count = RATE * Number(args.seconds);
    const start = performance.now();
    for (let n = 0; n < count; n++) {
      const at = start + (n * 1000) / RATE;
      const delay = at - performance.now();
      if (delay > 0) await sleep(delay);
      inFlight.push(
        (async () => {
          const { id } = await issue.execute({ scope, issuer, computed });
          latencies.push(performance.now() - at);
          for (let u = 0; u < UPDATES; u++)
            await repository.setFields(
              scope,
              id,
              {},
              { updated_at: new Date().toISOString(), [`files.f${u}`]: `k${u}` },
            );
        })(),
      );
    }
    await Promise.all(inFlight);
    lag.disable();
    const walBytes = statSync(join(dir, "numbering.sqlite-wal")).size;
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      stall: lag.max / 1e6,
      stallP99: lag.percentile(99) / 1e6,
      walBytes,
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`${RATE} documents/s, ${UPDATES} writes after each, ${args.seconds} s per side and round`);
for (let round = 1; round <= Number(args.rounds); round++) {
  const order = args.side ? [args.side === "background"] : round % 2 ? [false, true] : [true, false];
  for (const background of order) {
    const load = loadavg()[0]!;
    const r = await run(background);
    console.log(
      `round ${round}, ${background ? "background" : "inline    "} (load ${fmt(load, 2)}): issue p50 / p99 / max ` +
        `${fmt(r.p50, 1)} / ${fmt(r.p99, 1)} / ${fmt(r.max, 0)} ms, event-loop delay p99 / max ${fmt(r.stallP99, 1)} / ${fmt(r.stall, 0)} ms, WAL ${fmt(r.walBytes / 2 ** 20, 1)} MiB`,
    );
  }
}
