import { type PdfFonts, printable } from "../fonts.js";
import type { PdfWriter } from "../writer/pdf-writer.js";
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

const FACE_INDEX: Record<Face, number> = { regular: 0, bold: 1 };

/**
 * Draws text and rules on one PDF with the embedded fonts. Every string goes through `printable` both when
 * measured and when drawn, so what was measured is what is drawn.
 */
export class Pen {
  constructor(
    readonly doc: PdfWriter,
    private readonly fonts: PdfFonts,
  ) {}

  clean(text: string): string {
    return printable(text, this.fonts.regular).trim();
  }

  lineHeight(style: TextStyle): number {
    return style.size * LEADING;
  }

  private measure(text: string, style: TextStyle): number {
    return this.doc.widthOf(FACE_INDEX[style.face], text, style.size);
  }

  width(text: string, style: TextStyle): number {
    return this.measure(this.clean(text), style);
  }

  /** The lines the text takes in a column of this width. */
  wrap(text: string, width: number, style: TextStyle): string[] {
    return wrapText(this.clean(text), width, (s) => this.measure(s, style));
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
    const face = FACE_INDEX[style.face];
    const w = align === "left" ? 0 : this.measure(clean, style);
    const left = align === "left" ? x : align === "right" ? x - w : x - w / 2;
    const top = y - style.size * BASELINE_SHIFT;
    this.doc.text(
      face,
      style.size,
      style.color,
      left,
      top + (this.doc.ascender(face) * style.size) / 1000,
      clean,
    );
  }

  hline(x1: number, x2: number, y: number, color: string, width = 0.5, dash?: number): void {
    this.doc.line(x1, y, x2, y, color, width, dash);
  }

  vline(x: number, y1: number, y2: number, color: string, width = 0.5): void {
    this.doc.line(x, y1, x, y2, color, width);
  }

  rect(
    x: number,
    y: number,
    w: number,
    h: number,
    look: { stroke?: string; fill?: string; radius?: number },
  ): void {
    this.doc.rect(x, y, w, h, look);
  }
}
