import { describe, expect, it } from "vitest";
import { pdfText } from "../test-support/pdf-tools.js";
import { loadPdfFonts } from "./fonts.js";
import { checkPdfInput } from "./input.js";
import { renderDocumentPdf } from "./render-document-pdf.js";
import { warmUpPdf } from "./warm-up.js";
import { WARM_UP_SAMPLE } from "./warm-up-sample.js";

describe("warmUpPdf", () => {
  it("renders its sample in both formats, a valid input the renderer prints", async () => {
    for (const format of ["a4", "ticket"] as const)
      expect(() => checkPdfInput(WARM_UP_SAMPLE, format)).not.toThrow();
    const fonts = loadPdfFonts();
    expect(await warmUpPdf(fonts, 3)).toBe(6);
    const text = pdfText(await renderDocumentPdf(WARM_UP_SAMPLE, { fonts }));
    expect(text).toContain("FACTURA ELECTRÓNICA");
    expect(text).toContain(WARM_UP_SAMPLE.computed.lines[0]?.description);
  });
});
