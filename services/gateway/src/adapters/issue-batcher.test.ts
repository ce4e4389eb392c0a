import { create, type MessageInitShape, toBinary } from "@bufbuild/protobuf";
import { type ConnectRouter, createClient, createRouterTransport } from "@connectrpc/connect";
import { Code, ConnectError, itemErrorOf, readViolations, violationsError } from "@einvoice/platform";
import {
  ComputedDocumentSchema,
  DocumentSchema,
  type IssueDocumentRequest,
  type IssueDocumentsResponseSchema,
  NumberingService,
  NumberingServiceEncoded,
} from "@einvoice/proto";
import { describe, expect, it } from "vitest";
import { IssueBatcher, type IssueBatchSettings, type IssueDocumentInit } from "./issue-batcher.js";

type Answer = (items: IssueDocumentRequest[]) => MessageInitShape<typeof IssueDocumentsResponseSchema>;

/**
 * A numbering whose IssueDocuments answers each call when the test releases it. It reads the requests as
 * IssueDocumentsRequest, the batcher's client writes them with encoded computed documents: one wire format.
 */
function fakeNumbering(answer: Answer = numberEach) {
  const calls: { items: IssueDocumentRequest[]; release(): void }[] = [];
  const routes = (router: ConnectRouter) =>
    router.service(NumberingService, {
      issueDocuments: (req) =>
        new Promise((resolve) => {
          calls.push({ items: req.items, release: () => resolve(answer(req.items)) });
        }),
    });
  const client = createClient(NumberingServiceEncoded, createRouterTransport(routes));
  return { client, calls };
}

let counter = 0;
function numberEach(items: IssueDocumentRequest[]) {
  return {
    results: items.map((item) => ({
      outcome: {
        case: "document" as const,
        value: create(DocumentSchema, { id: `doc_${item.idempotencyKey}`, number: ++counter }),
      },
    })),
  };
}

const request = (key: string, lines = 1): IssueDocumentInit => ({
  scope: { companyId: "cmp_1" },
  idempotencyKey: key,
  computed: toBinary(
    ComputedDocumentSchema,
    create(ComputedDocumentSchema, {
      series: "F001",
      lines: Array.from({ length: lines }, (_, i) => ({ description: `line ${i}` })),
      amounts: { total: "118.00" },
    }),
  ),
});

/** Lets the router transport deliver what is pending. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

const limits = (overrides: Partial<IssueBatchSettings>): IssueBatchSettings => ({
  timeoutMs: 5_000,
  maxInFlight: 1,
  maxDocuments: 64,
  maxLines: 2000,
  ...overrides,
});

describe("IssueBatcher", () => {
  it("sends the requests that arrive during a call together, and answers each its own document", async () => {
    const numbering = fakeNumbering();
    const batcher = new IssueBatcher(numbering.client, limits({}));
    const first = batcher.issue(request("a"));
    await settle();
    const rest = ["b", "c", "d"].map((key) => batcher.issue(request(key)));
    await settle();
    expect(numbering.calls).toHaveLength(1);
    numbering.calls[0]!.release();
    await settle();
    expect(numbering.calls.map((c) => c.items.map((i) => i.idempotencyKey))).toEqual([
      ["a"],
      ["b", "c", "d"],
    ]);
    numbering.calls[1]!.release();
    expect((await first).id).toBe("doc_a");
    expect((await Promise.all(rest)).map((d) => d.id)).toEqual(["doc_b", "doc_c", "doc_d"]);
  });

  it("weighs a document by its lines, a call bounded by maxDocuments and maxLines", async () => {
    const numbering = fakeNumbering();
    const batcher = new IssueBatcher(numbering.client, limits({ maxDocuments: 2, maxLines: 10 }));
    const blocker = batcher.issue(request("blocker"));
    await settle();
    const all = [
      batcher.issue(request("a", 3)),
      batcher.issue(request("b", 3)),
      batcher.issue(request("c", 3)),
      batcher.issue(request("d", 6)),
      batcher.issue(request("e", 5)),
    ];
    for (let call = 0; call < 3; call++) {
      numbering.calls[call]!.release();
      await settle();
    }
    expect(numbering.calls.map((c) => c.items.map((i) => i.idempotencyKey))).toEqual([
      ["blocker"],
      ["a", "b"],
      ["c", "d"],
      ["e"],
    ]);
    expect(numbering.calls.map((c) => c.items.map((i) => i.computed?.lines.length))).toEqual([
      [1],
      [3, 3],
      [3, 6],
      [5],
    ]);
    expect(numbering.calls[1]!.items[0]!.computed).toMatchObject({
      series: "F001",
      amounts: { total: "118.00" },
    });
    numbering.calls[3]!.release();
    await Promise.all([blocker, ...all]);
  });

  it("answers an item's own error as the ConnectError a single call would have thrown, the others their documents", async () => {
    const violation = { param: "computed", code: "required", message: "computed is required" };
    const numbering = fakeNumbering((items) => ({
      results: items.map((item, i) =>
        i === 1
          ? { outcome: { case: "error" as const, value: itemErrorOf(violationsError([violation])) } }
          : numberEach([item]).results[0]!,
      ),
    }));
    const batcher = new IssueBatcher(numbering.client, limits({}));
    const blocker = batcher.issue(request("blocker"));
    await settle();
    const [ok, refused, alsoOk] = ["a", "b", "c"].map((key) =>
      batcher.issue(request(key)).catch((error: unknown) => error),
    );
    numbering.calls[0]!.release();
    await settle();
    numbering.calls[1]!.release();
    await blocker;
    expect(((await ok) as { id: string }).id).toBe("doc_a");
    expect(((await alsoOk) as { id: string }).id).toBe("doc_c");
    const error = await refused;
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(error as ConnectError)).toEqual([violation]);
  });
});
