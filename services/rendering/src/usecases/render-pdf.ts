import { PermanentError } from "@einvoice/broker";
import {
  type GuidePdfInput,
  type PdfDocumentInput,
  type PdfFonts,
  type PdfFormat,
  PdfInputError,
  renderDocumentPdf,
  renderGuidePdf,
} from "@einvoice/pdf";

/**
 * One layout of a document's PDF. A document the layout cannot print will not print on a retry either: its
 * PdfInputError becomes a PermanentError (a consumer parks the message for an operator).
 */
export function renderPdf(input: PdfDocumentInput, format: PdfFormat, fonts: PdfFonts): Promise<Buffer> {
  return permanentOnBadInput(renderDocumentPdf(input, { format, fonts }));
}

/** A guide's A4, on the same terms: what the layout refuses (a damaged logo among it) is a PermanentError. */
export function renderGuide(input: GuidePdfInput, fonts: PdfFonts): Promise<Buffer> {
  return permanentOnBadInput(renderGuidePdf(input, { fonts }));
}

function permanentOnBadInput(rendering: Promise<Buffer>): Promise<Buffer> {
  return rendering.catch((error: unknown) => {
    if (error instanceof PdfInputError) throw new PermanentError(error.message);
    throw error;
  });
}
