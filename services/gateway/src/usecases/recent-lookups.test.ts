import { describe, expect, it } from "vitest";
import { RecentLookups } from "./recent-lookups.js";

describe("RecentLookups", () => {
  const counting = () => {
    const calls: string[] = [];
    return {
      calls,
      lookup: (key: string, value: string | null) => () => {
        calls.push(key);
        return Promise.resolve(value);
      },
    };
  };

  it("should look a key up once while fresh, and again once it is not", async () => {
    let now = 1_000;
    const recent = new RecentLookups<string>(100, () => now);
    const { calls, lookup } = counting();
    expect(await recent.get("a", lookup("a", "A"))).toBe("A");
    now = 1_099;
    expect(await recent.get("a", lookup("a", "A2"))).toBe("A");
    now = 1_100;
    expect(await recent.get("a", lookup("a", "A3"))).toBe("A3");
    expect(calls).toEqual(["a", "a"]);
  });

  it("should share a lookup in flight", async () => {
    const recent = new RecentLookups<string>(100, () => 0);
    let resolve: (value: string) => void = () => {};
    let calls = 0;
    const slow = () => {
      calls++;
      return new Promise<string>((r) => {
        resolve = r;
      });
    };
    const both = Promise.all([recent.get("a", slow), recent.get("a", slow)]);
    resolve("A");
    expect(await both).toEqual(["A", "A"]);
    expect(calls).toBe(1);
  });

  it("should not remember a miss or a failure", async () => {
    const recent = new RecentLookups<string>(100, () => 0);
    const { calls, lookup } = counting();
    expect(await recent.get("a", lookup("a", null))).toBeNull();
    await expect(recent.get("b", () => Promise.reject(new Error("store down")))).rejects.toThrow(
      "store down",
    );
    await Promise.resolve();
    expect(await recent.get("a", lookup("a", "A"))).toBe("A");
    expect(await recent.get("b", lookup("b", "B"))).toBe("B");
    expect(calls).toEqual(["a", "a", "b"]);
  });

  it("should keep at most maxEntries, dropping the oldest, and look everything up when freshMs is 0", async () => {
    const recent = new RecentLookups<string>(100, () => 0, 2);
    const { calls, lookup } = counting();
    for (const key of ["a", "b", "c", "a"]) await recent.get(key, lookup(key, key));
    expect(calls).toEqual(["a", "b", "c", "a"]);
    const never = new RecentLookups<string>(0, () => 0);
    await never.get("a", lookup("x", "x"));
    await never.get("a", lookup("x", "x"));
    expect(calls.filter((k) => k === "x")).toHaveLength(2);
  });
});
