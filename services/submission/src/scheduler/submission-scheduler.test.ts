import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { createLogger } from "@einvoice/platform";
import { DocumentSignedSchema } from "@einvoice/proto";
import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RucSlots, rucSlotsCollection } from "../adapters/ruc-slots.js";
import {
  NO_LEASE,
  type SubmissionRecord,
  SubmissionRepository,
  submissionsCollection,
} from "../adapters/submission-repository.js";
import { QueueSubmission } from "../usecases/queue-submission.js";
import { SubmissionScheduler } from "./submission-scheduler.js";

const settings = { pollMs: 20, leaseMs: 1_000, maxInFlight: 8, maxPerRuc: 2, drainMs: 50 };
const logger = createLogger("test", "silent");

describe("SubmissionScheduler", () => {
  let dir: string;
  let store: Store;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "scheduler-"));
    store = await openStore({ engine: "sqlite", file: join(dir, "s.sqlite") });
    await store.ensure([submissionsCollection, rucSlotsCollection]);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function queue(id: string, ruc: string) {
    await new QueueSubmission(store, { deadlineMs: 0 }, () => undefined).execute(
      create(DocumentSignedSchema, {
        documentId: id,
        companyId: "cmp_1",
        livemode: false,
        ruc,
        type: "01",
        series: "F001",
        number: Number(id.slice(4)),
        issueDate: "2026-11-22",
        fileName: `${ruc}-01-F001-${id.slice(4)}`,
        xmlKey: `k/${id}.xml`,
        hash: "h",
      }),
    );
  }

  /** An attempt that finishes each record after `ms`, tracking the peak concurrency per RUC. */
  function slowAttempt(ms: number) {
    const current = new Map<string, number>();
    const peak = new Map<string, number>();
    const total = { current: 0, peak: 0 };
    const finished: string[] = [];
    const attempt = {
      async execute(record: SubmissionRecord) {
        total.current++;
        total.peak = Math.max(total.peak, total.current);
        current.set(record.ruc, (current.get(record.ruc) ?? 0) + 1);
        peak.set(record.ruc, Math.max(peak.get(record.ruc) ?? 0, current.get(record.ruc)!));
        await new Promise((r) => setTimeout(r, ms));
        current.set(record.ruc, current.get(record.ruc)! - 1);
        total.current--;
        Object.assign(record, {
          state: "done",
          outcome: "accepted",
          verdict_published: true,
          lease_until: NO_LEASE,
        });
        await new SubmissionRepository(store).save(record);
        finished.push(record._id);
      },
    };
    return { attempt, peak, total, finished };
  }

  it("works through everything due, at most maxPerRuc at once per RUC", async () => {
    for (let i = 1; i <= 6; i++) await queue(`doc_${i}`, "20000000001");
    for (let i = 7; i <= 8; i++) await queue(`doc_${i}`, "20000000010");
    const { attempt, peak, finished } = slowAttempt(60);
    const scheduler = new SubmissionScheduler(store, attempt as never, {} as never, settings, logger);
    scheduler.start();
    await expect.poll(() => finished.length, { timeout: 5_000 }).toBe(8);
    await scheduler.stop();
    expect(peak.get("20000000001")).toBe(2);
    expect(peak.get("20000000010")).toBe(2);
  });

  it("starts at most maxInFlight at once over many RUCs, and never a record twice", async () => {
    for (let i = 1; i <= 24; i++) await queue(`doc_${i}`, `2000000000${i % 6}`);
    const { attempt, peak, total, finished } = slowAttempt(40);
    const scheduler = new SubmissionScheduler(store, attempt as never, {} as never, settings, logger);
    scheduler.start();
    await expect.poll(() => finished.length, { timeout: 8_000 }).toBe(24);
    await scheduler.stop();
    expect(total.peak).toBe(settings.maxInFlight);
    expect(Math.max(...peak.values())).toBe(settings.maxPerRuc);
    expect(new Set(finished).size).toBe(24);
  });

  it("keeps the per-RUC cap across replicas sharing the store", async () => {
    for (let i = 1; i <= 8; i++) await queue(`doc_${i}`, "20000000001");
    const { attempt, peak, finished } = slowAttempt(80);
    const replicas = [1, 2, 3].map(
      () => new SubmissionScheduler(store, attempt as never, {} as never, settings, logger),
    );
    for (const replica of replicas) replica.start();
    await expect.poll(() => finished.length, { timeout: 8_000 }).toBe(8);
    await Promise.all(replicas.map((r) => r.stop()));
    expect(peak.get("20000000001")).toBe(2);
    expect(new Set(finished).size).toBe(8);
  });

  it("does not take a record another replica holds until its lease lapses", async () => {
    await queue("doc_1", "20000000001");
    const repository = new SubmissionRepository(store);
    const record = (await repository.find("cmp_1", false, "doc_1"))!;
    const leaseUntil = new Date(Date.now() + 400).toISOString();
    await repository.renew(record, leaseUntil);
    const { attempt, finished } = slowAttempt(1);
    const scheduler = new SubmissionScheduler(store, attempt as never, {} as never, settings, logger);
    scheduler.start();
    await new Promise((r) => setTimeout(r, 200));
    expect(finished).toEqual([]);
    await expect.poll(() => finished.length, { timeout: 3_000 }).toBe(1);
    await scheduler.stop();
  });

  it("publishes verdicts stored but not yet published", async () => {
    await queue("doc_1", "20000000001");
    const repository = new SubmissionRepository(store);
    const record = (await repository.find("cmp_1", false, "doc_1"))!;
    await repository.save({ ...record, state: "done", outcome: "accepted" });
    const published: string[] = [];
    const publish = {
      async execute(r: SubmissionRecord) {
        published.push(r._id);
        await repository.markPublished(r);
      },
    };
    const scheduler = new SubmissionScheduler(store, {} as never, publish as never, settings, logger);
    scheduler.start();
    await expect.poll(() => published, { timeout: 3_000 }).toEqual(["doc_1"]);
    await scheduler.stop();
  });

  it("a claim lost to another replica gives its RUC slot back at once", async () => {
    await queue("doc_1", "20000000001");
    const claim = vi.spyOn(SubmissionRepository.prototype, "claim").mockResolvedValueOnce(null);
    const { attempt, finished } = slowAttempt(1);
    const scheduler = new SubmissionScheduler(
      store,
      attempt as never,
      {} as never,
      { ...settings, maxPerRuc: 1 },
      logger,
    );
    scheduler.start();
    // With one slot per RUC, a slot kept by the lost claim would hold the document back for the whole lease.
    await expect.poll(() => finished.length, { timeout: 800 }).toBe(1);
    await scheduler.stop();
    expect(claim).toHaveBeenCalledTimes(2);
    claim.mockRestore();
  });

  describe("admit: a record being queued is claimed in the same write and started", () => {
    function queueVia(scheduler: SubmissionScheduler, id: string, ruc: string) {
      return new QueueSubmission(
        store,
        { deadlineMs: 0 },
        () => scheduler.wake(),
        undefined,
        (record) => scheduler.admit(record),
      ).execute(
        create(DocumentSignedSchema, {
          documentId: id,
          companyId: "cmp_1",
          livemode: false,
          ruc,
          type: "01",
          series: "F001",
          number: Number(id.slice(4)),
          issueDate: "2026-11-22",
          fileName: `${ruc}-01-F001-${id.slice(4)}`,
          xmlKey: `k/${id}.xml`,
          hash: "h",
        }),
      );
    }
    const stored = async (id: string) => (await new SubmissionRepository(store).find("cmp_1", false, id))!;

    it("starts it without any scan (the scheduler is never started), holding a lease and a slot", async () => {
      const { attempt, finished } = slowAttempt(100);
      const scheduler = new SubmissionScheduler(store, attempt as never, {} as never, settings, logger);
      await queueVia(scheduler, "doc_1", "20000000001");
      expect(scheduler.inFlight).toBe(1);
      expect((await stored("doc_1")).lease_until > new Date().toISOString()).toBe(true);
      expect(await new RucSlots(store, 1).acquire("20000000001", "doc_x", new Date(), NO_LEASE)).toBeNull();
      await expect.poll(() => finished, { timeout: 2_000 }).toEqual(["doc_1"]);
      await scheduler.stop();
    });

    it("queues it unclaimed when the replica is full or the RUC at its cap; a scan takes it later", async () => {
      const { attempt, finished, peak } = slowAttempt(80);
      const scheduler = new SubmissionScheduler(
        store,
        attempt as never,
        {} as never,
        { ...settings, maxInFlight: 2, maxPerRuc: 1 },
        logger,
      );
      await queueVia(scheduler, "doc_1", "20000000001");
      await queueVia(scheduler, "doc_2", "20000000001"); // RUC at its cap
      await queueVia(scheduler, "doc_3", "20000000010");
      await queueVia(scheduler, "doc_4", "20000000028"); // replica full
      expect(scheduler.inFlight).toBe(2);
      expect((await stored("doc_2")).lease_until).toBe(NO_LEASE);
      expect((await stored("doc_4")).lease_until).toBe(NO_LEASE);
      scheduler.start();
      await expect.poll(() => finished.length, { timeout: 3_000 }).toBe(4);
      await scheduler.stop();
      expect(peak.get("20000000001")).toBe(1);
    });

    it("scans after a finished attempt only when something was left waiting (the poll covers the rest)", async () => {
      const due = vi.spyOn(SubmissionRepository.prototype, "due");
      const { attempt, finished } = slowAttempt(40);
      const idle = { ...settings, pollMs: 60_000, maxInFlight: 2, maxPerRuc: 1 };
      const scheduler = new SubmissionScheduler(store, attempt as never, {} as never, idle, logger);
      scheduler.start(); // the boot scan
      await expect.poll(() => due.mock.calls.length).toBe(1);
      // Admitted as they are queued: their attempts finish without a scan.
      await queueVia(scheduler, "doc_1", "20000000001");
      await queueVia(scheduler, "doc_2", "20000000010");
      await expect.poll(() => finished.length, { timeout: 2_000 }).toBe(2);
      await new Promise((r) => setTimeout(r, 50));
      expect(due).toHaveBeenCalledTimes(1);
      // One left waiting (its RUC at its cap): the attempt that frees the slot scans, and starts it, long before
      // the poll would.
      await queueVia(scheduler, "doc_3", "20000000001");
      await queueVia(scheduler, "doc_4", "20000000001");
      await expect.poll(() => finished.length, { timeout: 2_000 }).toBe(4);
      await scheduler.stop();
      expect(finished.slice(2)).toEqual(["doc_3", "doc_4"]);
      due.mockRestore();
    });

    it("a redelivered record is neither stored again nor started twice", async () => {
      const { attempt, finished } = slowAttempt(50);
      const scheduler = new SubmissionScheduler(store, attempt as never, {} as never, settings, logger);
      await queueVia(scheduler, "doc_1", "20000000001");
      await queueVia(scheduler, "doc_1", "20000000001");
      expect(scheduler.inFlight).toBe(1);
      scheduler.start();
      await expect.poll(() => finished, { timeout: 2_000 }).toEqual(["doc_1"]);
      await new Promise((r) => setTimeout(r, 100));
      await scheduler.stop();
      expect(finished).toEqual(["doc_1"]);
    });
  });
});
