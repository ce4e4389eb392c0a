import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { create } from "@bufbuild/protobuf";
import { computedDocuments, issuers } from "@einvoice/contracts";
import { type ConnectError, readViolations } from "@einvoice/platform";
import { DocumentIssuedSchema } from "@einvoice/proto";
import { DuplicateKeyError, openStore, type SqliteStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { computed, issuer, scope } from "../../test-support/issue-fixtures.js";
import {
  DocumentRepository,
  documentsCollection,
  seriesCounterKey,
} from "../adapters/document-repository.js";
import { type OutboxEntry, outboxCollection } from "../adapters/outbox.js";
import type { DocumentRecord } from "../domain/document-record.js";
import { IssueDocument } from "./issue-document.js";
import { IssueQueue, type IssueRequest } from "./issue-queue.js";

const counterKey = seriesCounterKey(scope, "01", "F001");

/** The store, counting the transactions it ran (so a test can tell one commit per batch from one per call). */
function countingTransactions(store: Store): Store & { transactions: number } {
  const counting = Object.create(store) as Store & { transactions: number };
  counting.transactions = 0;
  counting.transaction = (work) => {
    counting.transactions++;
    return store.transaction(work);
  };
  return counting;
}

/** A request (an invoice of series F001 unless told) whose record is built by hand; `fail` makes its build throw. */
function request(overrides: Partial<IssueRequest> & { id: string; fail?: boolean }): IssueRequest {
  const { id, fail, ...rest } = overrides;
  const { companyId, livemode } = rest.scope ?? scope;
  return {
    scope,
    type: "01",
    series: "F001",
    build: (number, now) => {
      if (fail) throw new Error(`request ${id} is invalid`);
      const record: DocumentRecord = {
        _id: id,
        company_id: companyId,
        livemode,
        type: rest.type ?? "01",
        series: rest.series ?? "F001",
        number,
        status: "pending",
        issue_date: computed.issue_date,
        issuer,
        computed,
        sunat: null,
        status_details: null,
        hash: null,
        files: { xml: null, cdr: null, pdf: null },
        ...(rest.idempotencyKey ? { idempotency_key: rest.idempotencyKey } : {}),
        created_at: now,
        updated_at: now,
      };
      const payload = create(DocumentIssuedSchema, {
        documentId: id,
        companyId,
        livemode,
        number,
        issuer: issuers.toMessage(issuer),
        computed: computedDocuments.toMessage(computed),
      });
      return { record, message: { _id: `${id}:issued`, subject: "documentIssued", payload } };
    },
    ...rest,
  };
}

const sorted = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("IssueQueue (group commit) on a SQLite file", () => {
  let dir: string;
  let file: string;
  let store: Store;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "numbering-queue-"));
    file = join(dir, "numbering.sqlite");
    store = await openStore({ engine: "sqlite", file });
    await store.ensure([documentsCollection, outboxCollection]);
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("commits many concurrent calls in few transactions, with consecutive numbers and no gap or duplicate", async () => {
    const counting = countingTransactions(store);
    let commits = 0;
    const issue = new IssueDocument(new IssueQueue(counting, () => commits++), "http://files");
    const docs = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        issue.execute({ scope, issuer, computed, ...(i % 2 ? { idempotencyKey: `k${i}` } : {}) }),
      ),
    );
    expect(sorted(docs.map((d) => d.number))).toEqual(oneTo(200));
    expect(new Set(docs.map((d) => d.id)).size).toBe(200);
    // Batched: the first call commits alone, the 199 that arrived meanwhile share the next transaction.
    expect(counting.transactions).toBeLessThan(10);
    expect(commits).toBe(counting.transactions);
    expect(await store.counters.current(counterKey)).toBe(200);
    const stored = await store.collection<DocumentRecord>(documentsCollection).find({});
    expect(sorted(stored.map((d) => d.number))).toEqual(oneTo(200));
    const outbox = await store.collection<OutboxEntry>(outboxCollection).find({});
    expect(outbox.map((e) => e._id).sort()).toEqual(docs.map((d) => `${d.id}:issued`).sort());
  });

  it("joins a request that arrives during a commit to the store's next group, with the writes queued before it", async () => {
    const sqlite = store as SqliteStore;
    let bodyStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      bodyStarted = resolve;
    });
    // The first issue's transaction signals once its body runs: the store's mutex is then held until its sync.
    const signalling = Object.create(store) as Store;
    let first = true;
    signalling.transaction = (work, options) =>
      store.transaction((tx) => {
        if (first) bodyStarted();
        first = false;
        return work(tx);
      }, options);
    const queue = new IssueQueue(signalling, () => {});
    const commitsBefore = sqlite.commits;
    const a = queue.issue(request({ id: "a" }));
    await started;
    // A write of another kind (a verdict, a rendering) queues behind the commit in flight, then a create arrives.
    const other = store.transaction((tx) => tx.counters.increment("another-write", 1));
    const b = queue.issue(request({ id: "b" }));
    const [issuedA, issuedB] = await Promise.all([a, b, other]);
    expect([issuedA.record.number, issuedB.record.number]).toEqual([1, 2]);
    // The first issue's commit, then one shared by the other write and the second issue: not one each.
    expect(sqlite.commits - commitsBefore).toBe(2);
  });

  it("starts the next transaction's reads only once the one before it has settled (a MongoDB body starts at once)", async () => {
    const counting = countingTransactions(store);
    // The first transaction settles only when the test says so, as a MongoDB commit still waiting for its majority.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let committed!: () => void;
    const firstCommitted = new Promise<void>((resolve) => {
      committed = resolve;
    });
    const gated = Object.create(counting) as Store;
    let first = true;
    gated.transaction = async (work, options) => {
      const isFirst = first;
      first = false;
      const result = await counting.transaction(work, options);
      if (isFirst) {
        committed();
        await gate;
      }
      return result;
    };
    const queue = new IssueQueue(gated, () => {});
    const a = queue.issue(request({ id: "a" }));
    await firstCommitted;
    const b = queue.issue(request({ id: "b" }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Arrived after the second transaction was handed over, before the first settled: they join its body.
    const later = [queue.issue(request({ id: "c" })), queue.issue(request({ id: "d" }))];
    release();
    const issued = await Promise.all([a, b, ...later]);
    expect(issued.map((i) => i.record.number)).toEqual([1, 2, 3, 4]);
    expect(counting.transactions).toBe(2);
  });

  it("answers repeats of one Idempotency-Key inside a batch, and replays of a committed key, with one number", async () => {
    const issue = new IssueDocument(new IssueQueue(store, () => undefined), "http://files");
    const earlier = await issue.execute({ scope, issuer, computed, idempotencyKey: "committed" });
    const calls = Array.from({ length: 30 }, (_, i) =>
      issue.execute({
        scope,
        issuer,
        computed,
        idempotencyKey: i % 3 === 0 ? "same" : i % 3 === 1 ? "committed" : `own-${i}`,
      }),
    );
    const docs = await Promise.all(calls);
    const same = docs.filter((_, i) => i % 3 === 0);
    expect(new Set(same.map((d) => d.id)).size).toBe(1);
    expect(docs.filter((_, i) => i % 3 === 1).every((d) => d.id === earlier.id)).toBe(true);
    // 1 (earlier) + 1 ("same") + 10 own keys.
    expect(await store.counters.current(counterKey)).toBe(12);
    const numbers = await store.collection<DocumentRecord>(documentsCollection).find({});
    expect(sorted(numbers.map((d) => d.number))).toEqual(oneTo(12));
  });

  it("refuses a request whose build fails without burning its number or failing the others of its batch", async () => {
    const queue = new IssueQueue(store, () => undefined);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        queue.issue(request({ id: `doc_${i}`, fail: i === 1 || i === 7 })),
      ),
    );
    const refused = outcomes.flatMap((o, i) => (o.status === "rejected" ? [i] : []));
    expect(refused).toEqual([1, 7]);
    expect(String((outcomes[7] as PromiseRejectedResult).reason)).toContain("request doc_7 is invalid");
    const numbers = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value.record.number] : []));
    expect(sorted(numbers)).toEqual(oneTo(18));
    expect(await store.counters.current(counterKey)).toBe(18);
  });

  it("keeps a new series to the first document type numbered on it when two types start it in one batch", async () => {
    const queue = new IssueQueue(store, () => undefined);
    const outcomes = await Promise.allSettled([
      queue.issue(request({ id: "note_1", type: "07", series: "FC01" })),
      queue.issue(request({ id: "invoice_1", type: "01", series: "FC01" })),
      queue.issue(request({ id: "note_2", type: "07", series: "FC01" })),
      queue.issue(request({ id: "invoice_2", type: "01", series: "F001" })),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    const [violation] = readViolations((outcomes[1] as PromiseRejectedResult).reason as ConnectError);
    expect(violation).toMatchObject({ param: "series", code: "series_used_by_another_type" });
    expect(violation?.message).toContain("series FC01 already numbers documents of type 07");
    expect(await store.counters.current(seriesCounterKey(scope, "07", "FC01"))).toBe(2);
    expect(await store.counters.current(seriesCounterKey(scope, "01", "FC01"))).toBe(0);
    expect(await store.counters.current(counterKey)).toBe(1);
  });

  it("leaves a new series free when the first type to start it in a batch got no number", async () => {
    const queue = new IssueQueue(store, () => undefined);
    const test = { ...scope, livemode: !scope.livemode };
    const outcomes = await Promise.allSettled([
      queue.issue(request({ id: "note_1", type: "07", series: "FC01", fail: true })),
      queue.issue(request({ id: "invoice_1", type: "01", series: "FC01" })),
      // The other mode is another register: its FC01 is its own.
      queue.issue(request({ id: "note_2", type: "07", series: "FC01", scope: test })),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    expect(await store.counters.current(seriesCounterKey(scope, "07", "FC01"))).toBe(0);
    expect(await store.counters.current(seriesCounterKey(scope, "01", "FC01"))).toBe(1);
    expect(await store.counters.current(seriesCounterKey(test, "07", "FC01"))).toBe(1);
  });

  it("splits a batch whose transaction failed: only the offending request fails, and no number is lost", async () => {
    const counting = countingTransactions(store);
    const queue = new IssueQueue(counting, () => undefined);
    await queue.issue(request({ id: "doc_taken" }));
    // doc_taken again: its insert hits the primary key, which the batch cannot check before writing.
    const outcomes = await Promise.allSettled(
      ["doc_a", "doc_b", "doc_taken", "doc_c"].map((id) => queue.issue(request({ id }))),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateKeyError);
    const numbers = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value.record.number] : []));
    expect(sorted(numbers)).toEqual([2, 3, 4]);
    expect(await store.counters.current(counterKey)).toBe(4);
    // The failed batch of four was retried one by one.
    expect(counting.transactions).toBe(1 + 1 + 4);
  });

  it("gives the number committed by a process that crashed before replying to the replay, never a second one", async () => {
    await store.close();
    const script = fileURLToPath(new URL("../../test-support/crash-after-commit.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", script, file, "lost-reply"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.once("exit", (_code, sig) => resolve(sig)),
    );
    expect(signal).toBe("SIGKILL");
    expect(stdout).not.toContain("replied");

    store = await openStore({ engine: "sqlite", file });
    await store.ensure([documentsCollection, outboxCollection]);
    const committed = await new DocumentRepository(store).findByIdempotencyKey(scope, "lost-reply");
    expect(committed?.number).toBe(1);
    const issue = new IssueDocument(new IssueQueue(store, () => undefined), "http://files");
    const replays = await Promise.all(
      Array.from({ length: 5 }, () =>
        issue.execute({ scope, issuer, computed, idempotencyKey: "lost-reply" }),
      ),
    );
    expect(replays.map((d) => [d.id, d.number])).toEqual(Array(5).fill([committed?._id, 1]));
    const next = await issue.execute({ scope, issuer, computed, idempotencyKey: "new" });
    expect(next.number).toBe(2);
    const outbox = await store.collection<OutboxEntry>(outboxCollection).find({});
    expect(outbox.map((e) => e._id).sort()).toEqual([`${committed?._id}:issued`, `${next.id}:issued`].sort());
  }, 120_000);
});
