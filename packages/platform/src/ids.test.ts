import { describe, expect, it } from "vitest";
import { hasIdShape, idRangeAt, newId } from "./ids.js";

describe("newId()", () => {
  it("should carry the prefix and the documented shape", () => {
    const id = newId("doc");
    expect(id.startsWith("doc_")).toBe(true);
    expect(hasIdShape(id, "doc")).toBe(true);
    expect(hasIdShape(id, "evt")).toBe(false);
  });

  it("should sort by creation time", () => {
    const older = newId("evt", 1_700_000_000_000);
    const newer = newId("evt", 1_700_000_000_001);
    expect(older < newer).toBe(true);
  });

  it("should not repeat", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId("evt", 1)));
    expect(ids.size).toBe(1000);
  });

  it("should use every character of the alphabet in every random position, about equally", () => {
    const counts = Array.from({ length: 16 }, () => new Map<string, number>());
    for (let i = 0; i < 6400; i++)
      [...newId("evt", 1).slice(-16)].forEach((char, position) => {
        const seen = counts[position]!;
        seen.set(char, (seen.get(char) ?? 0) + 1);
      });
    for (const seen of counts) {
      expect(seen.size).toBe(32);
      // 200 expected per character: a fixed bit or a biased draw falls far outside these bounds.
      for (const count of seen.values()) expect(count).toBeGreaterThan(110);
      for (const count of seen.values()) expect(count).toBeLessThan(300);
    }
  });

  it("should lie within idRangeAt of its millisecond, and outside the neighbours'", () => {
    const at = 1_700_000_000_000;
    const { first, last } = idRangeAt("evt", at);
    for (let i = 0; i < 100; i++) {
      const id = newId("evt", at);
      expect(first <= id && id <= last).toBe(true);
      expect(newId("evt", at - 1) < first && newId("evt", at + 1) > last).toBe(true);
    }
  });
});
