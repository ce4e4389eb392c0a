import type { PdfFonts } from "./fonts.js";
import { PDF_FORMATS, type PdfDocumentInput } from "./input.js";
import { renderDocumentPdf } from "./render-document-pdf.js";
import { WARM_UP_SAMPLE } from "./warm-up-sample.js";

/**
 * Renders of each format at boot: enough for V8 to optimise the hot paths, a new word's shaping among them, so the
 * first documents find the renderer at about its warm cost (fewer rounds leave them well above it).
 */
const ROUNDS = 300;

/**
 * What a cold renderer pays on its first documents and a warm one does not (fontkit's first layouts parse the
 * fonts' GSUB and GPOS tables, the usual words are shaped, the first subset is built, the code is compiled and
 * optimised), paid at boot instead: call once, before taking work. Returns the renders made.
 */
export async function warmUpPdf(fonts: PdfFonts, rounds = ROUNDS): Promise<number> {
  let made = 0;
  for (let round = 0; round < rounds; round++)
    for (const format of PDF_FORMATS) {
      await renderDocumentPdf(warmUpSample(round), { format, fonts });
      made++;
    }
  return made;
}

/**
 * The sample of one round: its own number, and lines whose descriptions carry words no earlier round had, so
 * shaping a new word (what every real document does) is compiled too, not only the cached words' path.
 */
function warmUpSample(round: number): PdfDocumentInput {
  const { computed } = WARM_UP_SAMPLE;
  return {
    ...WARM_UP_SAMPLE,
    number: round + 1,
    computed: {
      ...computed,
      lines: computed.lines.map((line, n) => ({
        ...line,
        description: `${line.description} lote ${round * 7 + n + 101}-${String.fromCharCode(65 + ((round + n) % 26))}`,
      })),
    },
  };
}
