import type { PdfFonts } from "./fonts.js";
import { PDF_FORMATS } from "./input.js";
import { renderDocumentPdf } from "./render-document-pdf.js";
import { WARM_UP_SAMPLE } from "./warm-up-sample.js";

/** Renders of each format at boot: enough for V8 to optimise the hot paths, well under a second. */
const ROUNDS = 12;

/**
 * What a cold renderer pays on its first documents and a warm one does not (fontkit's first layouts parse the
 * fonts' GSUB and GPOS tables, the usual words are shaped, the first subset is built, the code is compiled and
 * optimised), paid at boot instead: call once, before taking work. Returns the renders made.
 */
export async function warmUpPdf(fonts: PdfFonts): Promise<number> {
  let made = 0;
  for (let round = 0; round < ROUNDS; round++)
    for (const format of PDF_FORMATS) {
      await renderDocumentPdf({ ...WARM_UP_SAMPLE, number: round + 1 }, { format, fonts });
      made++;
    }
  return made;
}
