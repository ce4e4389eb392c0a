import { composeA4 } from "./a4-layout.js";
import { loadPdfFonts, type PdfFonts } from "./fonts.js";
import { checkPdfInput, type PdfDocumentInput, type PdfFormat } from "./input.js";
import type { Composition } from "./layout/composition.js";
import { logoImage } from "./layout/logo.js";
import { paginate } from "./layout/paginate.js";
import { Pen } from "./layout/pen.js";
import { buildPrintModel, type PrintModel } from "./print-model.js";
import { composeTicket } from "./ticket-layout.js";
import { type PdfInfo, PdfWriter } from "./writer/pdf-writer.js";

export interface PdfOptions {
  /** `a4` (default) or `ticket` (80 mm roll, for receipts at a point of sale). */
  format?: PdfFormat;
  /**
   * Fonts from `loadPdfFonts()`, shared between renders (they keep shaped words and subsets); loaded for this
   * render when absent.
   */
  fonts?: PdfFonts;
}

/** Lima is UTC-5 all year: the issue date's midnight there, so the PDF's date is the document's, not the clock's. */
const issueMidnight = (isoDate: string) => new Date(`${isoDate}T00:00:00-05:00`);

function metadata(input: PdfDocumentInput, model: PrintModel): PdfInfo {
  return {
    title: `${model.title} ${model.id}`,
    author: input.issuer.legal_name,
    subject: `${model.representation}, RUC ${input.issuer.ruc}`,
    creator: "einvoice",
    producer: "einvoice (pdfkit)",
    creationDate: issueMidnight(input.computed.issue_date),
  };
}

export function paint(doc: PdfWriter, composition: Composition): number {
  const pages = paginate(composition.groups, composition.frame);
  pages.forEach((placements, i) => {
    const bottom = Math.max(composition.frame.top, ...placements.map((p) => p.y + p.box.height));
    const height = composition.pageHeight(i + 1, pages.length, bottom);
    doc.addPage(composition.width, height);
    composition.header.draw(composition.headerTop);
    for (const p of placements) p.box.draw(p.y);
    composition.footer(i + 1, pages.length, height);
  });
  return pages.length;
}

/**
 * The printed representation of an issued invoice or receipt, as PDF bytes. A function of its input: no clock,
 * no randomness, no files but the fonts (loaded when `options.fonts` is absent), so the same input always gives
 * the same bytes (creation date = issue date; file id derived from the metadata).
 */
export async function renderDocumentPdf(input: PdfDocumentInput, options: PdfOptions = {}): Promise<Buffer> {
  const format = options.format ?? "a4";
  checkPdfInput(input, format);
  const model = buildPrintModel(input);
  const prepared = await logoImage(input.logo);
  const fonts = options.fonts ?? loadPdfFonts();
  const doc = new PdfWriter([fonts.programs.regular, fonts.programs.bold], metadata(input, model), "es-PE");
  const pen = new Pen(doc, fonts);
  const logo = prepared ? doc.useImage(prepared) : undefined;
  paint(doc, format === "ticket" ? composeTicket(pen, model, logo) : composeA4(pen, model, logo));
  return doc.end();
}
