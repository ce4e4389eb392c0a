import { PermanentError } from "@einvoice/broker";
import {
  type PdfDocumentInput,
  type PdfFonts,
  type PdfFormat,
  PdfInputError,
  renderDocumentPdf,
} from "@einvoice/pdf";

/**
 * One layout of a document's PDF. A document the layout cannot print will not print on a retry either: its
 * PdfInputError becomes a PermanentError (a consumer parks the message for an operator).
 */
export function renderPdf(input: PdfDocumentInput, format: PdfFormat, fonts: PdfFonts): Promise<Buffer> {
  return permanentOnBadInput(renderDocumentPdf(input, { format, fonts }));
}

/** What the PDF package refuses to print (PdfInputError) is refused on every retry too: a PermanentError. */
export function permanentOnBadInput<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    if (error instanceof PdfInputError) throw new PermanentError(error.message);
    throw error;
  });
}
