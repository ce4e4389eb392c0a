import { describe, expect, it } from "vitest";
import {
  CONSULT_URL,
  compute,
  HASH,
  ISSUER,
  manyItems,
  pdfInput,
  requestOf,
} from "../test-support/documents.js";
import { decodeQr, pdfInfo, pdfText, type WordBox, wordBoxes } from "../test-support/pdf-tools.js";
import { loadPdfFonts } from "./fonts.js";
import type { PdfDocumentInput } from "./input.js";
import { sunatQrPayload } from "./qr-payload.js";
import { renderDocumentPdf } from "./render-document-pdf.js";

const fonts = loadPdfFonts();

/** Words that left their page or crossed into the margin. */
const outside = (words: WordBox[], margin: number) =>
  words.filter(
    (w) =>
      w.xMin < margin - 0.5 || w.xMax > w.pageWidth - margin + 0.5 || w.yMin < 0 || w.yMax > w.pageHeight - 8,
  );

describe("a 200-line invoice on A4", async () => {
  const input = pdfInput("01-lines-200");
  const pdf = await renderDocumentPdf(input, { fonts });
  const { pages } = pdfInfo(pdf);

  it("flows onto several pages", () => {
    expect(pages).toBeGreaterThanOrEqual(6);
  });

  it("repeats the header and the column titles, and numbers every page", () => {
    for (let page = 1; page <= pages; page++) {
      const text = pdfText(pdf, page);
      expect(text, `page ${page}`).toContain(ISSUER.legal_name);
      expect(text, `page ${page}`).toContain("R.U.C. N° 20123456786");
      expect(text, `page ${page}`).toContain("FACTURA ELECTRÓNICA");
      expect(text, `page ${page}`).toContain("F001-1234");
      expect(text, `page ${page}`).toContain(`Página ${page} de ${pages}`);
      if (page < pages) expect(text, `page ${page}`).toContain("Descripción");
    }
  });

  it("prints every line once, in order, and the totals and QR after the last", () => {
    const text = pdfText(pdf);
    let from = 0;
    for (const line of input.computed.lines) {
      const at = text.indexOf(line.description, from);
      expect(at, `line ${line.id}`).toBeGreaterThanOrEqual(from);
      from = at + line.description.length;
    }
    expect(pdfText(pdf, pages)).toContain("Importe total");
    expect(decodeQr(pdf, pages)).toEqual([sunatQrPayload(input)]);
  });

  it("keeps every word inside the page margins", () => {
    expect(outside(wordBoxes(pdf), 30)).toEqual([]);
  });
});

describe("long texts", () => {
  const longName = `${"INVERSIONES Y REPRESENTACIONES COMERCIALES DEL SUR ANDINO ".repeat(5)}S.A.C.`;
  const longCustomer = `${"DISTRIBUIDORA MAYORISTA DE PRODUCTOS DE CONSUMO MASIVO ".repeat(25)}E.I.R.L.`;
  const description = `${"Servicio de consultoría tributaria especializada con informe técnico ".repeat(6)}CÓDIGO_${"X".repeat(70)}`;
  const input: PdfDocumentInput = {
    issuer: { ...ISSUER, legal_name: longName.trim() },
    computed: compute("01", {
      series: "F001",
      customer: { document_type: "6", document_number: "20600000005", name: longCustomer.slice(0, 1500) },
      items: [
        {
          description: description.slice(0, 500),
          quantity: "0.0000012345",
          unit_price: "98765432.1234567891",
        },
        ...manyItems(3),
      ],
    }),
    number: 99_999_999,
    hash: HASH,
    consult_url: CONSULT_URL,
  };

  it.each(["a4", "ticket"] as const)("wrap instead of overflowing (%s)", async (format) => {
    const pdf = await renderDocumentPdf(input, { format, fonts });
    expect(outside(wordBoxes(pdf), format === "a4" ? 30 : 8)).toEqual([]);
    const text = pdfText(pdf).replace(/ /g, "");
    expect(text).toContain(longName.replace(/ /g, ""));
    expect(text).toContain(input.computed.customer.name.replace(/ /g, ""));
    expect(text).toContain(input.computed.lines[0]?.description.replace(/ /g, ""));
    expect(text).toContain("F001-99999999");
    expect(text).toContain("0.0000012345");
  });
});

describe("tickets", () => {
  it("print a 200-line receipt on one 80 mm strip as long as its content", async () => {
    const input = pdfInput("03-dni", {
      computed: compute("03", { ...requestOf("01-lines-200").request, series: "B001" }),
    });
    const pdf = await renderDocumentPdf(input, { format: "ticket", fonts });
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect(info.width).toBeCloseTo(226.77, 1);
    expect(info.height).toBeGreaterThan(3000);
    expect(outside(wordBoxes(pdf), 8)).toEqual([]);
  });

  it("continue on another page past the 200-inch page limit, with the header and page numbers", async () => {
    const input = pdfInput("01-one-line", {
      computed: compute("01", { ...requestOf("01-one-line").request, items: manyItems(700) }),
    });
    const pdf = await renderDocumentPdf(input, { format: "ticket", fonts });
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(2);
    expect(info.height).toBe(14_400); // pdfinfo gives the first page's size
    for (const page of [1, 2]) {
      const text = pdfText(pdf, page);
      expect(text).toContain("F001-1234");
      expect(text).toContain(`Página ${page} de 2`);
    }
    expect(decodeQr(pdf, 2, 150)).toEqual([sunatQrPayload(input)]);
  });
});
