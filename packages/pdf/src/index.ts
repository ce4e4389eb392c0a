export { loadPdfFonts, type PdfFonts } from "./fonts.js";
export { buildGuideModel, type GuideModel, type GuidePdfInput } from "./guide-model.js";
export {
  checkPdfInput,
  PDF_FORMATS,
  type PdfDocumentInput,
  type PdfFormat,
  PdfInputError,
  type PdfIssue,
} from "./input.js";
export { openLogo } from "./layout/logo.js";
export { OpenedLogo } from "./layout/opened-logo.js";
export { buildPrintModel, type PrintModel } from "./print-model.js";
export { type QrSource, sunatQrPayload } from "./qr-payload.js";
export { type PdfOptions, renderDocumentPdf } from "./render-document-pdf.js";
export { renderGuidePdf } from "./render-guide-pdf.js";
export { warmUpPdf } from "./warm-up.js";
