import { deflateSync } from "node:zlib";
import type { Font } from "fontkit";

/** One shaped piece of text at 1000 units per em: glyph ids, the advance each takes, and what each spells. */
export interface ShapedRun {
  gids: number[];
  /** Advance after each glyph (kerning included), in thousandths of the font size. */
  advances: number[];
  /** Offsets of glyphs placed off the pen position (combining marks); empty when none is. */
  offsets: { x: number; y: number }[];
  codePoints: number[][];
  width: number;
}

/** What a PDF embeds for one set of glyphs: the font file (deflated), its /W array and its ToUnicode map. */
export interface EmbeddedSubset {
  fontFile: Buffer;
  /** Uncompressed length of the font file (/Length1). */
  fontLength: number;
  /** The CIDFont's /W array: a first glyph id, then the widths of it and the ids following it. */
  widths: (number | number[])[];
  toUnicode: Buffer;
  /** Six capital letters naming this subset (PDF 32000-1, 9.6.4). */
  tag: string;
}

/** Shaped words and built subsets kept per font; past these counts a cache starts again (bounded memory). */
const SHAPED_WORDS = 20_000;
const SUBSETS = 256;

const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** The sfnt tables a PDF's TrueType font program needs (PDF 32000-1, 9.9): no cmap, names or layout tables. */
const KEPT_TABLES = ["head", "hhea", "hmtx", "maxp"] as const;

/**
 * The characters of a signature's digest (base64) and of numbers, which change on every document: every subset
 * holds their glyphs (see `commonGlyphs`), so a business's documents, whose other text repeats, share subsets.
 */
const COMMON_CHARACTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="];

const sameCodePoints = (a: number[], b: number[]) => a.length === b.length && a.every((cp, i) => cp === b[i]);

const hex4 = (n: number) => n.toString(16).padStart(4, "0");

function utf16Hex(codePoints: number[]): string {
  let out = "";
  for (const cp of codePoints) {
    if (cp > 0xffff) {
      const v = cp - 0x10000;
      out += hex4(0xd800 | (v >>> 10)) + hex4(0xdc00 | (v & 0x3ff));
    } else out += hex4(cp);
  }
  return out;
}

function checksum(data: Uint8Array): number {
  let sum = 0;
  const whole = data.byteLength & ~3;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < whole; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  let last = 0;
  for (let i = whole; i < data.byteLength; i++) last |= (data[i] as number) << (24 - 8 * (i - whole));
  return (sum + last) >>> 0;
}

/**
 * One TrueType font as the PDF writer uses it, parsed once per process: shaping (fontkit, cached per word),
 * advance widths, and font programs holding only the glyphs a document uses. A subset keeps every glyph's slot
 * (unused ones empty), so glyph ids stay the font's own (CIDToGIDMap Identity) and composite glyphs need no
 * renumbering; the result for a set of glyphs is kept, since documents of a business repeat their letters.
 */
export class FontProgram {
  readonly postscriptName: string;
  readonly scale: number;
  readonly ascender: number;
  readonly descender: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly italicAngle: number;
  readonly bbox: [number, number, number, number];
  readonly flags: number;
  private readonly runs = new Map<string, ShapedRun>();
  /** Each Latin-1 character alone (null: not one plain glyph), and the kerning of each pair, in 1000ths. */
  private readonly singles = new Map<string, ShapedRun | null>();
  private readonly pairs = new Map<string, number>();
  /** Characters after which `f` forms a ligature (true) or is laid out glyph by glyph (false). */
  private readonly fLigatures = new Map<string, boolean>();
  private readonly subsets = new Map<string, EmbeddedSubset>();
  private readonly advanceWidths: number[];
  private readonly tables = new Map<string, Uint8Array>();
  private readonly glyphStarts: number[];
  private readonly glyf: Uint8Array;
  private readonly longLoca: boolean;
  private readonly components = new Map<number, number[]>();
  private common: Map<number, number[]> | undefined;

