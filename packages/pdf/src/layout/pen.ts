import type PDFDocument from "pdfkit";
import { type PdfFonts, printable } from "../fonts.js";
import { wrapText } from "./wrap.js";

export type Face = "regular" | "bold";

export interface TextStyle {
  face: Face;
  size: number;
  color: string;
}

export type Align = "left" | "right" | "center";

/** Line height as a multiple of the font size: Noto's glyphs span 1.36 em, accents and descenders included. */
const LEADING = 1.3;
/** Moves text up within its line so capitals sit in the middle of the line box. */
const BASELINE_SHIFT = 0.06;

const FONT_NAMES: Record<Face, string> = { regular: "NotoSans", bold: "NotoSans-Bold" };

/**
 * Draws text and rules on one pdfkit document with the embedded fonts. Every string goes through `printable`
 * both when measured and when drawn, so what was measured is what is drawn.
 */
export class Pen {
  private face: Face | undefined;
  private size = 0;
  private color = "";

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly fonts: PdfFonts,
  ) {
    // pdfkit accepts a parsed fontkit font wherever it takes a font file (PDFFontFactory.open); its typings do not.
    doc.registerFont(FONT_NAMES.regular, fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
    doc.registerFont(FONT_NAMES.bold, fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
    // A new page starts with a black fill: the colour in use must be set again there.
    doc.on("pageAdded", () => {
      this.color = "";
    });
  }

  clean(text: string): string {
    return printable(text, this.fonts.regular).trim();
  }

  private use(style: TextStyle): void {
    if (style.face !== this.face) {
      this.doc.font(FONT_NAMES[style.face]);
      this.face = style.face;
    }
    if (style.size !== this.size) {
      this.doc.fontSize(style.size);
      this.size = style.size;
    }
  }

  lineHeight(style: TextStyle): number {
    return style.size * LEADING;
  }

  width(text: string, style: TextStyle): number {
    this.use(style);
    return this.doc.widthOfString(this.clean(text));
  }

  /** The lines the text takes in a column of this width. */
  wrap(text: string, width: number, style: TextStyle): string[] {
    this.use(style);
    return wrapText(this.clean(text), width, (s) => this.doc.widthOfString(s));
  }

  /** The style made smaller, down to 5 pt, until the text fits the width (long quantities and amounts). */
  fit(text: string, width: number, style: TextStyle): TextStyle {
    let size = style.size;
    while (size > 5 && this.width(text, { ...style, size }) > width) size -= 0.5;
    return { ...style, size };
  }

  /** One line of text in a line box whose top is `y`; `x` is the left, right or centre edge per `align`. */
  text(text: string, x: number, y: number, style: TextStyle, align: Align = "left"): void {
    const clean = this.clean(text);
    if (clean === "") return;
    this.use(style);
    const w = align === "left" ? 0 : this.doc.widthOfString(clean);
    const left = align === "left" ? x : align === "right" ? x - w : x - w / 2;
    if (style.color !== this.color) {
      this.doc.fillColor(style.color);
      this.color = style.color;
    }
    this.doc.text(clean, left, y - style.size * BASELINE_SHIFT, { lineBreak: false });
  }

  hline(x1: number, x2: number, y: number, color: string, width = 0.5, dash?: number): void {
    const d = this.doc.save().lineWidth(width).strokeColor(color);
    if (dash) d.dash(dash, { space: dash });
    d.moveTo(x1, y).lineTo(x2, y).stroke().restore();
  }

  vline(x: number, y1: number, y2: number, color: string, width = 0.5): void {
    this.doc.save().lineWidth(width).strokeColor(color).moveTo(x, y1).lineTo(x, y2).stroke().restore();
  }

  rect(
    x: number,
    y: number,
    w: number,
    h: number,
    look: { stroke?: string; fill?: string; radius?: number },
  ): void {
    const d = this.doc.save();
    if (look.radius) d.roundedRect(x, y, w, h, look.radius);
    else d.rect(x, y, w, h);
    if (look.fill && look.stroke) d.lineWidth(0.75).fillAndStroke(look.fill, look.stroke);
    else if (look.fill) d.fill(look.fill);
    else if (look.stroke) d.lineWidth(0.75).stroke(look.stroke);
    d.restore();
    // save/restore resets the fill colour the next text must set again.
    this.color = "";
  }
}

export type { PDFDocument };
