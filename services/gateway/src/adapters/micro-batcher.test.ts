import { Code, ConnectError } from "@einvoice/platform";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type BatchCall, type ItemOutcome, MicroBatcher, type MicroBatchSettings } from "./micro-batcher.js";

interface Item {
  key: string;
  weight?: number;
}

interface HeldCall {
  keys: string[];
  timeoutMs: number;
  /** Answers each item its key in capitals, or what `outcomes` says. */
  release(outcomes?: ItemOutcome<string>[]): void;
  fail(error: unknown): void;
}

/**
 * A dependency whose batched call waits until the test answers it, or until its deadline, when it fails as a
 * Connect call would (DEADLINE_EXCEEDED), so the test decides which items arrive during a call. One that does not
 * `honourDeadline` is slower than the deadline: it answers only when the test says.
 */
function heldDependency({ honourDeadline = true } = {}) {
  const calls: HeldCall[] = [];
  const call: BatchCall<Item, string> = {
    dependency: "ledger",
    spanName: "Ledger batch",
    weight: (item) => item.weight ?? 1,
    send: (items, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = honourDeadline
          ? setTimeout(
              () => reject(new ConnectError("the deadline passed", Code.DeadlineExceeded)),
              timeoutMs,
            )
          : undefined;
        calls.push({
          keys: items.map((item) => item.key),
          timeoutMs,
          release: (outcomes) => {
            clearTimeout(timer);
            resolve(outcomes ?? items.map((item) => ({ ok: true, value: item.key.toUpperCase() })));
          },
          fail: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
      }),
  };
  return { call, calls };
}

const settings = (overrides: Partial<MicroBatchSettings> = {}): MicroBatchSettings => ({
  timeoutMs: 5_000,
  maxInFlight: 1,
  maxItems: 64,
  maxWeight: 2000,
  ...overrides,
});

/** Lets settled calls run their continuations (no time passes). */
const settle = () => vi.advanceTimersByTimeAsync(0);

const caught = (promise: Promise<string>) => promise.catch((error: unknown) => error);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("MicroBatcher", () => {
  it("sends an item at once, alone, when no call is in flight", async () => {
    const dep = heldDependency();
    const answer = new MicroBatcher(dep.call, settings()).submit({ key: "a" });
    expect(dep.calls.map((c) => c.keys)).toEqual([["a"]]);
    dep.calls[0]!.release();
    expect(await answer).toBe("A");
  });

  it("sends the items arriving during a call together, each answered its own outcome", async () => {
    const dep = heldDependency();
    const batcher = new MicroBatcher(dep.call, settings());
    const first = batcher.submit({ key: "a" });
    const [b, c, d] = ["b", "c", "d"].map((key) => caught(batcher.submit({ key })));
    expect(dep.calls).toHaveLength(1);
    dep.calls[0]!.release();
    await settle();
    expect(dep.calls.map((call) => call.keys)).toEqual([["a"], ["b", "c", "d"]]);
    const refused = new Error("c is refused");
    dep.calls[1]!.release([
      { ok: true, value: "B" },
      { ok: false, error: refused },
      { ok: true, value: "D" },
    ]);
    expect(await first).toBe("A");
    expect([await b, await c, await d]).toEqual(["B", refused, "D"]);
  });

  it("keeps up to maxInFlight calls going", async () => {
    const dep = heldDependency();
    const batcher = new MicroBatcher(dep.call, settings({ maxInFlight: 2 }));
    const all = ["a", "b", "c", "d"].map((key) => batcher.submit({ key }));
    expect(dep.calls.map((c) => c.keys)).toEqual([["a"], ["b"]]);
    dep.calls[1]!.release();
    await settle();
    expect(dep.calls.map((c) => c.keys)).toEqual([["a"], ["b"], ["c", "d"]]);
    dep.calls[0]!.release();
    dep.calls[2]!.release();
    expect(await Promise.all(all)).toEqual(["A", "B", "C", "D"]);
  });

  it("bounds a call by maxItems and maxWeight, and sends an item heavier than maxWeight alone", async () => {
    const dep = heldDependency();
    const batcher = new MicroBatcher(dep.call, settings({ maxItems: 2, maxWeight: 10 }));
    const all = [
      batcher.submit({ key: "blocker" }),
      ...(
        [
          ["a", 3],
          ["b", 3],
          ["c", 3],
          ["heavy", 25],
          ["d", 6],
          ["e", 5],
        ] as const
      ).map(([key, weight]) => batcher.submit({ key, weight })),
    ];
    for (let call = 0; call < 5; call++) {
      dep.calls[call]!.release();
      await settle();
    }
    expect(dep.calls.map((c) => c.keys)).toEqual([["blocker"], ["a", "b"], ["c"], ["heavy"], ["d"], ["e"]]);
    dep.calls[5]!.release();
    expect(await Promise.all(all)).toHaveLength(7);
  });

  it("fails every item of a failed call with its error, and goes on with the next ones", async () => {
    const dep = heldDependency();
    const batcher = new MicroBatcher(dep.call, settings());
    const down = new ConnectError("ledger is down", Code.Unavailable);
    const lost = ["blocker", "a", "b"].map((key) => caught(batcher.submit({ key })));
    dep.calls[0]!.fail(down);
    await settle();
    dep.calls[1]!.fail(down);
    expect(await Promise.all(lost)).toEqual([down, down, down]);
    const later = batcher.submit({ key: "later" });
    dep.calls[2]!.release();
    expect(await later).toBe("LATER");
  });

  it("fails the call's items when the dependency answers another number of outcomes", async () => {
    const dep = heldDependency();
    const refused = caught(new MicroBatcher(dep.call, settings()).submit({ key: "a" }));
    dep.calls[0]!.release([]);
    expect(String(await refused)).toMatch(/ledger answered 0 results for 1 documents/);
  });

  it("gives each call the time its oldest item has left, the queue included", async () => {
    const dep = heldDependency();
    const batcher = new MicroBatcher(dep.call, settings({ timeoutMs: 200 }));
    const first = caught(batcher.submit({ key: "a" }));
    await vi.advanceTimersByTimeAsync(120);
    const queued = caught(batcher.submit({ key: "b" }));
    await vi.advanceTimersByTimeAsync(80);
    // The first call gave up at its deadline; the second went then, with what was left of b's 200 ms.
    expect(dep.calls.map((c) => [c.keys, c.timeoutMs])).toEqual([
      [["a"], 200],
      [["b"], 120],
    ]);
    await vi.advanceTimersByTimeAsync(120);
    for (const error of await Promise.all([first, queued]))
      expect((error as ConnectError).code).toBe(Code.DeadlineExceeded);
  });

  it("fails an item whose time ran out in the queue without sending it", async () => {
    const dep = heldDependency({ honourDeadline: false });
    const batcher = new MicroBatcher(dep.call, settings({ timeoutMs: 100 }));
    const first = batcher.submit({ key: "a" });
    await vi.advanceTimersByTimeAsync(10);
    const queued = caught(batcher.submit({ key: "b" }));
    // The first call answers only after b's time has run out.
    await vi.advanceTimersByTimeAsync(150);
    dep.calls[0]!.release();
    expect(await first).toBe("A");
    const error = await queued;
    expect((error as ConnectError).code).toBe(Code.DeadlineExceeded);
    expect((error as ConnectError).rawMessage).toBe("ledger did not answer in time");
    expect(dep.calls.map((c) => c.keys)).toEqual([["a"]]);
  });
});
