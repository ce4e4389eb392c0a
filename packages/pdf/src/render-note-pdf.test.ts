import type { ComputedDocument } from "@einvoice/domain";
import { computeNote } from "@einvoice/tax-engine";
import { describe, expect, it } from "vitest";
import { pdfInput, TODAY } from "../test-support/documents.js";
import { decodeQr, pdfText } from "../test-support/pdf-tools.js";
import { loadPdfFonts } from "./fonts.js";
import type { PdfFormat } from "./input.js";
import { sunatQrPayload } from "./qr-payload.js";
import { renderDocumentPdf } from "./render-document-pdf.js";

const fonts = loadPdfFonts();

/** A note on the test-support invoice F001-1234 (or receipt B001-1234), computed by the engine. */
function noteOn(name: string, type: "07" | "08", request: Record<string, unknown>): ComputedDocument {
  const modified = pdfInput(name).computed;
  const r = computeNote(
    { document: "doc_1", description: "", reason_code: "", series: "", ...request },
    {
      type,
      today: TODAY,
      modified: {
        id: "doc_1",
        type: modified.type as "01" | "03",
        series: modified.series,
        number: 1234,
        issue_date: modified.issue_date,
        computed: modified,
      },
    },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.document;
}

const CASES: [string, PdfFormat, string, ComputedDocument, string][] = [
  [
    "credit 07 on an invoice",
    "a4",
    "NOTA DE CRÉDITO ELECTRÓNICA",
    noteOn("01-one-line", "07", {
      series: "FC01",
      reason_code: "07",
      description: "Devolución de una unidad",
      items: [{ description: "Widget devuelto", quantity: 1, unit_price: "10.00" }],
    }),
    "FACTURA ELECTRÓNICA F001-1234",
  ],
  [
    "debit 01 on a receipt",
    "ticket",
    "NOTA DE DÉBITO ELECTRÓNICA",
    noteOn("03-dni", "08", {
      series: "BD01",
      reason_code: "01",
      description: "Intereses por mora",
      items: [{ description: "Intereses", quantity: 1, unit_price: "5.00" }],
    }),
    "BOLETA DE VENTA ELECTRÓNICA B001-1234",
  ],
];

describe.each(CASES)("a note's PDF: %s as %s", (_name, format, title, computed, modified) => {
  const input = { ...pdfInput("01-one-line"), computed, number: 7 };
  const rendered = renderDocumentPdf(input, { format, fonts });

  it("prints its title, the modified document, the reason and its amounts", async () => {
    const text = pdfText(await rendered);
    expect(text).toContain(title);
    expect(text).toContain(`${computed.series}-7`);
    expect(text).toContain(modified);
    expect(text).toContain(`${computed.reason!.code} – ${computed.reason!.description}`);
    expect(text).toContain(computed.lines[0]!.description);
    expect(text).toContain(computed.amounts.total);
  });

  it("carries SUNAT's QR with the note's type, which a scanner reads back", async () => {
    const expected = sunatQrPayload(input);
    expect(expected.split("|").slice(1, 4)).toEqual([computed.type, computed.series, "7"]);
    expect(decodeQr(await rendered, 1)).toEqual([expected]);
  });
});
