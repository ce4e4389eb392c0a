import { readdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";

/**
 * Grows the stores of a stopped system to `target` documents by cloning the records the real services wrote
 * for real documents (created through the API earlier in the run): every row, in every service's SQLite file,
 * that mentions one of those documents is copied with fresh ids and another series, so each copy is a
 * complete, consistent document as the services would have stored it — its register entry, outbox entry,
 * signature, submission, events and the simulator's registration — and every index the services declared is
 * maintained by SQLite on insert. It relies only on the store's layout (`packages/store`: one table per
 * collection, `(_id, doc JSON, ix JSON of its indexed fields)`, both rewritten alike; counters in `_counters`), never
 * on a service's record shapes.
 * Not cloned: the object store's files (the XML, CDR and PDFs of the copies do not exist) and JetStream.
 */

/** Public id shape (`packages/platform` newId): a kind prefix, `_`, 26 Crockford base32 characters. */
const ID = /\b[a-z]{2,3}_[0-9A-HJKMNP-TV-Z]{26}\b/g;
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** The series every benchmark invoice uses; each copy gets its own. */
const SERIES = /\bF001\b/g;
const HAS_SERIES = /\bF001\b/;
/** Ids of what documents share (companies, API keys, webhook endpoints): never rewritten. */
const SHARED_KINDS = new Set(["cmp", "key", "we"]);

export interface SeedResult {
  templates: number;
  copies: number;
  documents: number;
  rows: number;
  /** Rows added per `file table`. */
  tables: Record<string, number>;
  seconds: number;
  /** Rows refused by a unique index (a clone that would not be distinct): must be empty. */
  refused: Record<string, number>;
}

/** The id of copy `k` of `id`: same kind, time and length, the last 5 characters the copy's number. */
function cloneId(id: string, k: number): string {
  let suffix = "";
  for (let n = k, i = 0; i < 5; i++, n = Math.floor(n / 32)) suffix = ALPHABET[n % 32] + suffix;
  return id.slice(0, -5) + suffix;
}

/** Series of copy `k`: F + three base-36 characters, never F001. */
function cloneSeries(k: number): string {
  return `F${(k + 1).toString(36).toUpperCase().padStart(3, "0")}`;
}

interface Template {
  file: string;
  table: string;
  id: string;
  doc: string;
  /** The indexed fields' JSON the indexes are built on (null where the collection indexes nothing). */
  ix: string | null;
}

export function seedByCloning(
  dataDir: string,
  documentIds: readonly string[],
  target: number,
  onProgress: (detail: string) => void,
): SeedResult {
  const started = performance.now();
  const wanted = new Set(documentIds);
  const files = readdirSync(dataDir).filter((f) => f.endsWith(".sqlite") && f !== "gateway.sqlite");
  const templates: Template[] = [];
  const counters: { file: string; key: string; value: number }[] = [];
  for (const file of files) {
    const db = new Database(join(dataDir, file), { readonly: true });
    try {
      const tables = db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'",
        )
        .all() as { name: string }[];
      for (const { name } of tables)
        for (const row of db.prepare(`SELECT _id, doc, ix FROM "${name}"`).iterate() as Iterable<{
          _id: string;
          doc: string;
          ix: string | null;
        }>)
          if ((`${row._id} ${row.doc}`.match(ID) ?? []).some((id) => wanted.has(id)))
            templates.push({ file, table: name, id: row._id, doc: row.doc, ix: row.ix });
      for (const row of db.prepare("SELECT key, value FROM _counters").all() as {
        key: string;
        value: number;
      }[])
        if (HAS_SERIES.test(row.key)) counters.push({ file, ...row });
    } finally {
      db.close();
    }
  }
  // Ids that belong to the cloned documents' records (not the companies' or keys'): rewritten in each copy.
  const rewritable = new Set(wanted);
  for (const t of templates)
    for (const id of t.id.match(ID) ?? []) if (!SHARED_KINDS.has(id.split("_")[0]!)) rewritable.add(id);
  // A row whose own id names no document (a per-RUC slot that last held one) is shared state, not a
  // document's record: it stays as it is.
  const perDocument = templates.filter(
    (t) => (t.id.match(ID) ?? []).some((id) => rewritable.has(id)) || HAS_SERIES.test(t.id),
  );
  const present = documentIds.length;
  const copies = Math.max(0, Math.ceil((target - present) / present));
  const refused: Record<string, number> = {};
  const tables: Record<string, number> = {};
  let rows = 0;
  for (const file of files) {
    const mine = perDocument.filter((t) => t.file === file);
    const myCounters = counters.filter((c) => c.file === file);
    if (mine.length === 0 && myCounters.length === 0) continue;
    const db = new Database(join(dataDir, file));
    // Seeding only: the services are stopped and a lost seed is simply run again.
    db.pragma("synchronous = OFF");
    try {
      const inserts = new Map<string, Database.Statement>();
      const insert = (table: string) => {
        let statement = inserts.get(table);
        if (!statement) {
          statement = db.prepare(`INSERT INTO "${table}" (_id, doc, ix) VALUES (?, ?, ?)`);
          inserts.set(table, statement);
        }
        return statement;
      };
      const counter = db.prepare("INSERT OR REPLACE INTO _counters (key, value) VALUES (?, ?)");
      for (let k = 1; k <= copies; k++) {
        const series = cloneSeries(k);
        const rewrite = (text: string) =>
          text.replace(ID, (id) => (rewritable.has(id) ? cloneId(id, k) : id)).replace(SERIES, series);
        db.transaction(() => {
          for (const t of mine) {
            try {
              insert(t.table).run(rewrite(t.id), rewrite(t.doc), t.ix === null ? null : rewrite(t.ix));
              rows++;
              tables[`${file.replace(/\.sqlite$/, "")} ${t.table}`] =
                (tables[`${file.replace(/\.sqlite$/, "")} ${t.table}`] ?? 0) + 1;
            } catch (error) {
              const key = `${file} ${t.table}: ${(error as Error).message}`;
              refused[key] = (refused[key] ?? 0) + 1;
            }
          }
          for (const c of myCounters) counter.run(c.key.replace(SERIES, series), c.value);
        })();
        if (k % 5 === 0 || k === copies) onProgress(`${file}: copy ${k}/${copies}`);
      }
    } finally {
      db.close();
    }
  }
  return {
    templates: present,
    copies,
    documents: present * (copies + 1),
    rows,
    tables,
    seconds: (performance.now() - started) / 1000,
    refused,
  };
}
