import { inflateSync } from "node:zlib";
import { create } from "fontkit";
import { describe, expect, it } from "vitest";
import { loadPdfFonts } from "../fonts.js";

const { programs, regular, bold } = loadPdfFonts();

function usedBy(text: string): Map<number, number[]> {
  const run = programs.regular.shape(text);
  return new Map(run.gids.map((gid, i) => [gid, run.codePoints[i] as number[]]));
}

describe("FontProgram", () => {
  it("shapes and measures as fontkit lays the text out, kerning within words", () => {
    const text = "FACTURA ELECTRÓNICA AV. Tú";
    const run = programs.regular.shape(text);
    const words = text.split(/(?<= )/).map((w) => regular.layout(w));
    expect(run.gids).toEqual(words.flatMap((w) => w.glyphs.map((g) => g.id)));
    expect(run.width).toBeCloseTo(
      words.reduce((s, w) => s + w.advanceWidth, 0),
      6,
    );
    expect(run.codePoints.flat()).toEqual([...text].map((c) => c.codePointAt(0)));
  });

  it("shapes any Latin-1 word exactly as fontkit's full layout does (glyphs, kerned advances)", () => {
    const alphabet: string[] = [];
    for (let c = 0x21; c <= 0xff; c++) if (c <= 0x7e || c >= 0xa0) alphabet.push(String.fromCharCode(c));
    for (const [program, font, seed] of bothFonts(12345))
      for (const [t, letters] of randomWords(alphabet, seed, 3000, 10).entries()) {
        const word = t % 2 === 0 ? `${letters} ` : letters;
        const run = program.shape(word);
        const laid = font.layout(word);
        expect(run.gids, word).toEqual(laid.glyphs.map((g) => g.id));
        expect(run.advances, word).toEqual(laid.positions.map((p) => p.xAdvance));
      }
  });

  it("shapes words full of f as fontkit's full layout does, ligatures (fi, fl, ff) included", () => {
    for (const [program, font, seed] of bothFonts(777))
      for (const word of randomWords([..."ffffiltaeoúñ.-1AF "], seed, 2000, 8)) {
        const run = program.shape(word);
        const laid = word.split(/(?<= )/).map((w) => font.layout(w));
        expect(run.gids, word).toEqual(laid.flatMap((l) => l.glyphs.map((g) => g.id)));
        expect(run.advances, word).toEqual(laid.flatMap((l) => l.positions.map((p) => p.xAdvance)));
      }
  });

  it("subsets to a font whose used glyphs draw, accented (composite) letters with their parts", () => {
    const text = "ÓÑÁÉÍÚü¿¡€";
    const used = usedBy(text);
    const subset = programs.regular.subset(used);
    const font = create(inflateSync(subset.fontFile));
    if (!("getGlyph" in font)) throw new Error("expected one font");
    expect(subset.fontLength).toBe(inflateSync(subset.fontFile).byteLength);
    for (const gid of used.keys()) {
      const box = font.getGlyph(gid).path.bbox;
      expect(box.maxY - box.minY, `glyph ${gid}`).toBeGreaterThan(100);
    }
    // An unused glyph keeps its slot but draws nothing.
    const unused = programs.regular.shape("Æ").gids[0] as number;
    expect(used.has(unused)).toBe(false);
    expect(font.getGlyph(unused).path.commands).toEqual([]);
  });

  it("maps every glyph back to its text (ToUnicode) and names the subset with six capitals", () => {
    const used = usedBy("Ñandú");
    const subset = programs.regular.subset(used);
    const cmap = inflateSync(subset.toUnicode).toString("latin1");
    for (const [gid, cps] of used)
      expect(cmap).toContain(
        `<${gid.toString(16).padStart(4, "0")}> <${cps.map((c) => c.toString(16).padStart(4, "0")).join("")}>`,
      );
    expect(subset.tag).toMatch(/^[A-Z]{6}$/);
  });

  it("gives the same subset for the same glyphs, whatever order they were drawn in", () => {
    const a = programs.regular.subset(usedBy("ñáé"));
    const b = programs.regular.subset(usedBy("éáñ"));
    expect(Buffer.compare(a.fontFile, b.fontFile)).toBe(0);
    expect(a.tag).toBe(b.tag);
    expect(programs.regular.subset(usedBy("ñáí")).tag).not.toBe(a.tag);
  });

  it("holds the glyphs of a digest's and a number's characters in every subset, so those share one", () => {
    const a = programs.regular.subset(usedBy("qQ0yV3yW2HcJkU6x"));
    const b = programs.regular.subset(usedBy("20600000005"));
    expect(b).toBe(a);
    const font = create(inflateSync(a.fontFile));
    if (!("getGlyph" in font)) throw new Error("expected one font");
    for (const char of "AZaz09+/=") {
      const gid = programs.regular.shape(char).gids[0] as number;
      expect(font.getGlyph(gid).path.commands.length, char).toBeGreaterThan(0);
    }
    // What each spells is still in the ToUnicode map, those drawn and those not.
    const cmap = inflateSync(a.toUnicode).toString("latin1");
    for (const char of "Q0z") {
      const gid = programs.regular.shape(char).gids[0] as number;
      expect(cmap).toContain(
        `<${gid.toString(16).padStart(4, "0")}> <${char.charCodeAt(0).toString(16).padStart(4, "0")}>`,
      );
    }
  });
});

/** The regular and bold programs beside the fontkit font each was made from, each with its own random seed. */
function bothFonts(seed: number) {
  return [
    [programs.regular, regular, seed],
    [programs.bold, bold, seed + 1],
  ] as const;
}

/** `count` words of 1 to `maxLength` letters drawn from `letters` by a seeded generator (the same words every run). */
function randomWords(letters: readonly string[], seed: number, count: number, maxLength: number): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state;
  };
  return Array.from({ length: count }, () => {
    let word = "";
    for (let i = 0, n = 1 + (next() % maxLength); i < n; i++) word += letters[next() % letters.length];
    return word;
  });
}