  constructor(
    private readonly font: Font,
    sfnt: Buffer,
  ) {
    this.postscriptName = font.postscriptName;
    this.scale = 1000 / font.unitsPerEm;
    this.ascender = font.ascent * this.scale;
    this.descender = font.descent * this.scale;
    this.capHeight = (font.capHeight || font.ascent) * this.scale;
    this.xHeight = (font.xHeight || 0) * this.scale;
    this.italicAngle = font.italicAngle;
    const b = font.bbox;
    this.bbox = [b.minX * this.scale, b.minY * this.scale, b.maxX * this.scale, b.maxY * this.scale];
    // FontDescriptor flags (PDF 32000-1, 9.8.2): symbolic (the font's own encoding), serif and fixed pitch
    // from the font's OS/2 and post tables.
    const f = font as unknown as {
      "OS/2"?: { sFamilyClass?: number };
      post: { isFixedPitch: number };
      head: { macStyle: { italic?: boolean } };
    };
    const familyClass = (f["OS/2"]?.sFamilyClass ?? 0) >> 8;
    this.flags =
      (f.post.isFixedPitch ? 1 : 0) |
      (familyClass >= 1 && familyClass <= 7 ? 2 : 0) |
      4 |
      (f.head.macStyle.italic ? 64 : 0);

    const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
    const numTables = view.getUint16(4);
    for (let i = 0; i < numTables; i++) {
      const at = 12 + i * 16;
      const tag = sfnt.toString("latin1", at, at + 4);
      const offset = view.getUint32(at + 8);
      this.tables.set(tag, sfnt.subarray(offset, offset + view.getUint32(at + 12)));
    }
    const table = (tag: string) => {
      const t = this.tables.get(tag);
      if (!t) throw new Error(`${this.postscriptName} has no ${tag} table`);
      return t;
    };
    const head = table("head");
    const longLoca = new DataView(head.buffer, head.byteOffset).getInt16(50) === 1;
    this.longLoca = longLoca;
    const numGlyphs = font.numGlyphs;
    const loca = table("loca");
    const locaView = new DataView(loca.buffer, loca.byteOffset, loca.byteLength);
    this.glyphStarts = Array.from({ length: numGlyphs + 1 }, (_, i) =>
      longLoca ? locaView.getUint32(i * 4) : locaView.getUint16(i * 2) * 2,
    );
    this.glyf = table("glyf");
    // Advances straight from hhea/hmtx: asking fontkit for glyphs here would cache them without the code
    // points layout gives them, which the ToUnicode map needs.
    const hhea = table("hhea");
    const metrics = new DataView(hhea.buffer, hhea.byteOffset).getUint16(34);
    const hmtx = table("hmtx");
    const hmtxView = new DataView(hmtx.buffer, hmtx.byteOffset, hmtx.byteLength);
    this.advanceWidths = Array.from(
      { length: numGlyphs },
      (_, gid) => hmtxView.getUint16(Math.min(gid, metrics - 1) * 4) * this.scale,
    );
  }

  hasGlyphForCodePoint(cp: number): boolean {
    return this.font.hasGlyphForCodePoint(cp);
  }

  /**
   * The text shaped as pdfkit did: one fontkit layout per space-ended piece (kerning stays within a word), so
   * widths, and therefore line breaks, are the ones the layouts were drawn with.
   */
  shape(text: string): ShapedRun {
    let whole = this.runs.get(text);
    if (whole) return whole;
    if (text.indexOf(" ") === -1 || text.indexOf(" ") === text.length - 1) whole = this.shapeWord(text);
    else {
      whole = { gids: [], advances: [], offsets: [], codePoints: [], width: 0 };
      let last = 0;
      for (let i = 0; i < text.length; i++) {
        if (text.charCodeAt(i) !== 32) continue;
        this.append(whole, this.shapeWord(text.slice(last, i + 1)));
        last = i + 1;
      }
      if (last < text.length) this.append(whole, this.shapeWord(text.slice(last)));
    }
    this.remember(text, whole);
    return whole;
  }

  /** Width in thousandths of the font size. */
  width(text: string): number {
    return this.shape(text).width;
  }

