import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { INVOICES, type Invoice, invoice } from "../contract/fixtures.js";
import { SqliteCheckpointer } from "./sqlite-checkpointer.js";
import { SqliteStore } from "./sqlite-store.js";

const dir = mkdtempSync(join(tmpdir(), "store-checkpointer-"));
let files = 0;
const nextFile = () => join(dir, `db-${++files}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PAGE = 4096;
/** A write of a few pages: a long customer name fills its own page. */
const bulky = (seq: number): Invoice =>
  invoice(seq, { customer: { ruc: "20100070970", name: "x".repeat(3000) } });

describe("background WAL checkpoints", () => {
  it("copies committed pages into the database file without a checkpoint of the writer", async () => {
    const file = nextFile();
    const store = SqliteStore.open(file, { checkpoints: { intervalMs: 10, restartPages: 100_000 } });
    await store.ensure([INVOICES]);
    const empty = statSync(file).size;
    for (let seq = 1; seq <= 50; seq++) await store.collection<Invoice>(INVOICES).insertOne(bulky(seq));
    // The writer's own checkpoint only comes past thousands of pages: the file grows by the worker's alone.
    const deadline = Date.now() + 10_000;
    while (statSync(file).size <= empty + 40 * PAGE && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(statSync(file).size).toBeGreaterThan(empty + 40 * PAGE);
    await store.close();
  });

  it("makes a WAL under steady writes start again from its beginning, through passes with no writer", async () => {
    const file = nextFile();
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    // Only the checkpointer copies the WAL here.
    db.pragma("wal_autocheckpoint = 0");
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)");
    const insert = db.prepare("INSERT INTO t (body) VALUES (?)");
    // The store's queue in small: one piece of work at a time.
    let queue: Promise<unknown> = Promise.resolve();
    const run = <T>(work: () => T | Promise<T>): Promise<T> => {
      const next = queue.then(work);
      queue = next.catch(() => undefined);
      return next;
    };
    let passes = 0;
    const checkpointer = SqliteCheckpointer.start(
      file,
      { intervalMs: 5, restartPages: 40 },
      {
        exclusive: (work) => {
          passes++;
          return run(work);
        },
        stopped: () => expect.unreachable("the thread ended"),
        warnings: { warn: (details) => expect.unreachable(JSON.stringify(details)) },
      },
    );
    // Writers back to back, 32 in flight (the WAL is never all copied between two of them), until the WAL has
    // started again twice and a thousand rows are in.
    let writes = 0;
    const deadline = Date.now() + 20_000;
    const writer = async () => {
      while ((passes < 2 || writes < 1_000) && Date.now() < deadline) {
        await run(() => insert.run("x".repeat(3000)));
        writes++;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    };
    await Promise.all(Array.from({ length: 32 }, writer));
    // Frames in the WAL since it last started from its beginning: every write added at least one, so a WAL that
    // never restarted would hold at least one per write.
    const [{ log }] = db.pragma("wal_checkpoint(PASSIVE)") as [{ log: number }];
    await checkpointer.close();
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(log).toBeLessThan(writes / 2);
    expect(db.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: writes });
    db.close();
  });

  it("reports a thread that ends before its close, which then returns at once", async () => {
    const warnings: string[] = [];
    let stopped!: () => void;
    const ended = new Promise<void>((resolve) => {
      stopped = resolve;
    });
    // No such database: the worker's connection fails as it opens.
    const checkpointer = SqliteCheckpointer.start(
      join(dir, "missing.sqlite"),
      { intervalMs: 5, restartPages: 40 },
      {
        exclusive: (work) => work(),
        stopped,
        warnings: { warn: (_details, message) => warnings.push(message) },
      },
    );
    await ended;
    expect(warnings).toEqual([expect.stringMatching(/checkpointer stopped/)]);
    const began = Date.now();
    await checkpointer.close();
    // Well below the close's own wait for an answer (5 s): nothing was asked of an ended thread.
    expect(Date.now() - began).toBeLessThan(2_000);
  });

  it("lets a process whose last work is the store's close finish it, with exit code 0", () => {
    const file = nextFile();
    const script = join(dir, "close-last.mts");
    writeFileSync(
      script,
      `import { SqliteStore } from ${JSON.stringify(fileURLToPath(new URL("./sqlite-store.ts", import.meta.url)))};
const store = SqliteStore.open(${JSON.stringify(file)});
await store.ensure([{ name: "t" }]);
await store.collection({ name: "t" }).insertOne({ _id: "a" });
await store.close();
console.log("closed");
`,
    );
    // A worker thread that does not hold the process while it closes leaves the close an unsettled top-level await
    // (exit code 13).
    const run = spawnSync(process.execPath, ["--import", "tsx", script], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect({ status: run.status, stdout: run.stdout.trim() }).toEqual({ status: 0, stdout: "closed" });
  });

  it("closes its connection first, so the store's close checkpoints and removes the WAL", async () => {
    const file = nextFile();
    const store = SqliteStore.open(file);
    await store.ensure([INVOICES]);
    for (let seq = 1; seq <= 20; seq++) await store.collection<Invoice>(INVOICES).insertOne(bulky(seq));
    await store.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = SqliteStore.open(file, { checkpoints: false });
    await reopened.ensure([INVOICES]);
    expect(await reopened.collection<Invoice>(INVOICES).count({})).toBe(20);
    await reopened.close();
  });
});
