import { describe, expect, it } from "vitest";
import { assertEntity, cleanSet } from "./documents.js";
import { InvalidDocumentError } from "./errors.js";

describe("what a stored entity may hold", () => {
  it.each([
    [
      "a nested number that is not finite",
      { lines: [{ amount: 1 }, { amount: Number.NaN }] },
      "lines[1].amount is not a finite number",
    ],
    [
      "a Date inside an object",
      { meta: { when: new Date(0) } },
      "meta.when is not a plain object (Date, Buffer, …)",
    ],
    ["undefined inside an array", { tags: ["x", undefined] }, "tags[1] is undefined"],
    ["a $-prefixed key", { meta: { $bad: 1 } }, "key $bad starts with $"],
    ["arrays of arrays", { grid: [[1], [2, Infinity]] }, "grid[1][1] is not a finite number"],
    ["a function", { f: () => 1 }, "f has unsupported type function"],
  ])("refuses %s, naming where it is", (_, fields, message) => {
    expect(() => assertEntity("things", { _id: "a", ...fields })).toThrow(
      new InvalidDocumentError(`things: ${message}`),
    );
  });

  it("accepts JSON data, skipping undefined properties", () => {
    const entity = { _id: "a", n: 1.5, s: "x", b: false, z: null, gone: undefined, deep: [{ a: [1] }] };
    expect(() => assertEntity("things", entity)).not.toThrow();
  });

  it("names the field of an update's set, from the top", () => {
    expect(() => cleanSet("things", { lines: [{ x: 1 }, { y: new Date(0) }] })).toThrow(
      "things: lines[1].y is not a plain object (Date, Buffer, …)",
    );
    expect(cleanSet("things", { a: 1, b: undefined })).toEqual({ a: 1 });
  });
});
