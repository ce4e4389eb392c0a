import { loadPdfFonts, type PdfFonts } from "./fonts.js";
import { composeGuideA4 } from "./guide-layout.js";
import { buildGuideModel, type GuidePdfInput } from "./guide-model.js";
import { logoImage } from "./layout/logo.js";
import { Pen } from "./layout/pen.js";
import { paint } from "./render-document-pdf.js";
import { PdfWriter } from "./writer/pdf-writer.js";

/**
 * The printed representation of a despatch advice (09, 31) on A4, as PDF bytes. A pure function of its input
 * (creation date = issue date in Lima), so a redelivered render writes the same bytes. SUNAT's QR is printed only
 * when `qr_url` is given (spec rule 11); the issuer's logo, when given, above the issuer as on the invoice A4.
 */
export async function renderGuidePdf(
  input: GuidePdfInput,
  options: { fonts?: PdfFonts } = {},
): Promise<Buffer> {
  const model = buildGuideModel(input);
  const prepared = await logoImage(input.logo);
  const fonts = options.fonts ?? loadPdfFonts();
  const info = {
    title: `${model.title} ${model.id}`,
    author: input.issuer.legal_name,
    subject: `${model.representation}, RUC ${input.issuer.ruc}`,
    creator: "einvoice",
    producer: "einvoice (pdfkit)",
    creationDate: new Date(`${input.despatch.issue_date}T00:00:00-05:00`),
  };
  const doc = new PdfWriter([fonts.programs.regular, fonts.programs.bold], info, "es-PE");
  const logo = prepared ? doc.useImage(prepared) : undefined;
  paint(doc, composeGuideA4(new Pen(doc, fonts), model, logo));
  return doc.end();
}
