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
});
