import { crc32, inflateSync } from "node:zlib";
import type { Scope } from "./scope.js";

/** What a company's logo may be: what prints cleanly on an A4 header and an 80 mm ticket, and mails quickly. */
export const LOGO_LIMITS = {
  /** Largest file, in bytes (512 KiB). */
  maxBytes: 512 * 1024,
  /** Longest side, in pixels: a 2000 px logo prints at over 600 dpi in the A4 header's box. */
  maxSide: 2000,
  /** Shortest side, in pixels: smaller prints as a blur. */
  minSide: 16,
} as const;

export type LogoFormat = "png" | "jpeg";

export const LOGO_CONTENT_TYPES: Record<LogoFormat, string> = { png: "image/png", jpeg: "image/jpeg" };

export type LogoInspection =
  | { ok: true; format: LogoFormat; contentType: string; width: number; height: number }
  /**
   * `unsupported`: neither a PNG nor a JPEG; `too_large`: over a limit in bytes or pixels; `invalid`: damaged, or
   * a kind of PNG or JPEG a PDF cannot embed.
   */
  | { ok: false; problem: "unsupported" | "too_large" | "invalid"; message: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format the bytes start with (magic bytes), whatever the sender called them. */
export function logoFormatOf(bytes: Uint8Array): LogoFormat | null {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return null;
}

const invalid = (message: string): LogoInspection => ({ ok: false, problem: "invalid", message });
const tooLarge = (message: string): LogoInspection => ({ ok: false, problem: "too_large", message });

function sized(format: LogoFormat, width: number, height: number): LogoInspection {
  const { maxSide, minSide } = LOGO_LIMITS;
  if (width > maxSide || height > maxSide)
    return tooLarge(
      `The logo is ${width}×${height} pixels; each side may be at most ${maxSide} pixels. Scale it down and upload it again.`,
    );
  if (width < minSide || height < minSide)
    return invalid(`The logo is ${width}×${height} pixels; each side must be at least ${minSide} pixels.`);
  return { ok: true, format, contentType: LOGO_CONTENT_TYPES[format], width, height };
}

/**
 * Checks that the bytes are a PNG or JPEG the PDF writer can embed whole: the file's structure, its size in
 * bytes and pixels, and for a PNG that its pixel data inflates to exactly the rows its header announces (the
 * writer decodes PNGs off the caller's stack, where a corrupt stream could not be reported).
 */
export function inspectLogo(bytes: Uint8Array): LogoInspection {
  if (bytes.length > LOGO_LIMITS.maxBytes)
    return tooLarge(
      `The logo is ${bytes.length} bytes; it may be at most ${LOGO_LIMITS.maxBytes} bytes (512 KiB).`,
    );
  const format = logoFormatOf(bytes);
  if (format === "png") return inspectPng(bytes);
  if (format === "jpeg") return inspectJpeg(bytes);
  return {
    ok: false,
    problem: "unsupported",
    message: "The logo must be a PNG or JPEG image; these bytes are neither.",
  };
}

/** Samples per pixel of each PNG colour type, and the bit depths it allows (PNG spec, 11.2.2). */
const PNG_COLOR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Adam7 passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function inspectPng(bytes: Uint8Array): LogoInspection {
  const bad = (why: string) => invalid(`The PNG file is damaged: ${why}.`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 8;
  let header: { width: number; height: number; depth: number; color: number; interlace: number } | null =
    null;
  let palette = false;
  let ended = false;
  const data: Uint8Array[] = [];
  while (pos + 12 <= bytes.length) {
    const length = view.getUint32(pos);
    const type = String.fromCharCode(...bytes.subarray(pos + 4, pos + 8));
    if (pos + 12 + length > bytes.length) return bad(`its ${type} chunk is cut short`);
    const body = bytes.subarray(pos + 8, pos + 8 + length);
    if (crc32(bytes.subarray(pos + 4, pos + 8 + length)) !== view.getUint32(pos + 8 + length))
      return bad(`its ${type} chunk fails its checksum`);
    if (header === null && type !== "IHDR") return bad("it does not start with its header (IHDR)");
    if (type === "IHDR") {
      if (length !== 13) return bad("its header has the wrong length");
      const b = new DataView(body.buffer, body.byteOffset, body.byteLength);
      header = {
        width: b.getUint32(0),
        height: b.getUint32(4),
        depth: body[8] as number,
        color: body[9] as number,
        interlace: body[12] as number,
      };
      if (body[10] !== 0 || body[11] !== 0 || header.interlace > 1)
        return bad("its header names an unknown compression, filter or interlace method");
    } else if (type === "PLTE") palette = true;
    else if (type === "IDAT") data.push(body);
    else if (type === "IEND") {
      ended = true;
      break;
    }
    pos += 12 + length;
  }
  if (!header) return bad("it has no header (IHDR)");
  if (!ended) return bad("it ends before its IEND chunk");
  const kind = PNG_COLOR_TYPES[header.color];
  if (!kind?.depths.includes(header.depth))
    return invalid(
      `The PNG's colour type ${header.color} with ${header.depth}-bit samples is not a valid PNG combination.`,
    );
  if (header.color === 3 && !palette) return bad("it is a palette image without a palette (PLTE)");
  const size = sized("png", header.width, header.height);
  if (!size.ok) return size;
  if (data.length === 0) return bad("it has no image data (IDAT)");

  const bitsPerPixel = kind.channels * header.depth;
  const rows: number[] = [];
  const passes = header.interlace === 1 ? ADAM7 : ([[0, 0, 1, 1]] as const);
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((header.width - x0) / dx);
    const h = Math.ceil((header.height - y0) / dy);
    if (w <= 0 || h <= 0) continue;
    for (let r = 0; r < h; r++) rows.push(1 + Math.ceil((w * bitsPerPixel) / 8));
  }
  const expected = rows.reduce((a, b) => a + b, 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    return bad("its image data does not decompress");
  }
  if (pixels.length !== expected) return bad("its image data does not match its width and height");
  let at = 0;
  for (const row of rows) {
    if ((pixels[at] as number) > 4) return bad("a row of its image data names an unknown filter");
    at += row;
  }
  return size;
}

/** Start-of-frame markers of baseline, extended and progressive Huffman JPEGs: what PDF's DCTDecode reads. */
const JPEG_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
/** Start-of-frame markers of the other (lossless, hierarchical, arithmetic) JPEG processes. */
const OTHER_FRAMES = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function inspectJpeg(bytes: Uint8Array): LogoInspection {
  const bad = (why: string) => invalid(`The JPEG file is damaged: ${why}.`);
  let pos = 2;
  let frame: { width: number; height: number } | null = null;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) return bad("a segment does not start with a marker");
    const marker = bytes[pos + 1] as number;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    const length = ((bytes[pos + 2] as number) << 8) | (bytes[pos + 3] as number);
    if (length < 2 || pos + 2 + length > bytes.length) return bad("a segment is cut short");
    if (OTHER_FRAMES.has(marker))
      return invalid(
        "The JPEG uses a lossless, hierarchical or arithmetic-coded process; save it as a baseline or progressive JPEG.",
      );
    if (JPEG_FRAMES.has(marker)) {
      const precision = bytes[pos + 4];
      const height = ((bytes[pos + 5] as number) << 8) | (bytes[pos + 6] as number);
      const width = ((bytes[pos + 7] as number) << 8) | (bytes[pos + 8] as number);
      const components = bytes[pos + 9];
      if (precision !== 8) return invalid("The JPEG must have 8-bit samples.");
      if (components !== 1 && components !== 3 && components !== 4)
        return invalid("The JPEG must be greyscale, RGB or CMYK.");
      if (height === 0) return bad("its frame gives no height");
      frame = { width, height };
    }
    if (marker === 0xda) {
      if (!frame) return bad("its image data comes before its frame header");
      // The entropy-coded data runs to the end-of-image marker.
      const tail = bytes.subarray(pos);
      const end = tail.findIndex((b, i) => b === 0xff && tail[i + 1] === 0xd9);
      if (end < 0) return bad("it ends before its end-of-image marker");
      return sized("jpeg", frame.width, frame.height);
    }
    pos += 2 + length;
  }
  return bad("it ends before its image data");
}

/**
 * Where a logo's bytes live: under the company and mode, named by their SHA-256 (hex), so a new logo never
 * overwrites one an issued document still prints.
 */
export function logoObjectKey(scope: Scope, sha256Hex: string, format: LogoFormat): string {
  if (!/^[0-9a-f]{64}$/.test(sha256Hex)) throw new Error("a logo key is named by a hex SHA-256");
  return `${scope.companyId}/${scope.livemode ? "live" : "test"}/logos/${sha256Hex}.${format === "png" ? "png" : "jpg"}`;
}
