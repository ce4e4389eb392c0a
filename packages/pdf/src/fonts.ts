import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create, type Font, type GlyphRun } from "fontkit";
import { woffToSfnt } from "./woff.js";

/**
 * Noto Sans (SIL Open Font License 1.1: embedding in documents is allowed), Latin subset: every Spanish letter
 * and sign (ñ, á, é, í, ó, ú, ü, ¿, ¡, °, º, ª, €) in 17 KB per weight. Loaded from node_modules, never the OS,
 * so every machine prints the same glyphs.
 */
const FONT_FILES = {
  regular: "@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff",
  bold: "@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff",
} as const;

/**
 * Parsed fonts, shared by any number of renders: pdfkit subsets them per document, and they keep the words
 * already shaped. Load them once per process (`loadPdfFonts`) and pass them to every render.
 */
export interface PdfFonts {
  regular: Font;
  bold: Font;
}

/** Words kept shaped per font; past this the cache starts again, so a long-running service stays bounded. */
const SHAPED_WORDS = 20_000;

/**
 * The font with a cache of shaped words. Shaping a word (fontkit's OpenType layout) is most of a render's CPU,
 * and documents repeat their words (labels, units, amounts, the issuer's name). pdfkit scales the positions of
 * the run it gets in place, so each call gets its own copy of the positions over the shared glyphs.
 */
function withShapedWords(font: Font): Font {
  const runs = new Map<string, GlyphRun>();
  const cached: Font = Object.create(font);
  cached.layout = (text, features, ...rest) => {
    if (features !== undefined || rest.length > 0) return font.layout(text, features, ...rest);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= SHAPED_WORDS) runs.clear();
      run = font.layout(text);
      runs.set(text, run);
    }
    const copy: GlyphRun = Object.create(run);
    copy.positions = run.positions.map((p) => ({
      xAdvance: p.xAdvance,
      yAdvance: p.yAdvance,
      xOffset: p.xOffset,
      yOffset: p.yOffset,
    }));
    return copy;
  };
  return cached;
}

function loadFont(specifier: string): Font {
  const path = createRequire(import.meta.url).resolve(specifier);
  const font = create(woffToSfnt(readFileSync(path)));
  if (!("layout" in font)) throw new Error(`${specifier} is a font collection, not a font`);
  return withShapedWords(font);
}

/** Reads and parses the two embedded fonts (about 1 ms). Load once and pass them to every render. */
export function loadPdfFonts(): PdfFonts {
  return { regular: loadFont(FONT_FILES.regular), bold: loadFont(FONT_FILES.bold) };
}

/** Printable ASCII and Latin-1: all in the subset, so most text skips the per-character check. */
const LATIN1 = /^[\x20-\x7e\u00a0-\u00ff]*$/;

/**
 * The text as the font can print it: whitespace runs (tabs, line breaks) become one space, a letter the subset
 * lacks loses its accent when that makes it printable (`Ř` → `R`), and anything else becomes `?`, never an
 * invisible box.
 */
export function printable(text: string, font: Font): string {
  const flat = text.replace(/\s+/g, " ");
  if (LATIN1.test(flat)) return flat;
  const has = (ch: string) => font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0);
  let out = "";
  for (const ch of flat) {
    if (has(ch)) {
      out += ch;
      continue;
    }
    const base = ch.normalize("NFKD").replace(/\p{M}/gu, "");
    out += base !== "" && [...base].every(has) ? base : "?";
  }
  return out;
}
