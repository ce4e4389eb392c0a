import { describe, expect, it } from "vitest";
import { hasInvalidXmlChar, invalidXmlCharAt, isSingleLineText } from "./text.js";

describe("text XML can carry", () => {
  it.each([
    ["plain", "Caja azul", -1],
    ["accents, ñ, € and an emoji (a surrogate pair)", "Ñandú € 😀", -1],
    ["tab, line feed, carriage return", "a\tb\nc\r", -1],
    ["NUL", "a\u0000b", 1],
    ["BEL", "ab\u0007", 2],
    ["vertical tab", "\u000b", 0],
    ["escape", "x\u001by", 1],
    ["U+FFFE", "a\ufffe", 1],
    ["U+FFFF", "\uffff", 0],
    ["a lone high surrogate", "a\ud800b", 1],
    ["a lone low surrogate", "ab\udc00", 2],
  ])("%s", (_name, text, at) => {
    expect(invalidXmlCharAt(text)).toBe(at);
    expect(hasInvalidXmlChar(text)).toBe(at >= 0);
  });

  it("a single-line text refuses line breaks and tabs (ERR 2022) but keeps spaces", () => {
    expect(isSingleLineText("ACME  S.A.C. \u00a0 Ñ")).toBe(true);
    for (const bad of ["a\tb", "a\nb", "a\rb", "a\u2028b", "a\u0085b", "a\u0001b"]) {
      expect(isSingleLineText(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
