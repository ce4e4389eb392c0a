import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { type ConnectRouter, createClient, createRouterTransport } from "@connectrpc/connect";
import { Code, ConnectError, itemErrorOf, readViolations, violationsError } from "@einvoice/platform";
import {
  DocumentSchema,
  type IssueDocumentRequest,
  type IssueDocumentsResponseSchema,
  NumberingService,
} from "@einvoice/proto";
import { describe, expect, it } from "vitest";
import { IssueBatcher, type IssueBatchLimits, type IssueDocumentInit } from "./issue-batcher.js";

type Answer = (items: IssueDocumentRequest[]) => MessageInitShape<typeof IssueDocumentsResponseSchema>;

/** A numbering whose IssueDocuments answers each call when the test releases it. */
function fakeNumbering(answer: Answer = numberEach) {
  const calls: { items: IssueDocumentRequest[]; release(): void; fail(error: Error): void }[] = [];
  const routes = (router: ConnectRouter) =>
    router.service(NumberingService, {
      issueDocuments: (req) =>
        new Promise((resolve, reject) => {
          calls.push({
            items: req.items,
            release: () => resolve(answer(req.items)),
            fail: reject,
          });
        }),
    });
  const client = createClient(NumberingService, createRouterTransport(routes));
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
  computed: { lines: Array.from({ length: lines }, () => ({})) },
});

/** Lets the router transport deliver what is pending. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

const limits = (overrides: Partial<IssueBatchLimits>): IssueBatchLimits => ({
  maxInFlight: 1,
  maxDocuments: 64,
  maxLines: 2000,
  ...overrides,
});

describe("IssueBatcher", () => {
  it("sends a request at once, alone, when no call is in flight", async () => {
    const numbering = fakeNumbering();
    const batcher = new IssueBatcher(numbering.client, limits({}));
    const issued = batcher.issue(request("a"));
    await settle();
    expect(numbering.calls.map((c) => c.items.length)).toEqual([1]);
    numbering.calls[0]!.release();
    expect((await issued).id).toBe("doc_a");
  });

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

  it("keeps up to maxInFlight calls going", async () => {
    const numbering = fakeNumbering();
    const batcher = new IssueBatcher(numbering.client, limits({ maxInFlight: 2 }));
    const all = ["a", "b", "c", "d"].map((key) => batcher.issue(request(key)));
    await settle();
    expect(numbering.calls.map((c) => c.items.length)).toEqual([1, 1]);
    numbering.calls[1]!.release();
    await settle();
    expect(numbering.calls.map((c) => c.items.length)).toEqual([1, 1, 2]);
    numbering.calls[0]!.release();
    numbering.calls[2]!.release();
    expect(await Promise.all(all)).toHaveLength(4);
  });

  it("splits by documents and by lines, and sends a document longer than the line limit alone", async () => {
    const numbering = fakeNumbering();
    const batcher = new IssueBatcher(numbering.client, limits({ maxDocuments: 2, maxLines: 10 }));
    const blocker = batcher.issue(request("blocker"));
    await settle();
    const all = [
      batcher.issue(request("a", 3)),
      batcher.issue(request("b", 3)),
      batcher.issue(request("c", 3)),
      batcher.issue(request("long", 25)),
      batcher.issue(request("d", 6)),
      batcher.issue(request("e", 5)),
    ];
    for (let call = 0; call < 5; call++) {
      numbering.calls[call]!.release();
      await settle();
    }
    expect(numbering.calls.map((c) => c.items.map((i) => i.idempotencyKey))).toEqual([
      ["blocker"],
      ["a", "b"],
      ["c"],
      ["long"],
      ["d"],
      ["e"],
    ]);
    numbering.calls[5]!.release();
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

  it("fails every request of a failed call with its error, and goes on with the next ones", async () => {
    const numbering = fakeNumbering();
    const batcher = new IssueBatcher(numbering.client, limits({}));
    const blocker = batcher.issue(request("blocker")).catch((error: unknown) => error);
    await settle();
    const lost = ["a", "b"].map((key) => batcher.issue(request(key)).catch((error: unknown) => error));
    numbering.calls[0]!.fail(new ConnectError("numbering is down", Code.Unavailable));
    await settle();
    numbering.calls[1]!.fail(new ConnectError("numbering is down", Code.Unavailable));
    for (const error of [await blocker, ...(await Promise.all(lost))]) {
      expect(error).toBeInstanceOf(ConnectError);
      expect((error as ConnectError).code).toBe(Code.Unavailable);
    }
    const later = batcher.issue(request("later"));
    await settle();
    numbering.calls[2]!.release();
    expect((await later).id).toBe("doc_later");
  });

  it("fails the call's requests when numbering answers a different number of results", async () => {
    const numbering = fakeNumbering(() => ({ results: [] }));
    const batcher = new IssueBatcher(numbering.client, limits({}));
    const refused = batcher.issue(request("a")).catch((error: unknown) => error);
    await settle();
    numbering.calls[0]!.release();
    expect(String(await refused)).toMatch(/0 results for 1 documents/);
  });
});
