import PDFDocument from "pdfkit";
import { loadPdfFonts, type PdfFonts } from "./fonts.js";
import { composeGuideA4 } from "./guide-layout.js";
import { buildGuideModel, type GuidePdfInput } from "./guide-model.js";
import { Pen } from "./layout/pen.js";
import { bytes, paint } from "./render-document-pdf.js";

/**
 * The printed representation of a despatch advice (09, 31) on A4, as PDF bytes. A pure function of its input
 * (creation date = issue date in Lima), so a redelivered render writes the same bytes. SUNAT's QR is printed only
 * when `qr_url` is given (spec rule 11).
 */
export async function renderGuidePdf(
  input: GuidePdfInput,
  options: { fonts?: PdfFonts } = {},
): Promise<Buffer> {
  const model = buildGuideModel(input);
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: {
      Title: `${model.title} ${model.id}`,
      Author: input.issuer.legal_name,
      Subject: `${model.representation}, RUC ${input.issuer.ruc}`,
      Creator: "einvoice",
      Producer: "einvoice (pdfkit)",
      CreationDate: new Date(`${input.despatch.issue_date}T00:00:00-05:00`),
    },
    lang: "es-PE",
    displayTitle: true,
    font: null as unknown as string,
  });
  paint(doc, composeGuideA4(new Pen(doc, options.fonts ?? loadPdfFonts()), model));
  return bytes(doc);
}
