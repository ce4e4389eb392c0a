import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create } from "fontkit";
import { describe, expect, it } from "vitest";
import { loadPdfFonts, printable } from "./fonts.js";
import { woffToSfnt } from "./woff.js";

const fonts = loadPdfFonts();

describe("woffToSfnt", () => {
  const woff = readFileSync(
    createRequire(import.meta.url).resolve("@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff"),
  );

  it("unpacks to the size the WOFF header announces, and to the same font", () => {
    const sfnt = woffToSfnt(woff);
    expect(sfnt.byteLength).toBe(woff.readUInt32BE(16)); // totalSfntSize
    const fromWoff = create(woff);
    const fromSfnt = create(sfnt);
    if (!("layout" in fromWoff) || !("layout" in fromSfnt)) throw new Error("expected fonts");
    expect(fromSfnt.type).toBe("TTF");
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    expect(fromSfnt.postscriptName).toBe(fromWoff.postscriptName);
    const text = "FACTURA ELECTRÓNICA ñ á ° ¿¡ €";
    expect(fromSfnt.layout(text).glyphs.map((g) => g.id)).toEqual(
      fromWoff.layout(text).glyphs.map((g) => g.id),
    );
  });

  it("refuses what is not a WOFF font", () => {
    expect(() => woffToSfnt(Buffer.from("not a font at all, longer than forty-four bytes........"))).toThrow(
      /not a WOFF/,
    );
    expect(() => woffToSfnt(woff.subarray(0, 60))).toThrow(/truncated|outside/);
  });
});

describe("loadPdfFonts", () => {
  it("loads regular and bold Noto Sans from node_modules", () => {
    expect(fonts.regular.postscriptName).toBe("NotoSans-Regular");
    expect(fonts.bold.postscriptName).toBe("NotoSans-Bold");
  });

  it("covers every printable Latin-1 character (the fast path of printable)", () => {
    for (let cp = 0x20; cp <= 0xff; cp++) {
      if (cp > 0x7e && cp < 0xa0) continue;
      expect(fonts.regular.hasGlyphForCodePoint(cp), `U+${cp.toString(16)}`).toBe(true);
      expect(fonts.bold.hasGlyphForCodePoint(cp), `U+${cp.toString(16)}`).toBe(true);
    }
  });
});

describe("printable", () => {
  it.each([
    ["PEÑA & ÁLVAREZ S.A.C. – N° 12 «Ó»", "PEÑA & ÁLVAREZ S.A.C. – N° 12 «Ó»"],
    ["línea\nsegunda\t\ttercera", "línea segunda tercera"],
    ["DVOŘÁK", "DVORÁK"],
    ["ŁÓDŹ", "?ÓDZ"],
    ["東京", "??"],
    ["precio €10", "precio €10"],
  ])("%j → %j", (text, expected) => expect(printable(text, fonts.regular)).toBe(expected));
});
