import PDFDocument from "pdfkit";
import type { FontProgram } from "./font-program.js";
import { embedPrepared, type PreparedImage } from "./prepared-image.js";

/** The document's metadata (Info dictionary, PDF 32000-1, 14.3.3); `creationDate` fixes the file's date. */
export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  creator: string;
  producer: string;
  creationDate: Date;
}

/** A horizontal run of filled unit squares (QR modules): `length` squares from (col, row). */
export interface UnitRun {
  row: number;
  col: number;
  length: number;
}

/** Bézier handle length of a quarter circle (4/3·(√2−1)), for rounded corners. */
const KAPPA = (4 * (Math.SQRT2 - 1)) / 3;

/** Coordinates to a thousandth of a point: finer than any printer, and short in the content stream. */
const n = (v: number) => String(Math.round(v * 1000) / 1000);

function rgb(hex: string): string {
  const v = Number.parseInt(hex.slice(1), 16);
  return `${n(((v >> 16) & 255) / 255)} ${n(((v >> 8) & 255) / 255)} ${n((v & 255) / 255)}`;
}

/** Writes a pdfkit object out (its typings want a chunk even for a dictionary without a stream). */
const close = (ref: PDFKit.PDFKitReference) => (ref as unknown as { end(): void }).end();

/** An image this document uses: its size in pixels, drawn by `drawImage`. */
export interface PdfImage {
  width: number;
  height: number;
  label: string;
}

/** An image of this document: embedded once, at its first draw, however many pages draw it. */
interface DocumentImage {
  prepared: PreparedImage;
  obj: PDFKit.PDFKitReference | null;
}

interface Page {
  height: number;
  ops: string[];
}

interface Face {
  program: FontProgram;
  /** Glyphs this document drew, with what each spells. */
  used: Map<number, number[]>;
  /** The Type0 font object, made when the face is first drawn and filled in at the end. */
  ref?: PDFKit.PDFKitReference;
}

/**
 * Draws the printed representations on a pdfkit document: pdfkit writes the file (pages, metadata, the file
 * identifier, compression, cross-reference), while text, rules and the QR go into the page content as
 * operators made here, and the fonts are embedded from `FontProgram` (Type0/Identity-H subsets with ToUnicode,
 * so text can be copied and searched). pdfkit's own text and font paths shaped, measured and subset every
 * string again per document, most of a render's CPU. Callers place things from the page's top-left corner, y
 * downwards, as on paper. No clock, no randomness: the same calls give the same bytes.
 */
