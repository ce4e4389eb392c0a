import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import type { FontProgram } from "./font-program.js";

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

/** A PDF text string: literal when ASCII, else UTF-16BE with its byte order mark (PDF 32000-1, 7.9.2.2). */
function pdfString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  let hex = "feff";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, "0");
  return `<${hex}>`;
}

const pdfDate = (d: Date) => `D:${d.toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z`;

interface Page {
  width: number;
  height: number;
  ops: string[];
  faces: Set<number>;
}

interface Face {
  program: FontProgram;
  /** Glyphs this document drew, with what each spells. */
  used: Map<number, number[]>;
}

/**
 * A minimal PDF 1.7 writer for the printed representations: pages of text in embedded TrueType fonts
 * (Type0/Identity-H, subset, with ToUnicode so text can be copied and searched), lines, rectangles and filled
 * unit runs (the QR). Callers place things from the page's top-left corner, y downwards, as on paper. No clock,
 * no randomness: the same calls give the same bytes.
 */
export class PdfWriter {
  private readonly pages: Page[] = [];
  private readonly faces: Face[];
  private page: Page | undefined;
  private fill = "";

  constructor(
    fonts: FontProgram[],
    private readonly lang: string,
  ) {
    this.faces = fonts.map((program) => ({ program, used: new Map() }));
  }

  addPage(width: number, height: number): void {
    this.page = { width, height, ops: [], faces: new Set() };
    this.pages.push(this.page);
    this.fill = "";
  }

  private current(): Page {
    if (!this.page) throw new Error("draw after addPage");
    return this.page;
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
    page.faces.add(face);
    if (color !== this.fill) {
      page.ops.push(`${rgb(color)} rg`);
      this.fill = color;
    }
    const y = page.height - baseline;
    let tj = "";
    let hex = "";
    const flush = () => {
      if (hex !== "") tj += `<${hex}>`;
      hex = "";
    };
    for (let i = 0; i < run.gids.length; i++) {
      const gid = run.gids[i] as number;
      if (!f.used.has(gid)) f.used.set(gid, run.codePoints[i] as number[]);
      hex += gid.toString(16).padStart(4, "0");
      // A kerned advance differs from the glyph's own width (which /W gives): TJ moves by the difference.
      const adjust = f.program.advance(gid) - (run.advances[i] as number);
      if (adjust !== 0) {
        flush();
        tj += n(adjust);
      }
    }
    flush();
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

  /** The finished file. */
  end(info: PdfInfo): Buffer {
    const objects: (string | { dict: string; stream: Buffer })[] = [];
    const ref = () => {
      objects.push("");
      return objects.length;
    };
    const set = (id: number, value: string | { dict: string; stream: Buffer }) => {
      objects[id - 1] = value;
    };
    const catalog = ref();
    const pagesId = ref();
    const infoId = ref();
    const fontIds = this.faces.map((face) => (face.used.size > 0 ? ref() : 0));
    const pageIds = this.pages.map(() => ref());

    this.faces.forEach((face, i) => {
      const id = fontIds[i] as number;
      if (id === 0) return;
      const p = face.program;
      const subset = p.subset(face.used);
      const name = `${subset.tag}+${p.postscriptName}`;
      const file = ref();
      set(file, {
        dict: `<< /Length ${subset.fontFile.byteLength} /Length1 ${subset.fontLength} /Filter /FlateDecode >>`,
        stream: subset.fontFile,
      });
      const descriptor = ref();
      set(
        descriptor,
        `<< /Type /FontDescriptor /FontName /${name} /Flags ${p.flags} /FontBBox [${p.bbox.map(n).join(" ")}] /ItalicAngle ${n(p.italicAngle)} /Ascent ${n(p.ascender)} /Descent ${n(p.descender)} /CapHeight ${n(p.capHeight)} /XHeight ${n(p.xHeight)} /StemV 0 /FontFile2 ${file} 0 R >>`,
      );
      const cid = ref();
      set(
        cid,
        `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /W ${subset.widths} /CIDToGIDMap /Identity >>`,
      );
      const toUnicode = ref();
      set(toUnicode, {
        dict: `<< /Length ${subset.toUnicode.byteLength} /Filter /FlateDecode >>`,
        stream: subset.toUnicode,
      });
      set(
        id,
        `<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H /DescendantFonts [${cid} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
      );
    });

    this.pages.forEach((page, i) => {
      const content = ref();
      const stream = deflateSync(Buffer.from(page.ops.join("\n"), "latin1"));
      set(content, { dict: `<< /Length ${stream.byteLength} /Filter /FlateDecode >>`, stream });
      const fonts = [...page.faces]
        .sort()
        .map((f) => `/F${f + 1} ${fontIds[f]} 0 R`)
        .join(" ");
      set(
        pageIds[i] as number,
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${n(page.width)} ${n(page.height)}] /Resources << /Font << ${fonts} >> >> /Contents ${content} 0 R >>`,
      );
    });
    set(
      catalog,
      `<< /Type /Catalog /Pages ${pagesId} 0 R /Lang ${pdfString(this.lang)} /ViewerPreferences << /DisplayDocTitle true >> >>`,
    );
    set(
      pagesId,
      `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`,
    );
    const infoDict = `<< /Title ${pdfString(info.title)} /Author ${pdfString(info.author)} /Subject ${pdfString(info.subject)} /Creator ${pdfString(info.creator)} /Producer ${pdfString(info.producer)} /CreationDate ${pdfString(pdfDate(info.creationDate))} >>`;
    set(infoId, infoDict);

    const chunks: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
    let offset = chunks[0]?.byteLength as number;
    const offsets: number[] = [];
    objects.forEach((o, i) => {
      offsets.push(offset);
      const parts =
        typeof o === "string"
          ? [Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, "latin1")]
          : [
              Buffer.from(`${i + 1} 0 obj\n${o.dict}\nstream\n`, "latin1"),
              o.stream,
              Buffer.from("\nendstream\nendobj\n", "latin1"),
            ];
      for (const p of parts) {
        chunks.push(p);
        offset += p.byteLength;
      }
    });
    // The file identifier (14.4) is a function of the metadata: the same document, the same bytes.
    const id = createHash("md5").update(infoDict).digest("hex");
    const xref = [
      "xref",
      `0 ${objects.length + 1}`,
      "0000000000 65535 f ",
      ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
      "trailer",
      `<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoId} 0 R /ID [<${id}> <${id}>] >>`,
      "startxref",
      String(offset),
      "%%EOF\n",
    ].join("\n");
    chunks.push(Buffer.from(xref, "latin1"));
    return Buffer.concat(chunks);
  }
}
