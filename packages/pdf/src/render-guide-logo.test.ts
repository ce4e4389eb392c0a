import { testJpeg, testPng } from "@einvoice/testkit";
import { describe, expect, it } from "vitest";
import { ISSUER } from "../test-support/documents.js";
import { CARRIER_GUIDE, GUIDE_HASH, SENDER_GUIDE, SUNAT_QR_URL } from "../test-support/guides.js";
import { decodeQr, pdfImages, pdfText, wordBoxes } from "../test-support/pdf-tools.js";
import { loadPdfFonts } from "./fonts.js";
import type { GuidePdfInput } from "./guide-model.js";
import { renderGuidePdf } from "./render-guide-pdf.js";

const fonts = loadPdfFonts();
const input = (over: Partial<GuidePdfInput> = {}): GuidePdfInput => ({
  issuer: ISSUER,
  despatch: SENDER_GUIDE,
  number: 42,
  hash: GUIDE_HASH,
  qr_url: SUNAT_QR_URL,
  livemode: true,
  ...over,
});

const LOGOS: [string, () => Buffer, number, number][] = [
  ["a wide PNG with transparency", () => testPng(900, 150, { alpha: true }), 900, 150],
  ["a tall JPEG", () => testJpeg(80, 240), 80, 240],
];

describe("renderGuidePdf with the issuer's logo", () => {
  it.each(LOGOS)(
    "prints %s undistorted, with the text and SUNAT's QR still read back",
    async (_, make, w, h) => {
      const logo = make();
      const pdf = await renderGuidePdf(input({ logo }), { fonts });
      const images = pdfImages(pdf).filter((i) => i.type === "image");
      expect(images).toHaveLength(1);
      expect(images[0]).toMatchObject({ page: 1, width: w, height: h });
      // The same resolution across and down: scaled into its box, never stretched.
      expect(Math.abs(images[0]!.xPpi - images[0]!.yPpi)).toBeLessThanOrEqual(1);
      const text = pdfText(pdf);
      expect(text).toContain(ISSUER.legal_name);
      expect(text).toContain("GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE");
      expect(text).toContain("T001-42");
      expect(decodeQr(pdf, 1)).toEqual([SUNAT_QR_URL]);
      // The same input gives the same bytes.
      expect((await renderGuidePdf(input({ logo }), { fonts })).equals(pdf)).toBe(true);
    },
  );

  it("prints it on a carrier's guide (31) too, and before SUNAT's verdict (no QR yet)", async () => {
    const pdf = await renderGuidePdf(
      input({ despatch: CARRIER_GUIDE, logo: testPng(64, 64), qr_url: undefined }),
      { fonts },
    );
    expect(pdfImages(pdf).filter((i) => i.type === "image")).toMatchObject([
      { page: 1, width: 64, height: 64 },
    ]);
    expect(pdfText(pdf)).toContain("GUÍA DE REMISIÓN ELECTRÓNICA TRANSPORTISTA");
    expect(decodeQr(pdf, 1)).toEqual([]);
  });

  it("puts the logo above the issuer's name, which moves down by the logo's height", async () => {
    const top = async (logo?: Buffer) => {
      const pdf = await renderGuidePdf(input(logo ? { logo } : {}), { fonts });
      const first = ISSUER.legal_name.split(" ")[0]!;
      return wordBoxes(pdf).find((w) => w.text === first)!.yMin;
    };
    const without = await top();
    const wide = await top(testPng(900, 150));
    const tall = await top(testJpeg(80, 240));
    expect(wide).toBeGreaterThan(without + 10);
    expect(tall).toBeGreaterThan(wide);
  });

  it("refuses a damaged logo naming the field", async () => {
    const damaged = Buffer.from(testPng(64, 64));
    damaged[45] = (damaged[45] as number) ^ 0xff;
    await expect(renderGuidePdf(input({ logo: damaged }), { fonts })).rejects.toThrow(
      /logo: The PNG file is damaged/,
    );
  });

  it("prints no image without a logo", async () => {
    expect(pdfImages(await renderGuidePdf(input(), { fonts }))).toEqual([]);
  });
});