export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly faces: Face[];
  private page: Page | undefined;
  private fill = "";
  private readonly images = new Map<string, DocumentImage>();
  private readonly output: Promise<Buffer>;

  constructor(fonts: FontProgram[], info: PdfInfo, lang: string) {
    this.faces = fonts.map((program) => ({ program, used: new Map() }));
    this.doc = new PDFDocument({
      autoFirstPage: false,
      compress: true,
      info: {
        Title: info.title,
        Author: info.author,
        Subject: info.subject,
        Creator: info.creator,
        Producer: info.producer,
        CreationDate: info.creationDate,
      },
      lang,
      displayTitle: true,
      // No default Helvetica: pdfkit would parse its metrics for every document only to leave it unused.
      font: null as unknown as string,
    });
    this.output = collectOutput(this.doc);
  }

  addPage(width: number, height: number): void {
    this.flushPage();
    this.doc.addPage({ size: [width, height], margin: 0 });
    // pdfkit starts each page flipped to a top-left origin; the operators here use PDF's own (bottom-left), so
    // the page's drawing is wrapped in the inverse flip.
    this.page = { height, ops: [`q 1 0 0 -1 0 ${n(height)} cm`] };
    this.fill = "";
  }

  private flushPage(): void {
    if (!this.page) return;
    this.page.ops.push("Q");
    this.doc.addContent(this.page.ops.join("\n"));
    this.page = undefined;
  }

  private current(): Page {
    if (!this.page) throw new Error("draw after addPage");
    return this.page;
  }

  private useFace(face: number): void {
    const f = this.faces[face] as Face;
    if (!f.ref) f.ref = this.doc.ref({});
    const fonts = (this.doc.page as unknown as { fonts: Record<string, PDFKit.PDFKitReference> }).fonts;
    fonts[`F${face + 1}`] ??= f.ref;
  }

  /** Width of the text in points, in font `face` at `size`. */
  widthOf(face: number, text: string, size: number): number {
    return ((this.faces[face] as Face).program.width(text) * size) / 1000;
  }

  /** Ascender of the face in thousandths of the font size. */
  ascender(face: number): number {
    return (this.faces[face] as Face).program.ascender;
  }

  /** One line of text whose baseline's left end is at (x, baseline), from the page's top. */
  text(face: number, size: number, color: string, x: number, baseline: number, text: string): void {
    const page = this.current();
    const f = this.faces[face] as Face;
    const run = f.program.shape(text);
    if (run.gids.length === 0) return;
    this.useFace(face);
    if (color !== this.fill) {
      page.ops.push(`${rgb(color)} rg`);
      this.fill = color;
    }
    const y = page.height - baseline;
    // The glyphs as hex strings, split where a kerned advance differs from the glyph's own width (which /W gives):
    // TJ moves by the difference there. No closure for the split: the services' bundles name every closure made.
    let tj = "";
    let hex = "";
    for (let i = 0; i < run.gids.length; i++) {
      const gid = run.gids[i] as number;
      if (!f.used.has(gid)) f.used.set(gid, run.codePoints[i] as number[]);
      hex += gid.toString(16).padStart(4, "0");
      const adjust = f.program.advance(gid) - (run.advances[i] as number);
      if (adjust !== 0) {
        tj += `<${hex}>${n(adjust)}`;
        hex = "";
      }
    }
    if (hex !== "") tj += `<${hex}>`;
    if (run.offsets.length === 0) {
      page.ops.push(`BT /F${face + 1} ${n(size)} Tf 1 0 0 1 ${n(x)} ${n(y)} Tm [${tj}] TJ ET`);
      return;
    }
    // Marks placed off the pen position (a combining accent): each glyph at its own point.
    let at = x;
    const ops = [`BT /F${face + 1} ${n(size)} Tf`];
    run.gids.forEach((gid, i) => {
      const off = run.offsets[i] ?? { x: 0, y: 0 };
      const gx = at + (off.x * size) / 1000;
      const gy = y + (off.y * size) / 1000;
      ops.push(`1 0 0 1 ${n(gx)} ${n(gy)} Tm <${gid.toString(16).padStart(4, "0")}> Tj`);
      at += ((run.advances[i] as number) * size) / 1000;
    });
    ops.push("ET");
    page.ops.push(ops.join(" "));
  }

  /** A straight line from (x1, y1) to (x2, y2), optionally dashed (`dash` on, `dash` off). */
  line(x1: number, y1: number, x2: number, y2: number, color: string, width: number, dash?: number): void {
    const page = this.current();
    const h = page.height;
    const d = dash ? `[${n(dash)} ${n(dash)}] 0 d ` : "";
    page.ops.push(`q ${n(width)} w ${rgb(color)} RG ${d}${n(x1)} ${n(h - y1)} m ${n(x2)} ${n(h - y2)} l S Q`);
  }

  /** A rectangle with its top-left corner at (x, y), stroked and/or filled, corners rounded by `radius`. */
  rect(
    x: number,
    y: number,
    w: number,
    h: number,
    look: { stroke?: string; fill?: string; radius?: number; lineWidth?: number },
  ): void {
    const page = this.current();
    const top = page.height - y;
    let path: string;
    const r = Math.min(look.radius ?? 0, w / 2, h / 2);
    if (r > 0) {
      const c = r * (1 - KAPPA);
      const bottom = top - h;
      path = [
        `${n(x + r)} ${n(top)} m`,
        `${n(x + w - r)} ${n(top)} l`,
        `${n(x + w - c)} ${n(top)} ${n(x + w)} ${n(top - c)} ${n(x + w)} ${n(top - r)} c`,
        `${n(x + w)} ${n(bottom + r)} l`,
        `${n(x + w)} ${n(bottom + c)} ${n(x + w - c)} ${n(bottom)} ${n(x + w - r)} ${n(bottom)} c`,
        `${n(x + r)} ${n(bottom)} l`,
        `${n(x + c)} ${n(bottom)} ${n(x)} ${n(bottom + c)} ${n(x)} ${n(bottom + r)} c`,
        `${n(x)} ${n(top - r)} l`,
        `${n(x)} ${n(top - c)} ${n(x + c)} ${n(top)} ${n(x + r)} ${n(top)} c h`,
      ].join(" ");
    } else path = `${n(x)} ${n(top - h)} ${n(w)} ${n(h)} re`;
    const paint = look.fill && look.stroke ? "B" : look.fill ? "f" : "S";
    const state = [
      look.stroke ? `${n(look.lineWidth ?? 0.75)} w ${rgb(look.stroke)} RG` : "",
      look.fill ? `${rgb(look.fill)} rg` : "",
    ]
      .filter((s) => s !== "")
      .join(" ");
    page.ops.push(`q ${state} ${path} ${paint} Q`);
  }

  /**
   * Filled unit squares on a grid of `unit`-point cells whose top-left corner is at (x, y): one path, filled
   * once, in grid units (short integers) under one transform.
   */
  fillRuns(x: number, y: number, unit: number, runs: UnitRun[], color: string): void {
    const page = this.current();
    const ops = [`q ${rgb(color)} rg ${n(unit)} 0 0 ${n(-unit)} ${n(x)} ${n(page.height - y)} cm`];
    for (const r of runs) ops.push(`${r.col} ${r.row} ${r.length} 1 re`);
    ops.push("f Q");
    page.ops.push(ops.join("\n"));
  }

  /** An image (decoded once, shared by documents) for this document to draw. */
  useImage(prepared: PreparedImage): PdfImage {
    const label = `I${this.images.size + 1}`;
    this.images.set(label, { prepared, obj: null });
    return { width: prepared.width, height: prepared.height, label };
  }

  /** The image stretched over the box whose top-left corner is (x, y), `w` × `h` points. */
  drawImage(image: PdfImage, x: number, y: number, w: number, h: number): void {
    const page = this.current();
    const used = this.images.get(image.label);
    if (!used) throw new Error("draw of an image this document did not take");
    used.obj ??= embedPrepared(this.doc, used.prepared);
    const xobjects = (this.doc.page as unknown as { xobjects: Record<string, PDFKit.PDFKitReference> })
      .xobjects;
    xobjects[image.label] ??= used.obj;
    // The image fills the unit square: scaled to the box, its bottom-left corner at the box's.
    page.ops.push(`q ${n(w)} 0 0 ${n(h)} ${n(x)} ${n(page.height - y - h)} cm /${image.label} Do Q`);
  }

  /** The finished file. */
  end(): Promise<Buffer> {
    this.flushPage();
    const doc = this.doc;
    for (const face of this.faces) {
      if (!face.ref) continue;
      const p = face.program;
      const subset = p.subset(face.used);
      const name = `${subset.tag}+${p.postscriptName}`;
      // Already deflated (and kept for the next document with these glyphs): a Filter stops pdfkit deflating again.
      const file = doc.ref({ Length1: subset.fontLength, Filter: "FlateDecode" });
      file.end(subset.fontFile);
      const descriptor = doc.ref({
        Type: "FontDescriptor",
        FontName: name,
        Flags: p.flags,
        FontBBox: p.bbox,
        ItalicAngle: p.italicAngle,
        Ascent: p.ascender,
        Descent: p.descender,
        CapHeight: p.capHeight,
        XHeight: p.xHeight,
        StemV: 0,
        FontFile2: file,
      });
      close(descriptor);
      const cid = doc.ref({
        Type: "Font",
        Subtype: "CIDFontType2",
        BaseFont: name,
        CIDSystemInfo: { Registry: new String("Adobe"), Ordering: new String("Identity"), Supplement: 0 },
        FontDescriptor: descriptor,
        W: subset.widths,
        CIDToGIDMap: "Identity",
      });
      close(cid);
      const toUnicode = doc.ref({ Filter: "FlateDecode" });
      toUnicode.end(subset.toUnicode);
      Object.assign(face.ref.data, {
        Type: "Font",
        Subtype: "Type0",
        BaseFont: name,
        Encoding: "Identity-H",
        DescendantFonts: [cid],
        ToUnicode: toUnicode,
      });
      close(face.ref);
    }
    doc.end();
    return this.output;
  }
}

