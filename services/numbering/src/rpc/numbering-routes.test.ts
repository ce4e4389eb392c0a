import { createClient, createRouterTransport } from "@connectrpc/connect";
import { computedDocuments, issuers } from "@einvoice/contracts";
import {
  Code,
  ConnectError,
  connectErrorOf,
  createLogger,
  type Logger,
  readViolations,
} from "@einvoice/platform";
import { type GetDocumentResult, type IssueDocumentResult, NumberingService } from "@einvoice/proto";
import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  computed as computedFixture,
  issuer as issuerFixture,
  scope,
} from "../../test-support/issue-fixtures.js";
import { documentsCollection } from "../adapters/document-repository.js";
import { outboxCollection } from "../adapters/outbox.js";
import type { DocumentRecord } from "../domain/document-record.js";
import { GetDocument, GetDocuments, type ListDocuments } from "../usecases/get-document.js";
import type { IssueDespatchAdvice } from "../usecases/issue-despatch-advice.js";
import { IssueDocument } from "../usecases/issue-document.js";
import { IssueQueue } from "../usecases/issue-queue.js";
import type { VoidDocument } from "../usecases/void-document.js";
import { MAX_GET_BATCH, MAX_ISSUE_BATCH, numberingRoutes } from "./numbering-routes.js";

/** The shared fixtures, as the RPC carries them. */
const issuer = issuers.toMessage(issuerFixture);
const computed = computedDocuments.toMessage(computedFixture);

/** Only IssueDocuments' path is exercised here; the other use cases are never called. */
const unused = {} as GetDocument & GetDocuments & ListDocuments & IssueDespatchAdvice & VoidDocument;

function clientFor(
  issueDocument: IssueDocument,
  logger: Logger,
  getDocument: GetDocument = unused,
  getDocuments: GetDocuments = unused,
) {
  const routes = numberingRoutes(
    {
      issueDocument,
      issueDespatchAdvice: unused,
      getDocument,
      getDocuments,
      listDocuments: unused,
      voidDocument: unused,
    },
    logger,
  );
  return createClient(NumberingService, createRouterTransport(routes));
}

const errorOf = (outcome: IssueDocumentResult["outcome"] | GetDocumentResult["outcome"]) => {
  if (outcome.case !== "error") throw new Error(`expected an error, got ${outcome.case}`);
  return connectErrorOf(outcome.value);
};

