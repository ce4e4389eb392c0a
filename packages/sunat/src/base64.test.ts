import { describe, expect, it } from "vitest";
import { decodeBase64Strict } from "./base64.js";

/** The rule as it was written before the fast path: strip whitespace, then length and pattern. */
function reference(value: string): Buffer | undefined {
  const compact = value.replace(/\s+/g, "");
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, "base64");
}

const hex = (buffer: Buffer | undefined): string | undefined => buffer?.toString("hex");

describe("decodeBase64Strict", () => {
  it.each([
    ["", ""],
    ["AAAA", "000000"],
    ["AAA=", "0000"],
    ["AA==", "00"],
    ["/+9a", "ffef5a"],
    ["AAB=", "0000"], // non-zero padding bits: accepted, as before
    ["AB==", "00"],
    [" AAAA", "000000"],
    ["AAAA\n", "000000"],
    ["AA AA", "000000"],
    ["AA\r\nAA", "000000"],
    ["AA\tA\fA\v", "000000"],
    ["AA\u00a0AA", "000000"], // no-break space is \s
    ["AA\u2028AA\ufeff", "000000"], // line separator, BOM: \s too
    ["AA=\n=", "00"],
    ["A===", undefined],
    ["====", undefined],
    ["AAAA====", undefined],
    ["AAA", undefined],
    ["AAAAA", undefined],
    ["AAAA=", undefined],
    ["AA=A", undefined],
    ["=AAA", undefined],
    ["AA-_", undefined], // the URL-safe alphabet is not base64
    ["AAA*", undefined],
    ["AAAé", undefined],
    ["AA\u0000A", undefined],
    ["AA\u200bAA", undefined], // zero-width space is not \s
  ])("%j → %s", (input, expected) => {
    expect(hex(decodeBase64Strict(input))).toBe(expected);
    expect(hex(reference(input))).toBe(expected);
  });

  it("agrees with the reference rule on random mixes of alphabet, padding, whitespace and garbage", () => {
    const pieces = [
      "A",
      "Q",
      "z",
      "9",
      "+",
      "/",
      "=",
      "==",
      " ",
      "\n",
      "\r\n",
      "\t",
      "\u00a0",
      "-",
      "_",
      "*",
      "é",
      "AAAA",
    ];
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let accepted = 0;
    for (let round = 0; round < 20000; round++) {
      let input = "";
      const length = next(12);
      for (let i = 0; i < length; i++) input += pieces[next(pieces.length)];
      const expected = hex(reference(input));
      expect(hex(decodeBase64Strict(input)), JSON.stringify(input)).toBe(expected);
      if (expected !== undefined) accepted++;
    }
    expect(accepted).toBeGreaterThan(500);
  });

  it("decodes a real payload to the same bytes, with and without line breaks", () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256));
    const base64 = bytes.toString("base64");
    expect(decodeBase64Strict(base64)?.equals(bytes)).toBe(true);
    expect(decodeBase64Strict(base64.replace(/.{76}/g, "$&\r\n"))?.equals(bytes)).toBe(true);
    expect(decodeBase64Strict(`${base64.slice(0, 100)}!${base64.slice(101)}`)).toBeUndefined();
  });
});