  private append(into: ShapedRun, run: ShapedRun): void {
    if (run.offsets.length > 0) {
      while (into.offsets.length < into.gids.length) into.offsets.push({ x: 0, y: 0 });
      into.offsets.push(...run.offsets);
    } else if (into.offsets.length > 0) for (const _ of run.gids) into.offsets.push({ x: 0, y: 0 });
    into.gids.push(...run.gids);
    into.advances.push(...run.advances);
    into.codePoints.push(...run.codePoints);
    into.width += run.width;
  }

  private shapeWord(word: string): ShapedRun {
    const known = this.runs.get(word);
    if (known) return known;
    const shaped = this.pairwise(word) ?? this.layout(word);
    this.remember(word, shaped);
    return shaped;
  }

  /**
   * A word of Latin-1 letters, digits and signs shaped from its characters' glyphs and the kerning of each pair
   * (both from fontkit, once each): what fontkit's full layout gives for such words with these fonts, at a
   * fraction of its cost. `f` starts ligatures (fi, fl, ffi), so words where it meets a character it joins take
   * the full layout.
   */
  private pairwise(word: string): ShapedRun | undefined {
    const gids: number[] = [];
    const advances: number[] = [];
    const codePoints: number[][] = [];
    let width = 0;
    let previous: { char: string; single: ShapedRun } | undefined;
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i);
      if (code < 0x20 || (code > 0x7e && code < 0xa0) || code > 0xff) return undefined;
      if (code === 0x66 && i + 1 < word.length && this.startsLigature(word[i + 1] as string))
        return undefined;
      const char = word[i] as string;
      const single = this.single(char);
      if (!single) return undefined;
      if (previous) {
        const kern = this.kerning(previous.char, char, previous.single);
        advances[advances.length - 1] = (advances[advances.length - 1] as number) + kern;
        width += kern;
      }
      gids.push(single.gids[0] as number);
      advances.push(single.advances[0] as number);
      codePoints.push(single.codePoints[0] as number[]);
      width += single.advances[0] as number;
      previous = { char, single };
    }
    return { gids, advances, offsets: [], codePoints, width };
  }

  /**
   * Whether `f` followed by this character is laid out otherwise than glyph by glyph (a ligature: fi, fl, ff…),
   * asked of fontkit once per character.
   */
  private startsLigature(next: string): boolean {
    let joins = this.fLigatures.get(next);
    if (joins === undefined) {
      const f = this.single("f");
      const other = this.single(next);
      const laid = this.layout(`f${next}`);
      joins =
        !f ||
        !other ||
        laid.gids.length !== 2 ||
        laid.gids[0] !== f.gids[0] ||
        laid.gids[1] !== other.gids[0];
      this.fLigatures.set(next, joins);
    }
    return joins;
  }

  private single(char: string): ShapedRun | undefined {
    let run = this.singles.get(char);
    if (run === undefined) {
      const laid = this.layout(char);
      run = laid.gids.length === 1 && laid.gids[0] !== 0 && laid.offsets.length === 0 ? laid : null;
      this.singles.set(char, run);
    }
    return run ?? undefined;
  }

  private kerning(a: string, b: string, first: ShapedRun): number {
    const pair = a + b;
    let kern = this.pairs.get(pair);
    if (kern === undefined) {
      kern = (this.layout(pair).advances[0] as number) - (first.advances[0] as number);
      this.pairs.set(pair, kern);
    }
    return kern;
  }

  private layout(word: string): ShapedRun {
    const run = this.font.layout(word);
    const gids = run.glyphs.map((g) => g.id);
    const advances = run.positions.map((p) => p.xAdvance * this.scale);
    const offsets = run.positions.some((p) => p.xOffset !== 0 || p.yOffset !== 0)
      ? run.positions.map((p) => ({ x: p.xOffset * this.scale, y: p.yOffset * this.scale }))
      : [];
    return {
      gids,
      advances,
      offsets,
      codePoints: run.glyphs.map((g) => g.codePoints),
      width: advances.reduce((s, a) => s + a, 0),
    };
  }

  private remember(text: string, run: ShapedRun): void {
    if (this.runs.size >= SHAPED_WORDS) this.runs.clear();
    this.runs.set(text, run);
  }

  /** The glyph's own advance (hmtx), in thousandths of the font size: what /W tells a reader. */
  advance(gid: number): number {
    return this.advanceWidths[gid] ?? 0;
  }

  private glyph(gid: number): Uint8Array {
    return this.glyf.subarray(this.glyphStarts[gid] as number, this.glyphStarts[gid + 1] as number);
  }

  /** The glyphs a composite glyph is built from (TrueType glyf, "Composite Glyph Description"). */
  private componentsOf(gid: number): number[] {
    let known = this.components.get(gid);
    if (known) return known;
    known = [];
    const data = this.glyph(gid);
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data.byteLength >= 10 && view.getInt16(0) < 0) {
      let at = 10;
      for (;;) {
        const flags = view.getUint16(at);
        known.push(view.getUint16(at + 2));
        at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
        if (flags & WE_HAVE_A_SCALE) at += 2;
        else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
        else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
        if (!(flags & MORE_COMPONENTS)) break;
      }
    }
    this.components.set(gid, known);
    return known;
  }

  /**
   * The glyphs of COMMON_CHARACTERS, each with what it spells: every subset holds them, so the printed hash and
   * numbers, different on every document, do not make each document's subset a new one to build and deflate.
   */
  private commonGlyphs(): Map<number, number[]> {
    if (this.common) return this.common;
    const common = new Map<number, number[]>();
    for (const char of COMMON_CHARACTERS) {
      const single = this.single(char);
      const gid = single?.gids[0];
      if (single && gid !== undefined && !common.has(gid)) common.set(gid, single.codePoints[0] as number[]);
    }
    this.common = common;
    return common;
  }

  /**
   * What a PDF embeds for these glyphs (`codePoints` says what each spells, for copy and search): the common
   * glyphs and these, glyph 0 and the parts of composite glyphs. The same glyphs spelling the same text give the
   * same bytes.
   */
  subset(used: Map<number, number[]>): EmbeddedSubset {
    const common = this.commonGlyphs();
    // The common glyphs are the same for every document: what differs from them alone decides the subset, so the
    // key (and, on a miss, the merged mapping) is made from that difference.
    const differing: [number, number[]][] = [];
    for (const [gid, codePoints] of used) {
      const known = common.get(gid);
      if (!known || !sameCodePoints(known, codePoints)) differing.push([gid, codePoints]);
    }
    differing.sort((a, b) => a[0] - b[0]);
    const key = differing.map(([gid, codePoints]) => `${gid}:${codePoints.join(".")}`).join(",");
    const known = this.subsets.get(key);
    if (known) return known;
    const mapping = differing.length === 0 ? common : new Map([...common, ...differing]);

    const gids = [...mapping.keys()].sort((a, b) => a - b);
    const program = new Set<number>([0]);
    const add = (gid: number) => {
      if (program.has(gid)) return;
      program.add(gid);
      for (const part of this.componentsOf(gid)) add(part);
    };
    for (const gid of gids) add(gid);
    const fontFile = this.fontFile(program);

    // /W: runs of consecutive glyph ids share one array (PDF 32000-1, 9.7.4.3).
    const w: (number | number[])[] = [];
    let i = 0;
    while (i < gids.length) {
      const start = gids[i] as number;
      const run: number[] = [];
      while (i < gids.length && gids[i] === start + run.length) run.push(this.advance(gids[i++] as number));
      w.push(start, run);
    }
    const entries = gids.map((gid) => `<${hex4(gid)}> <${utf16Hex(mapping.get(gid) ?? [])}>`);
    const blocks: string[] = [];
    // At most 100 entries per beginbfchar block (PDF 32000-1, 9.10.3).
    for (let at = 0; at < entries.length; at += 100) {
      const block = entries.slice(at, at + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join("\n")}\nendbfchar`);
    }
    const cmap = [
      "/CIDInit /ProcSet findresource begin",
      "12 dict begin",
      "begincmap",
      "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
      "/CMapName /Adobe-Identity-UCS def",
      "/CMapType 2 def",
      "1 begincodespacerange",
      "<0000> <ffff>",
      "endcodespacerange",
      ...blocks,
      "endcmap",
      "CMapName currentdict /CMap defineresource pop",
      "end",
      "end",
    ].join("\n");
    // The tag is a function of the glyph set, so two PDFs with the same subset name hold the same font.
    const glyphs = gids.join(",");
    let h = 2166136261;
    for (let c = 0; c < glyphs.length; c++) h = Math.imul(h ^ glyphs.charCodeAt(c), 16777619) >>> 0;
    let tag = "";
    for (let c = 0; c < 6; c++) {
      tag += String.fromCharCode(65 + (h % 26));
      h = Math.floor(h / 26) + c * 7919;
    }
    const made: EmbeddedSubset = {
      fontFile: deflateSync(fontFile),
      fontLength: fontFile.byteLength,
      widths: w,
      toUnicode: deflateSync(cmap),
      tag,
    };
    if (this.subsets.size >= SUBSETS) this.subsets.clear();
    this.subsets.set(key, made);
    return made;
  }

  /** An sfnt with head, hhea, hmtx, maxp as they are, and glyf/loca holding only the `program` glyphs. */
  private fontFile(program: Set<number>): Buffer {
    const count = this.glyphStarts.length - 1;
    let glyfLength = 0;
    for (const gid of program) glyfLength += this.glyph(gid).byteLength;
    // Short offsets count words: only for a font whose glyphs all start at even offsets, and small enough.
    const longLoca = this.longLoca || glyfLength >= 0x20000;
    const loca = Buffer.alloc((count + 1) * (longLoca ? 4 : 2));
    const glyf = Buffer.alloc(glyfLength);
    let at = 0;
    for (let gid = 0; gid <= count; gid++) {
      if (longLoca) loca.writeUInt32BE(at, gid * 4);
      else loca.writeUInt16BE(at / 2, gid * 2);
      if (gid < count && program.has(gid)) {
        const data = this.glyph(gid);
        glyf.set(data, at);
        at += data.byteLength;
      }
    }
    const head = Buffer.from(this.tables.get("head") as Uint8Array);
    head.writeUInt32BE(0, 8); // checkSumAdjustment: readers do not check it, and it would cost a pass
    head.writeInt16BE(longLoca ? 1 : 0, 50);
    const tables = new Map<string, Uint8Array>([
      ["glyf", glyf],
      ["head", head],
      ["loca", loca],
    ]);
    for (const tag of KEPT_TABLES) if (!tables.has(tag)) tables.set(tag, this.tables.get(tag) as Uint8Array);
    const tags = [...tables.keys()].sort();
    const pad4 = (n: number) => (n + 3) & ~3;
    const size = tags.reduce(
      (s, t) => s + pad4((tables.get(t) as Uint8Array).byteLength),
      12 + tags.length * 16,
    );
    const out = Buffer.alloc(size);
    const selector = Math.floor(Math.log2(tags.length));
    out.writeUInt32BE(0x00010000, 0);
    out.writeUInt16BE(tags.length, 4);
    out.writeUInt16BE(2 ** selector * 16, 6);
    out.writeUInt16BE(selector, 8);
    out.writeUInt16BE(tags.length * 16 - 2 ** selector * 16, 10);
    let offset = 12 + tags.length * 16;
    tags.forEach((tag, i) => {
      const data = tables.get(tag) as Uint8Array;
      const entry = 12 + i * 16;
      out.write(tag, entry, "latin1");
      out.writeUInt32BE(checksum(data), entry + 4);
      out.writeUInt32BE(offset, entry + 8);
      out.writeUInt32BE(data.byteLength, entry + 12);
      out.set(data, offset);
      offset += pad4(data.byteLength);
    });
    return out;
  }
}
