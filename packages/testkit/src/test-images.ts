/**
 * Small PNG and JPEG files for tests, made here rather than kept as binary fixtures: a PNG written byte by byte
 * (signature, IHDR, one IDAT, IEND), and a JPEG rasterised by poppler's `pdftoppm` from a one-page PDF.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

export interface TestPngOptions {
  /** RGBA (colour type 6) instead of RGB (2): the right half is transparent. */
  alpha?: boolean;
  /** `#rrggbb` of the left half; the right half is its inverse. Default a blue. */
  color?: string;
}

/** A `width` × `height` 8-bit PNG of two halves, left `color` and right its inverse (or transparent). */
export function testPng(width: number, height: number, options: TestPngOptions = {}): Buffer {
  const rgb = Number.parseInt((options.color ?? "#1d4ed8").slice(1), 16);
  const left = [(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255];
  const right = left.map((v) => 255 - v);
  const channels = options.alpha ? 4 : 3;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * channels);
    for (let x = 0; x < width; x++) {
      const inLeft = x < width / 2;
      const px = inLeft ? left : right;
      row.set(options.alpha ? [...px, inLeft ? 255 : 0] : px, 1 + x * channels);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = options.alpha ? 6 : 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A one-page PDF `width` × `height` points filled with one colour: pdftoppm at 72 dpi makes it as many pixels. */
function filledPdf(width: number, height: number, color: string): Buffer {
  const rgb = Number.parseInt(color.slice(1), 16);
  const c = [(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255].map((v) => (v / 255).toFixed(3)).join(" ");
  const content = `${c} rg 0 0 ${width / 2} ${height} re f 0 0 0 rg ${width / 2} 0 ${width / 2} ${height} re f`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A baseline 8-bit RGB JPEG of `width` × `height` pixels: left half `color`, right half black. */
export function testJpeg(width: number, height: number, color = "#b91c1c"): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "test-jpeg-"));
  try {
    writeFileSync(join(dir, "in.pdf"), filledPdf(width, height, color));
    execFileSync("pdftoppm", ["-jpeg", "-r", "72", "-singlefile", join(dir, "in.pdf"), join(dir, "out")], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    return readFileSync(join(dir, "out.jpg"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
