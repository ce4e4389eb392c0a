import { testJpeg, testPng } from "@einvoice/testkit";
import { describe, expect, it } from "vitest";
import { ISSUER, pdfInput } from "../test-support/documents.js";
import { decodeQr, pdfImages, pdfText, wordBoxes } from "../test-support/pdf-tools.js";
import { loadPdfFonts } from "./fonts.js";
import type { PdfFormat } from "./input.js";
import { fitInBox } from "./layout/logo.js";
import { sunatQrPayload } from "./qr-payload.js";
import { renderDocumentPdf } from "./render-document-pdf.js";

const fonts = loadPdfFonts();

describe("fitInBox", () => {
  it("keeps the aspect ratio: a wide image takes the box's width, a tall one its height", () => {
    const close = (size: { width: number; height: number }, width: number, height: number) => {
      expect(size.width).toBeCloseTo(width, 9);
      expect(size.height).toBeCloseTo(height, 9);
    };
    close(fitInBox(600, 100, 170, 56), 170, 170 / 6);
    close(fitInBox(100, 400, 170, 56), 14, 56);
    close(fitInBox(32, 32, 170, 56), 56, 56);
  });
});

const LOGOS: [string, () => Buffer, number, number][] = [
  ["a wide PNG with transparency", () => testPng(900, 150, { alpha: true }), 900, 150],
  ["a tall JPEG", () => testJpeg(80, 240), 80, 240],
  ["a square PNG", () => testPng(64, 64), 64, 64],
];

describe.each<PdfFormat>(["a4", "ticket"])("a %s PDF with the issuer's logo", (format) => {
  it.each(LOGOS)("prints %s undistorted, with the text and the QR still read back", async (_, make, w, h) => {
    const logo = make();
    const input = { ...pdfInput("01-one-line"), logo };
    const pdf = await renderDocumentPdf(input, { format, fonts });
    const images = pdfImages(pdf).filter((i) => i.type === "image");
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ page: 1, width: w, height: h });
    // The same resolution across and down: scaled into its box, never stretched.
    expect(Math.abs(images[0]!.xPpi - images[0]!.yPpi)).toBeLessThanOrEqual(1);
    const text = pdfText(pdf);
    expect(text).toContain(ISSUER.legal_name);
    expect(text).toContain("FACTURA ELECTRÓNICA");
    expect(decodeQr(pdf, 1)).toEqual([sunatQrPayload(input)]);
    // The same input gives the same bytes, whether the logo's decoding is kept from the first render (the same
    // bytes object) or made again (a copy).
    expect((await renderDocumentPdf(input, { format, fonts })).equals(pdf)).toBe(true);
    const copy = { ...input, logo: Buffer.from(logo) };
    expect((await renderDocumentPdf(copy, { format, fonts })).equals(pdf)).toBe(true);
  });

  it("puts the logo above the issuer's name, which moves down by the logo's height", async () => {
    const input = pdfInput("01-one-line");
    const top = async (logo?: Buffer) => {
      const pdf = await renderDocumentPdf(logo ? { ...input, logo } : input, { format, fonts });
      const first = ISSUER.legal_name.split(" ")[0]!;
      return wordBoxes(pdf).find((w) => w.text === first)!.yMin;
    };
    const without = await top();
    const wide = await top(testPng(900, 150));
    const tall = await top(testJpeg(80, 240));
    expect(wide).toBeGreaterThan(without + 10);
    // The tall logo is as tall as the box allows: the name moves further down than under the wide one.
    expect(tall).toBeGreaterThan(wide);
  });

  it("refuses a damaged logo naming the field, rather than failing inside the writer", async () => {
    const png = testPng(64, 64);
    const damaged = Buffer.from(png);
    damaged[45] = (damaged[45] as number) ^ 0xff;
    await expect(
      renderDocumentPdf({ ...pdfInput("01-one-line"), logo: damaged }, { format, fonts }),
    ).rejects.toThrow(/logo: The PNG file is damaged/);
  });
});

describe("a PDF without a logo", () => {
  it("has no image at all", async () => {
    const pdf = await renderDocumentPdf(pdfInput("01-one-line"), { fonts });
    expect(pdfImages(pdf)).toEqual([]);
  });
});