/** What `collectOutput` replaces on a pdfkit document: where its file's bytes go, and the byte count it keeps. */
interface PdfkitOutput {
  _write(data: string | Uint8Array): void;
  push(chunk: Uint8Array | null): boolean;
  read(): Buffer | null;
  _offset: number;
}

/**
 * The document's file, collected as pdfkit writes it. pdfkit sends every line of the file through its Readable
 * stream (each converted to bytes one character at a time, then a Buffer and a stream push each); the file is only
 * ever wanted whole, so the lines are kept as they come and joined once. Bytes and offsets are pdfkit's own: a line
 * is its characters' low bytes (latin1) and a newline. What the constructor wrote already (the header) is read off
 * the stream first.
 */
function collectOutput(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const writer = doc as unknown as PdfkitOutput;
  const chunks: Uint8Array[] = [];
  const header = writer.read();
  if (header) chunks.push(header);
  return new Promise((resolve) => {
    writer._write = (data) => {
      const bytes = data instanceof Uint8Array ? data : Buffer.from(`${data}\n`, "latin1");
      chunks.push(bytes);
      writer._offset += bytes.length;
    };
    // pdfkit pushes null once the file is complete (its trailer written).
    writer.push = (chunk) => {
      if (chunk === null) resolve(Buffer.concat(chunks));
      else chunks.push(chunk);
      return true;
    };
  });
}
