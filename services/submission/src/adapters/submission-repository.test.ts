import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { DocumentSignedSchema } from "@einvoice/proto";
import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { QueueSubmission } from "../usecases/queue-submission.js";
import { NO_LEASE, SubmissionRepository, submissionsCollection } from "./submission-repository.js";

describe("SubmissionRepository leases", () => {
  let dir: string;
  let store: Store;
  const now = new Date("2026-11-22T12:00:00.000Z");

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "submission-repo-"));
    store = await openStore({ engine: "sqlite", file: join(dir, "s.sqlite") });
    await store.ensure([submissionsCollection]);
    await new QueueSubmission(
      store,
      { deadlineMs: 0 },
      () => undefined,
      () => now,
    ).execute(
      create(DocumentSignedSchema, {
        documentId: "doc_1",
        companyId: "cmp_1",
        livemode: false,
        ruc: "20000000001",
        type: "01",
        series: "F001",
        number: 1,
        issueDate: "2026-11-22",
        fileName: "20000000001-01-F001-1",
        xmlKey: "k/doc_1.xml",
        hash: "h",
      }),
    );
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("claims once: a second claim before the lease lapses gets nothing", async () => {
    const repository = new SubmissionRepository(store);
    const record = (await repository.find("cmp_1", false, "doc_1"))!;
    expect(await repository.claim(record, now, 30_000)).not.toBeNull();
    expect(await repository.claim(record, now, 30_000)).toBeNull();
    expect(await repository.claim(record, new Date(now.getTime() + 30_000), 30_000)).not.toBeNull();
  });

  it("a renewal never re-takes a claim the attempt already released", async () => {
    const repository = new SubmissionRepository(store);
    const claimed = (await repository.claim((await repository.find("cmp_1", false, "doc_1"))!, now, 30_000))!;
    await repository.extendLease(claimed, "2026-11-22T12:01:00.000Z");
    expect((await repository.find("cmp_1", false, "doc_1"))?.lease_until).toBe("2026-11-22T12:01:00.000Z");
    await repository.save({ ...claimed, lease_until: NO_LEASE });
    await repository.extendLease(claimed, "2026-11-22T12:02:00.000Z");
    expect((await repository.find("cmp_1", false, "doc_1"))?.lease_until).toBe(NO_LEASE);
  });

  it("due: queued and uncertain records oldest first, none held by a lease, at most the limit", async () => {
    const repository = new SubmissionRepository(store);
    const first = (await repository.find("cmp_1", false, "doc_1"))!;
    const at = (seconds: number) => new Date(now.getTime() - seconds * 1_000).toISOString();
    await repository.save({ ...first, next_attempt_at: at(10) });
    await repository.save({ ...first, _id: "doc_2", state: "uncertain", next_attempt_at: at(30) });
    await repository.save({ ...first, _id: "doc_3", next_attempt_at: at(20) });
    await repository.save({ ...first, _id: "doc_4", state: "uncertain", next_attempt_at: at(5) });
    await repository.save({ ...first, _id: "doc_5", next_attempt_at: at(40), lease_until: at(-10) });
    await repository.save({ ...first, _id: "doc_6", state: "done", next_attempt_at: at(50) });
    await repository.save({ ...first, _id: "doc_7", next_attempt_at: at(-1) });
    const ids = async (limit: number) => (await repository.due(now, limit)).map((r) => r._id);
    expect(await ids(10)).toEqual(["doc_2", "doc_3", "doc_1", "doc_4"]);
    expect(await ids(3)).toEqual(["doc_2", "doc_3", "doc_1"]);
  });
});
