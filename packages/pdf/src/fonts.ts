import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create, type Font } from "fontkit";
import { woffToSfnt } from "./woff.js";
import { FontProgram } from "./writer/font-program.js";

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
 * Parsed fonts, shared by any number of renders: the fontkit fonts (what `printable` asks), and the programs the
 * PDF writer shapes words with and subsets per document, which keep the words already shaped and the subsets
 * already built. Load them once per process (`loadPdfFonts`) and pass them to every render.
 */
export interface PdfFonts {
  regular: Font;
  bold: Font;
  programs: { regular: FontProgram; bold: FontProgram };
}

function loadFont(specifier: string): { font: Font; program: FontProgram } {
  const path = createRequire(import.meta.url).resolve(specifier);
  const sfnt = woffToSfnt(readFileSync(path));
  const font = create(sfnt);
  if (!("layout" in font)) throw new Error(`${specifier} is a font collection, not a font`);
  return { font, program: new FontProgram(font, sfnt) };
}

/** Reads and parses the two embedded fonts. Load once and pass them to every render. */
export function loadPdfFonts(): PdfFonts {
  const regular = loadFont(FONT_FILES.regular);
  const bold = loadFont(FONT_FILES.bold);
  return {
    regular: regular.font,
    bold: bold.font,
    programs: { regular: regular.program, bold: bold.program },
  };
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
  let out = "";
  for (const ch of flat) {
    if (hasGlyphs(font, ch)) {
      out += ch;
      continue;
    }
    const base = ch.normalize("NFKD").replace(/\p{M}/gu, "");
    out += base !== "" && hasGlyphs(font, base) ? base : "?";
  }
  return out;
}

/** The font has a glyph for every character of `text` (a function of the module: no closure per call). */
function hasGlyphs(font: Font, text: string): boolean {
  for (const ch of text) if (!font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0)) return false;
  return true;
}
