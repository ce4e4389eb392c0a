import { describe, expect, it } from "vitest";
import { hasIdShape, newId } from "./ids.js";

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
});
