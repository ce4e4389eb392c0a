/**
 * The PDF as a reader sees it, through poppler (pdftotext, pdfinfo, pdftoppm) and zbar (zbarimg): the tests
 * check the bytes with the same tools a person's viewer and phone use, not with our own code.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function withFile<T>(pdf: Uint8Array, use: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "pdf-test-"));
  try {
    const path = join(dir, "doc.pdf");
    writeFileSync(path, pdf);
    return use(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });

/** The text of the whole document (or one page), whitespace collapsed so wrapped phrases read as one. */
export function pdfText(pdf: Uint8Array, page?: number): string {
  return withFile(pdf, (path) => {
    const range = page === undefined ? [] : ["-f", String(page), "-l", String(page)];
    return run("pdftotext", [...range, path, "-"]).replace(/\s+/g, " ");
  });
}

export interface PdfInfo {
  pages: number;
  width: number;
  height: number;
}

export function pdfInfo(pdf: Uint8Array): PdfInfo {
  return withFile(pdf, (path) => {
    const out = run("pdfinfo", [path]);
    const pages = /Pages:\s+(\d+)/.exec(out);
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(out);
    if (!pages || !size) throw new Error(`pdfinfo gave no page count or size:\n${out}`);
    return { pages: Number(pages[1]), width: Number(size[1]), height: Number(size[2]) };
  });
}

/** The embedded fonts as pdffonts lists them: name and whether the file is embedded. */
export function pdfFonts(pdf: Uint8Array): { name: string; embedded: boolean }[] {
  return withFile(pdf, (path) =>
    run("pdffonts", [path])
      .split("\n")
      .slice(2)
      .filter((l) => l.trim() !== "")
      .map((l) => {
        const cols = l.trim().split(/\s+/);
        const yesNo = cols.slice(-5, -2);
        return { name: cols[0] ?? "", embedded: yesNo[0] === "yes" };
      }),
  );
}

export interface WordBox {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  pageWidth: number;
  pageHeight: number;
}

/** Every word with its box, from `pdftotext -bbox`: where the text really landed on the page. */
export function wordBoxes(pdf: Uint8Array): WordBox[] {
  const html = withFile(pdf, (path) => run("pdftotext", ["-bbox", path, "-"]));
  const words: WordBox[] = [];
  let page = 0;
  let pageWidth = 0;
  let pageHeight = 0;
  const tag =
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const m of html.matchAll(tag)) {
    if (m[1] !== undefined) {
      page++;
      pageWidth = Number(m[1]);
      pageHeight = Number(m[2]);
      continue;
    }
    words.push({
      page,
      text: m[7] ?? "",
      xMin: Number(m[3]),
      yMin: Number(m[4]),
      xMax: Number(m[5]),
      yMax: Number(m[6]),
      pageWidth,
      pageHeight,
    });
  }
  return words;
}

/** The QR payloads zbarimg reads on one page rasterised at `dpi` (none: empty list). */
export function decodeQr(pdf: Uint8Array, page: number, dpi = 200): string[] {
  return withFile(pdf, (path, dir) => {
    const png = join(dir, "page");
    run("pdftoppm", [
      "-r",
      String(dpi),
      "-png",
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      path,
      png,
    ]);
    readFileSync(`${png}.png`); // fails loudly if pdftoppm wrote nothing
    try {
      return run("zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", `${png}.png`])
        .split("\n")
        .filter((l) => l !== "");
    } catch (error) {
      // zbarimg exits 4 when it finds no symbol.
      if ((error as { status?: number }).status === 4) return [];
      throw error;
    }
  });
}

export interface PdfImageRow {
  page: number;
  /** `image`, or `smask` for the transparency of the image before it. */
  type: string;
  width: number;
  height: number;
  /** `jpeg` (embedded as is) or `image` (deflated pixels). */
  encoding: string;
  /** Pixels per inch as drawn: equal across and down when the image is not distorted. */
  xPpi: number;
  yPpi: number;
}

/** The images drawn on the pages, as `pdfimages -list` reports them. */
export function pdfImages(pdf: Uint8Array): PdfImageRow[] {
  return withFile(pdf, (path) =>
    run("pdfimages", ["-list", path])
      .split("\n")
      .slice(2)
      .filter((l) => l.trim() !== "")
      .map((l) => {
        const c = l.trim().split(/\s+/);
        return {
          page: Number(c[0]),
          type: c[2] ?? "",
          width: Number(c[3]),
          height: Number(c[4]),
          encoding: c[8] ?? "",
          xPpi: Number(c[12]),
          yPpi: Number(c[13]),
        };
      }),
  );
}
