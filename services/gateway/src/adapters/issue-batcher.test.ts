import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { type ConnectRouter, createClient, createRouterTransport } from "@connectrpc/connect";
import { Code, ConnectError, itemErrorOf, readViolations, violationsError } from "@einvoice/platform";
import {
  DocumentSchema,
  type IssueDocumentRequest,
  IssueDocumentsResponseSchema,
  NumberingService,
} from "@einvoice/proto";
import { describe, expect, it } from "vitest";
import { IssueBatcher, type IssueBatchSettings, type IssueDocumentInit } from "./issue-batcher.js";

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

const limits = (overrides: Partial<IssueBatchSettings>): IssueBatchSettings => ({
  timeoutMs: 5_000,
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

  it("gives each call the time its oldest create has left", async () => {
    const timeouts: (number | undefined)[] = [];
    const hung = createClient(
      NumberingService,
      createRouterTransport((router) =>
        router.service(NumberingService, {
          // Never answers: each call ends at its deadline.
          issueDocuments: (_req, context) => {
            timeouts.push(context.timeoutMs());
            return new Promise(() => undefined);
          },
        }),
      ),
    );
    const batcher = new IssueBatcher(hung, limits({ timeoutMs: 200 }));
    const first = batcher.issue(request("a")).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const queued = batcher.issue(request("b")).catch((error: unknown) => error);
    for (const error of await Promise.all([first, queued]))
      expect((error as ConnectError).code).toBe(Code.DeadlineExceeded);
    // The second call went when the first gave up, with what was left of the second create's 200 ms.
    expect(timeouts).toHaveLength(2);
    expect(timeouts[0]).toBeGreaterThan(180);
    expect(timeouts[1]).toBeGreaterThan(60);
    expect(timeouts[1]).toBeLessThan(140);
  });

  it("fails a create whose time ran out while it was queued, without sending it", async () => {
    const sent: string[][] = [];
    // A numbering slower than the caller's deadline (a call that ignores its timeout).
    const slow = {
      issueDocuments: async (req: { items: IssueDocumentInit[] }) => {
        sent.push(req.items.map((item) => item.idempotencyKey ?? ""));
        await new Promise((resolve) => setTimeout(resolve, 250));
        return create(IssueDocumentsResponseSchema, numberEach(req.items as IssueDocumentRequest[]));
      },
    } as unknown as ConstructorParameters<typeof IssueBatcher>[0];
    const batcher = new IssueBatcher(slow, limits({ timeoutMs: 100 }));
    const first = batcher.issue(request("a"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const queued = batcher.issue(request("b")).catch((error: unknown) => error);
    expect((await first).id).toBe("doc_a");
    const error = await queued;
    expect((error as ConnectError).code).toBe(Code.DeadlineExceeded);
    expect((error as ConnectError).rawMessage).toBe("numbering did not answer in time");
    expect(sent).toEqual([["a"]]);
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
