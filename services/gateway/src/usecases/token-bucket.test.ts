import { describe, expect, it } from "vitest";
import { TokenBuckets } from "./token-bucket.js";

describe("TokenBuckets", () => {
  it("should allow a burst of capacity, refuse the next, and refill with time", () => {
    let now = 0;
    const buckets = new TokenBuckets({ capacity: 3, refillPerSecond: 1 }, () => now);
    expect([1, 2, 3].map(() => buckets.take("k").allowed)).toEqual([true, true, true]);
    expect(buckets.take("k")).toEqual({ allowed: false, remaining: 0, resetSeconds: 1 });
    now = 1_000;
    expect(buckets.take("k")).toMatchObject({ allowed: true, remaining: 0 });
    expect(buckets.take("other").remaining).toBe(2);
  });

  it("should say when the bucket is full again", () => {
    const buckets = new TokenBuckets({ capacity: 10, refillPerSecond: 5 }, () => 0);
    for (let i = 0; i < 10; i++) buckets.take("k");
    expect(buckets.peek("k")).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 2 });
  });

  it("should forget the oldest idle keys beyond its bound", () => {
    const buckets = new TokenBuckets({ capacity: 1, refillPerSecond: 0.001 }, () => 0, 2);
    buckets.take("a");
    buckets.take("b");
    buckets.take("c");
    // "a" was forgotten: it starts full again.
    expect(buckets.take("a").allowed).toBe(true);
    expect(buckets.take("c").allowed).toBe(false);
  });
});
