/**
 * The event list at 100 k stored events, in process, on scratch SQLite files: the list and indexes before it had
 * indexes of its own ("old") against today's ("new"), in alternating rounds; both sides' pages are checked equal.
 *   node --import tsx bench/list-growth.ts [--events 100000] [--rounds 6] [--calls 200] [--dir /tmp/list-growth]
 */
import { existsSync, mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { Scope } from "@einvoice/domain";
import { idRangeAt } from "@einvoice/platform";
import {
  type CollectionSpec,
  type Filter,
  type Page,
  pageByIdDescending,
  SqliteStore,
} from "@einvoice/store";
import {
  type EventRecord,
  EventRepository,
  eventsCollection,
} from "../services/notification/src/adapters/event-repository.js";

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "100000" },
    rounds: { type: "string", default: "6" },
    calls: { type: "string", default: "200" },
    dir: { type: "string", default: "/tmp/list-growth" },
  },
});
const total = Number(values.events);
const rounds = Number(values.rounds);
const calls = Number(values.calls);

const OLD_EVENTS: CollectionSpec = {
  name: "events",
  indexes: [
    { fields: ["source_key"], unique: true },
    { fields: ["company_id", "livemode", "type"] },
    { fields: ["company_id", "livemode", "document_id"] },
    { fields: ["created_at"] },
  ],
};
const TYPES = [
  "document.created",
  "document.submitted",
  "document.accepted",
  "document.pdf_ready",
  "email.sent",
];
const scope: Scope = { companyId: "co_bench", livemode: false };
const start = Date.parse("2026-01-01T00:00:00.000Z");

/** The service's id shape (`newId`), made at the event's created_at (n seconds after the start), n for the random part. */
function eventId(n: number): string {
  return `${idRangeAt("evt", start + n * 1_000).first}${String(n).padStart(16, "0")}`;
}

/** Events as the bench's company produces them: five per document, a tenth of them another company's. */
async function fill(file: string, spec: CollectionSpec): Promise<void> {
  const store = SqliteStore.open(file, { durableCommits: false });
  await store.ensure([spec]);
  for (let from = 0; from < total; from += 1_000)
    await store.transaction(async (tx) => {
      const events = tx.collection<EventRecord>(spec);
      for (let n = from; n < Math.min(total, from + 1_000); n++) {
        const at = new Date(start + n * 1_000);
        const document = Math.floor(n / 5);
        const type = TYPES[n % 5]!;
        await events.insertOne({
          _id: eventId(n),
          company_id: n % 10 === 9 ? "co_other" : scope.companyId,
          livemode: false,
          type,
          created_at: at.toISOString(),
          document_id: `doc_${String(document).padStart(7, "0")}`,
          source_key: `doc_${document}:${type}:${n}`,
          object: {
            id: `doc_${document}`,
            status: "accepted",
            total: "118.00",
            lines: [{ description: "Item" }],
          },
        });
      }
    });
  await store.close();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Query = Parameters<EventRepository["list"]>[1];
type List = (query: Query) => Promise<Page<EventRecord>>;

/** The list as it was before it had its indexes: the same filter without bounds on the id. */
function oldList(store: SqliteStore): List {
  const events = store.collection<EventRecord>(OLD_EVENTS);
  return (query) => {
    const filter: Filter = {
      company_id: scope.companyId,
      livemode: scope.livemode,
      created_at: {
        $gte: query.createdGte && query.createdGte > query.notBefore ? query.createdGte : query.notBefore,
        ...(query.createdLte ? { $lte: query.createdLte } : {}),
      },
    };
    if (query.type) filter.type = query.type;
    if (query.documentId) filter.document_id = query.documentId;
    return pageByIdDescending(events, filter, query);
  };
}

async function time(list: List, query: Query): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const began = performance.now();
    const page = await list(query);
    times.push(performance.now() - began);
    if (page.rows.length !== query.limit) throw new Error("short page");
  }
  return times.sort((a, b) => a - b);
}

const dir = values.dir;
mkdirSync(dir, { recursive: true });
const files = { old: join(dir, "old.sqlite"), new: join(dir, "new.sqlite") };
if (!existsSync(files.old)) {
  await fill(files.old, OLD_EVENTS);
  await fill(files.new, eventsCollection);
}
const stores = { old: SqliteStore.open(files.old), new: SqliteStore.open(files.new) };
const specs = { old: OLD_EVENTS, new: eventsCollection };
for (const side of ["old", "new"] as const) await stores[side].ensure([specs[side]]);
const notBefore = "2025-12-01T00:00:00.000Z";
const lists: Record<"old" | "new", List> = {
  old: oldList(stores.old),
  new: (query) => new EventRepository(stores.new).list(scope, query),
};
const queries: Record<string, Query> = {
  newest: { limit: 10, notBefore },
  type: { limit: 10, notBefore, type: "document.accepted" },
  document: { limit: 5, notBefore, documentId: `doc_${String(Math.floor(total / 10)).padStart(7, "0")}` },
  // A page halfway down the list; the newest of an hour three quarters back (read past every newer event).
  cursor: { limit: 10, notBefore, startingAfter: eventId(Math.floor(total / 2)) },
  hour: {
    limit: 10,
    notBefore,
    createdGte: new Date(start + Math.floor(total / 4) * 1_000).toISOString(),
    createdLte: new Date(start + Math.floor(total / 4) * 1_000 + 3_600_000).toISOString(),
  },
};
for (const [name, query] of Object.entries(queries)) {
  const [oldPage, newPage] = await Promise.all([lists.old, lists.new].map((list) => list(query)));
  if (JSON.stringify(oldPage) !== JSON.stringify(newPage)) throw new Error(`${name}: the pages differ`);
}
console.log(`events ${total}, ${calls} calls per side per query per round, load ${loadavg()[0]!.toFixed(2)}`);
for (let round = 1; round <= rounds; round++) {
  const order = round % 2 ? (["old", "new"] as const) : (["new", "old"] as const);
  const line: string[] = [`round ${round} (load ${loadavg()[0]!.toFixed(2)}, ${order[0]} first)`];
  for (const [name, query] of Object.entries(queries)) {
    const figures: Record<string, number[]> = {};
    for (const side of order) {
      // A page is a fresh read each call (no result cache); the file is warm in the page cache for both sides.
      figures[side] = await time(lists[side], query);
    }
    const [o, n] = [figures.old!, figures.new!];
    line.push(
      `${name}: old p50 ${percentile(o, 50).toFixed(3)} p99 ${percentile(o, 99).toFixed(3)} / new p50 ${percentile(n, 50).toFixed(3)} p99 ${percentile(n, 99).toFixed(3)} ms (p50 ratio ${(percentile(o, 50) / percentile(n, 50)).toFixed(1)})`,
    );
  }
  console.log(line.join("\n  "));
}
for (const store of Object.values(stores)) await store.close();