describe("NumberingService.IssueDocuments", () => {
  let store: Store;
  let client: ReturnType<typeof clientFor>;
  const commits: number[] = [];

  beforeEach(async () => {
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([documentsCollection, outboxCollection]);
    commits.length = 0;
    const queue = new IssueQueue(store, (entries) => commits.push(entries.length));
    client = clientFor(new IssueDocument(queue, "http://files"), createLogger("numbering-test", "silent"));
  });

  afterEach(async () => {
    await store.close();
  });

  it("answers each item in order, as IssueDocument would, and refuses a bad item alone", async () => {
    const { results } = await client.issueDocuments({
      items: [
        { scope, issuer, computed, idempotencyKey: "a" },
        { scope, issuer, idempotencyKey: "b" },
        { scope, issuer, computed, idempotencyKey: "c" },
      ],
    });
    expect(results).toHaveLength(3);
    const [first, refused, third] = results.map((r) => r.outcome);
    expect(first?.case === "document" && first.value.number).toBe(1);
    expect(third?.case === "document" && third.value.number).toBe(2);
    const error = errorOf(refused!);
    expect(error.code).toBe(Code.InvalidArgument);
    expect(readViolations(error).map((v) => v.param)).toEqual(["computed"]);
    // Both documents were numbered in one transaction, and the refused item spent no number.
    expect(commits).toEqual([2]);
    const stored = await store.collection<DocumentRecord>(documentsCollection).find({});
    expect(stored.map((d) => [d.number, d.idempotency_key]).sort()).toEqual([
      [1, "a"],
      [2, "c"],
    ]);
  });

  it("gives the repeats of one Idempotency-Key, in one call or the next, the same document", async () => {
    const item = { scope, issuer, computed, idempotencyKey: "same" };
    const once = await client.issueDocuments({ items: [item, item] });
    const again = await client.issueDocuments({ items: [item] });
    const ids = [...once.results, ...again.results].map((r) =>
      r.outcome.case === "document" ? `${r.outcome.value.id}:${r.outcome.value.number}` : r.outcome.case,
    );
    expect(new Set(ids).size).toBe(1);
    expect(await store.collection(documentsCollection).count({})).toBe(1);
  });

  it("answers an unexpected failure as UNKNOWN with its message, and logs it", async () => {
    const logger = createLogger("numbering-test", "silent");
    const logged = vi.spyOn(logger, "error");
    class FailingIssue extends IssueDocument {
      override execute(): never {
        throw new Error("disk on fire");
      }
    }
    const failing = new FailingIssue(new IssueQueue(store, () => undefined), "http://files");
    const { results } = await clientFor(failing, logger).issueDocuments({
      items: [{ scope, issuer, computed }],
    });
    const error = errorOf(results[0]!.outcome);
    expect(error.code).toBe(Code.Unknown);
    expect(error.rawMessage).toBe("disk on fire");
    expect(logged).toHaveBeenCalledOnce();
  });

  it(`refuses a call of more than ${MAX_ISSUE_BATCH} documents, numbering none`, async () => {
    const items = Array.from({ length: MAX_ISSUE_BATCH + 1 }, () => ({ scope, issuer, computed }));
    const refused = await client.issueDocuments({ items }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConnectError);
    expect((refused as ConnectError).code).toBe(Code.InvalidArgument);
    expect(await store.collection(documentsCollection).count({})).toBe(0);
  });
});

describe("NumberingService.GetDocuments", () => {
  let store: Store;
  let client: ReturnType<typeof clientFor>;

  beforeEach(async () => {
    store = await openStore({ engine: "sqlite", file: ":memory:" });
    await store.ensure([documentsCollection, outboxCollection]);
    const issue = new IssueDocument(new IssueQueue(store, () => undefined), "http://files");
    client = clientFor(
      issue,
      createLogger("numbering-test", "silent"),
      new GetDocument(store, "http://files"),
      new GetDocuments(store, "http://files"),
    );
  });

  afterEach(async () => {
    await store.close();
  });

  it("answers each item in order as GetDocument would, a missing one as its own NOT_FOUND", async () => {
    const { results: issued } = await client.issueDocuments({
      items: [
        { scope, issuer, computed, idempotencyKey: "a" },
        { scope, issuer, computed, idempotencyKey: "b" },
      ],
    });
    const ids = issued.map((r) => (r.outcome.case === "document" ? r.outcome.value.id : ""));
    const { results } = await client.getDocuments({
      items: [
        { scope, id: ids[1] },
        { scope, id: "doc_01JZ8X3P0A2B4C6D8E0F2GNONE" },
        { scope, id: ids[0] },
      ],
    });
    const [second, missing, first] = results.map((r) => r.outcome);
    expect(second?.case === "document" && second.value.document?.id).toBe(ids[1]);
    expect(first?.case === "document" && first.value.document?.id).toBe(ids[0]);
    expect(first?.case === "document" && first.value.issuer?.legalName).toBe(issuer.legalName);
    expect(errorOf(missing!).code).toBe(Code.NotFound);
  });

  it(`refuses a call of more than ${MAX_GET_BATCH} documents`, async () => {
    const items = Array.from({ length: MAX_GET_BATCH + 1 }, () => ({
      scope,
      id: "doc_01JZ8X3P0A2B4C6D8E0F2GNONE",
    }));
    const refused = await client.getDocuments({ items }).catch((error: unknown) => error);
    expect((refused as ConnectError).code).toBe(Code.InvalidArgument);
  });
});
