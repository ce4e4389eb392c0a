import { create, equals } from "@bufbuild/protobuf";
import { subjects } from "@einvoice/broker";
import { documentContract, documentMessage } from "@einvoice/contracts";
import { createLogger } from "@einvoice/platform";
import { DocumentStateSchema, DocumentVerdictSchema } from "@einvoice/proto";
import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { computed, issuer, scope } from "../../test-support/issue-fixtures.js";
import { DocumentRepository, documentsCollection } from "../adapters/document-repository.js";
import { type OutboxEntry, outboxCollection } from "../adapters/outbox.js";
import { presentDocument } from "../domain/present-document.js";
import { ApplyVerdict } from "./apply-verdict.js";
import { IssueDocument } from "./issue-document.js";
import { IssueQueue } from "./issue-queue.js";

const logger = createLogger("numbering-test", "silent");

describe("ApplyVerdict", () => {
  let store: Store;
  let id = "";
  const handed: OutboxEntry[] = [];

  beforeEach(async () => {
    handed.length = 0;
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([documentsCollection, outboxCollection]);
    id = (
      await new IssueDocument(new IssueQueue(store, () => undefined), "http://files").execute({
        scope,
        issuer,
        computed,
      })
    ).id;
    await store.collection(outboxCollection).deleteOne({ _id: `${id}:issued` });
  });
  afterEach(() => store.close());

  const verdict = (outcome: string, withSunat: boolean) =>
    create(DocumentVerdictSchema, {
      documentId: id,
      companyId: scope.companyId,
      livemode: scope.livemode,
      outcome,
      ...(withSunat
        ? {
            sunat: {
              code: outcome === "rejected" ? "2017" : "0",
              description: "La Factura numero F001-1, ha sido aceptada",
              notes: outcome === "observed" ? [{ code: "4287", description: "nota" }] : [],
              simulated: true,
            },
            cdrKey: `cdr/${id}.zip`,
          }
        : {
            statusDetails: { code: "submission_deadline_exceeded", message: "SUNAT did not answer in time." },
          }),
    });

  it.each([
    ["accepted", true],
    ["observed", true],
    ["rejected", true],
    ["rejected", false],
  ])(
    "queues the %s state exactly as the Document message would encode it (SUNAT answer: %s)",
    async (outcome, withSunat) => {
      await new ApplyVerdict(store, "http://files", logger, (rows) => handed.push(...rows)).execute(
        verdict(outcome, withSunat),
      );
      const [row] = await store.collection<OutboxEntry>(outboxCollection).find({});
      expect(handed).toEqual([row]);
      const record = await new DocumentRepository(store).findById(scope, id);
      expect(record?.status).toBe(outcome);
      const expected = create(DocumentStateSchema, {
        documentId: id,
        companyId: scope.companyId,
        livemode: scope.livemode,
        eventType: `document.${outcome}`,
        document: documentMessage(presentDocument(record!, "http://files")),
      });
      expect(equals(DocumentStateSchema, subjects.documentState.payload.decode(row!.payload), expected)).toBe(
        true,
      );
      expect(row!.payload).toEqual(subjects.documentState.payload.encode(expected));
    },
  );

  it("composes the state without converting the document through its message", async () => {
    const toJson = vi.spyOn(documentContract, "toJson");
    try {
      await new ApplyVerdict(store, "http://files", logger, (rows) => handed.push(...rows)).execute(
        verdict("accepted", true),
      );
      expect(handed).toHaveLength(1);
      expect(toJson).not.toHaveBeenCalled();
    } finally {
      toJson.mockRestore();
    }
  });

  it("records the signature the verdict carries, so a signature record lost in a power cut is repaired", async () => {
    const before = await new DocumentRepository(store).findById(scope, id);
    expect(before).toMatchObject({ hash: null, files: { xml: null } });
    await new ApplyVerdict(store, "http://files", logger, (rows) => handed.push(...rows)).execute(
      create(DocumentVerdictSchema, {
        ...verdict("accepted", true),
        xmlKey: `xml/${id}.xml`,
        hash: "ZGlnZXN0",
      }),
    );
    const record = await new DocumentRepository(store).findById(scope, id);
    expect(record).toMatchObject({ hash: "ZGlnZXN0", files: { xml: `xml/${id}.xml`, cdr: `cdr/${id}.zip` } });
    expect(presentDocument(record!, "http://files").links.xml).toBe(`http://files/${id}/xml`);
  });

  it("keeps the recorded signature when a verdict of an older submission carries none", async () => {
    await new DocumentRepository(store).update(
      scope,
      id,
      {},
      { hash: "aGFzaA==", files: { xml: "k.xml", cdr: null, pdf: null } },
    );
    await new ApplyVerdict(store, "http://files", logger, (rows) => handed.push(...rows)).execute(
      verdict("accepted", true),
    );
    const record = await new DocumentRepository(store).findById(scope, id);
    expect(record).toMatchObject({ hash: "aGFzaA==", files: { xml: "k.xml", cdr: `cdr/${id}.zip` } });
  });

  it("writes only the verdict's fields into the stored document, keeping a file key recorded since", async () => {
    const setFields = vi.spyOn(DocumentRepository.prototype, "setFields");
    const update = vi.spyOn(DocumentRepository.prototype, "update");
    try {
      await new DocumentRepository(store).setFields(
        scope,
        id,
        {},
        { "files.pdf": `pdf/${id}.pdf`, extra: 1 },
      );
      await new ApplyVerdict(store, "http://files", logger, (rows) => handed.push(...rows)).execute(
        verdict("observed", true),
      );
      expect(update).not.toHaveBeenCalled();
      expect(setFields).toHaveBeenCalledTimes(2);
      const record = await new DocumentRepository(store).findById(scope, id);
      expect(record).toMatchObject({
        status: "observed",
        extra: 1,
        sunat: { code: "0", notes: [{ code: "4287", description: "nota" }], simulated: true },
        status_details: null,
        files: { pdf: `pdf/${id}.pdf`, cdr: `cdr/${id}.zip`, xml: null },
      });
      expect(await new DocumentRepository(store).list(scope, { limit: 5, status: "observed" })).toMatchObject(
        {
          rows: [{ _id: id }],
        },
      );
    } finally {
      setFields.mockRestore();
      update.mockRestore();
    }
  });

  it("writes the verdict and its state message together: a refused message leaves the document pending", async () => {
    await store.collection(outboxCollection).insertOne({ _id: `${id}:accepted` });
    await expect(
      new ApplyVerdict(store, "http://files", logger, (rows) => handed.push(...rows)).execute(
        verdict("accepted", true),
      ),
    ).rejects.toThrow();
    expect(await new DocumentRepository(store).findById(scope, id)).toMatchObject({
      status: "pending",
      sunat: null,
    });
    expect(handed).toHaveLength(0);
  });

  it("applies a verdict once: a redelivery queues nothing", async () => {
    const apply = new ApplyVerdict(store, "http://files", logger, (rows) => handed.push(...rows));
    await apply.execute(verdict("accepted", true));
    await apply.execute(verdict("accepted", true));
    expect(handed).toHaveLength(1);
  });
  describe("a batch", () => {
    async function issueAnother(): Promise<string> {
      const other = (
        await new IssueDocument(new IssueQueue(store, () => undefined), "http://files").execute({
          scope,
          issuer,
          computed,
        })
      ).id;
      await store.collection(outboxCollection).deleteOne({ _id: `${other}:issued` });
      return other;
    }

    it("applies every verdict in one commit, and answers per verdict", async () => {
      const other = await issueAnother();
      const commits = vi.spyOn(store, "transaction");
      try {
        const apply = new ApplyVerdict(store, "http://files", logger, (rows) => handed.push(...rows));
        const outcome = await apply.executeBatch(
          [
            verdict("accepted", true),
            { ...verdict("rejected", true), documentId: other },
            { ...verdict("accepted", true), documentId: "doc_missing" },
            // A redelivery in the same batch: already applied by the first.
            verdict("accepted", true),
          ].map((payload, i) => ({ payload, trace: { traceparent: traceOf(i) } })),
        );
        expect(commits).toHaveBeenCalledTimes(1);
        expect(outcome.map((error) => (error as Error | undefined)?.message)).toEqual([
          undefined,
          undefined,
          "document doc_missing not found",
          undefined,
        ]);
      } finally {
        commits.mockRestore();
      }
      expect(handed.map((row) => row._id)).toEqual([`${id}:accepted`, `${other}:rejected`]);
      // Each state message continues its own verdict's trace, not the batch's.
      expect(handed.map((row) => row.trace)).toEqual([
        { traceparent: traceOf(0) },
        { traceparent: traceOf(1) },
      ]);
      const repository = new DocumentRepository(store);
      expect((await repository.findById(scope, id))?.status).toBe("accepted");
      expect((await repository.findById(scope, other))?.status).toBe("rejected");
    });

    it("isolates a verdict whose state message is refused: the others are applied, its document stays pending", async () => {
      const other = await issueAnother();
      await store.collection(outboxCollection).insertOne({ _id: `${id}:accepted` });
      const outcome = await new ApplyVerdict(store, "http://files", logger, (rows) =>
        handed.push(...rows),
      ).executeBatch([
        { payload: verdict("accepted", true) },
        { payload: { ...verdict("accepted", true), documentId: other } },
      ]);
      expect(outcome[0]).toBeInstanceOf(Error);
      expect(outcome[1]).toBeUndefined();
      expect(handed.map((row) => row._id)).toEqual([`${other}:accepted`]);
      const repository = new DocumentRepository(store);
      expect(await repository.findById(scope, id)).toMatchObject({ status: "pending", sunat: null });
      expect((await repository.findById(scope, other))?.status).toBe("accepted");
    });
  });
});

/** A W3C traceparent of its own for verdict `n`. */
function traceOf(n: number): string {
  return `00-${(n + 1).toString(16).padStart(32, "0")}-00000000000000a1-01`;
}
