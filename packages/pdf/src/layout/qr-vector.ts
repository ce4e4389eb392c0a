import QRCode from "qrcode";
import type { Pen } from "./pen.js";
import { bestMasked } from "./qr-mask.js";

/** A horizontal run of dark modules. */
export interface QrRun {
  row: number;
  col: number;
  length: number;
}

export interface QrMatrix {
  /** Modules per side, quiet zone excluded. */
  size: number;
  runs: QrRun[];
}

/** The quiet zone scanners need around the symbol, in modules (ISO/IEC 18004). */
export const QUIET_ZONE = 4;

/**
 * SUNAT's QR as runs of dark modules. Error correction level Q (25%), as Greenter's QrRender uses for SUNAT's
 * QR (our research notes do not state SUNAT's level): a creased or smudged paper still scans. Adjacent dark modules of a row merge into one rectangle: about a third of the rectangles that
 * one per module would take.
 */
export function qrMatrix(text: string): QrMatrix {
  // One byte-mode segment: the payload is short ASCII, and letting the library search the cheapest mix of
  // modes (a shortest-path over every character) cost more than the rest of the symbol. Built with mask 0;
  // the mask is chosen here (`bestMasked`), as the library would, on flat arrays.
  const { modules } = QRCode.create([{ data: Buffer.from(text, "utf8"), mode: "byte" }], {
    errorCorrectionLevel: "Q",
    maskPattern: 0,
  });
  const size = modules.size;
  const reserved = new Uint8Array(size * size);
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) reserved[row * size + col] = modules.isReserved(row, col) ? 1 : 0;
  const final = bestMasked(Uint8Array.from(modules.data), reserved, size);
  const runs: QrRun[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!final[row * size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && final[row * size + col]) col++;
      runs.push({ row, col: start, length: col - start });
    }
  }
  return { size, runs };
}

/**
 * Draws the QR as vector rectangles filling a `side`×`side` square at (x, y), quiet zone included, as one path
 * filled once: sharp at any zoom or printer resolution, and no PNG to encode and decode.
 */
export function drawQr(pen: Pen, matrix: QrMatrix, x: number, y: number, side: number): void {
  const unit = side / (matrix.size + 2 * QUIET_ZONE);
  pen.doc.fillRuns(x + QUIET_ZONE * unit, y + QUIET_ZONE * unit, unit, matrix.runs, "#000000");
}
