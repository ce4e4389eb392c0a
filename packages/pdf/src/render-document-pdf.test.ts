import { describe, expect, it } from "vitest";
import { CONSULT_URL, HASH, ISSUER, pdfInput } from "../test-support/documents.js";
import { decodeQr, pdfFonts, pdfInfo, pdfText } from "../test-support/pdf-tools.js";
import { loadPdfFonts } from "./fonts.js";
import { formatAmount } from "./format.js";
import type { PdfDocumentInput, PdfFormat } from "./input.js";
import { sunatQrPayload } from "./qr-payload.js";
import { renderDocumentPdf } from "./render-document-pdf.js";

const fonts = loadPdfFonts();
const TICKET_WIDTH = 226.77; // 80 mm

/** Every amount the document carries, as printed (non-zero ones; zero parts print as 0.00 where shown). */
function amountsOf(input: PdfDocumentInput): string[] {
  const { amounts, lines, detraction, perception, payment_terms, prepayments } = input.computed;
  const all = [
    ...Object.values(amounts).filter((v): v is string => typeof v === "string"),
    ...lines.map((l) => l.line_extension_amount),
    ...(detraction ? [detraction.amount] : []),
    ...(perception ? [perception.amount, perception.total_to_collect, perception.base] : []),
    ...payment_terms.installments.map((i) => i.amount),
    ...prepayments.map((p) => p.amount),
  ];
  return [...new Set(all.filter((a) => Number(a) !== 0).map(formatAmount))];
}

const CASES: [string, PdfFormat, string][] = [
  ["01-mixed", "a4", "FACTURA ELECTRÓNICA"],
  ["01-mixed", "ticket", "FACTURA ELECTRÓNICA"],
  ["03-dni", "a4", "BOLETA DE VENTA ELECTRÓNICA"],
  ["03-anonymous", "ticket", "BOLETA DE VENTA ELECTRÓNICA"],
];

describe.each(CASES)("renderDocumentPdf %s as %s", (name, format, title) => {
  const input = pdfInput(name);
  const rendered = renderDocumentPdf(input, { format, fonts });

  it("prints the issuer, the kind and series-number, the customer, every line and every amount", async () => {
    const pdf = await rendered;
    const text = pdfText(pdf);
    expect(text).toContain(ISSUER.legal_name);
    expect(text).toContain(ISSUER.ruc);
    expect(text).toContain(ISSUER.address.line);
    expect(text).toContain(title);
    expect(text).toContain(`${input.computed.series}-1234`);
    expect(text).toContain(input.computed.customer.name);
    if (input.computed.customer.document_number !== "-")
      expect(text).toContain(input.computed.customer.document_number);
    expect(text).toContain("14/03/2025");
    for (const line of input.computed.lines) expect(text).toContain(line.description);
    for (const amount of amountsOf(input)) expect(text, amount).toContain(amount);
  });

  it("prints every legend, the representation text, where to consult it and the hash", async () => {
    const text = pdfText(await rendered);
    const [words, ...others] = input.computed.legends;
    expect(text).toContain(`SON: ${words?.text}`);
    for (const legend of others) expect(text).toContain(legend.text);
    expect(text).toContain(`Representación impresa de la ${title}`);
    // A ticket is narrow: the URL wraps after a separator, so compare without the line breaks.
    expect(text.replace(/ /g, "")).toContain(CONSULT_URL);
    expect(text).toContain(HASH);
  });

  it("carries SUNAT's QR, which a scanner reads back exactly", async () => {
    const pdf = await rendered;
    const expected = sunatQrPayload(input);
    expect(expected).toBe(
      `20123456786|${input.computed.type}|${input.computed.series}|1234|${input.computed.amounts.igv}|${input.computed.amounts.total}|2025-03-14|${input.computed.customer.document_type}|${input.computed.customer.document_number}|${HASH}|`,
    );
    expect(decodeQr(pdf, 1)).toEqual([expected]);
  });

  it("embeds its own fonts (regular and bold), none from the reader's machine", async () => {
    const used = pdfFonts(await rendered);
    expect(used.map((f) => f.name.replace(/^[A-Z]{6}\+/, "")).sort()).toEqual([
      "NotoSans-Bold",
      "NotoSans-Regular",
    ]);
    expect(used.every((f) => f.embedded)).toBe(true);
  });

  it(`has the ${format} page size`, async () => {
    const info = pdfInfo(await rendered);
    if (format === "a4") expect(info).toMatchObject({ width: 595.28, height: 841.89 });
    else {
      expect(info.pages).toBe(1);
      expect(info.width).toBeCloseTo(TICKET_WIDTH, 1);
      expect(info.height).toBeGreaterThan(300);
    }
  });

  it("is one whole file whose cross-reference table points at each object and startxref at the table", async () => {
    const file = (await rendered).toString("latin1");
    expect(file.startsWith("%PDF-")).toBe(true);
    expect(file.endsWith("%%EOF\n")).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(file)?.[1]);
    expect(file.slice(startxref, startxref + 5)).toBe("xref\n");
    const table = /^xref\n0 (\d+)\n0000000000 65535 f \n((?:\d{10} 00000 n \n)+)/.exec(file.slice(startxref));
    const offsets = (table?.[2] ?? "")
      .trim()
      .split("\n")
      .map((entry) => Number(entry.slice(0, 10)));
    expect(offsets.length).toBe(Number(table?.[1]) - 1);
    offsets.forEach((offset, i) => {
      expect(file.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
  });
});

describe("renderDocumentPdf content by operation", () => {
  it.each<[string, string[]]>([
    [
      "01-mixed",
      [
        "Op. gratuitas",
        "ISC",
        "ICBPER",
        "Descuentos",
        "Cta. Banco de la Nación",
        "00-000-123456",
        "Cuota002",
        "14/05/2025",
      ],
    ],
    ["01-perception", ["Percepción 1%", "Total a cobrar", "COMPROBANTE DE PERCEPCIÓN", "953.44"]],
    ["01-ivap", ["IVAP 4%", "OPERACIÓN SUJETA AL IVAP", "Arroz pilado"]],
    ["01-export-usd", ["Op. exportación", "US$ 5,100.00", "DÓLARES AMERICANOS", "ACME TRADING INC.", "País"]],
    ["01-prepayment-usd-credit", ["Anticipos", "Factura F002-7", "US$ 500.00", "Crédito", "30/04/2025"]],
  ])("%s prints %j", async (name, expected) => {
    const text = pdfText(await renderDocumentPdf(pdfInput(name), { fonts }));
    for (const phrase of expected) expect(text).toContain(phrase);
  });

  it("says when it is a test document and what SUNAT answered", async () => {
    const input = pdfInput("01-one-line", {
      livemode: false,
      status: "observed",
      sunat: {
        code: "4287",
        description: "Aceptada con observaciones",
        notes: [{ code: "4287", description: "precio unitario" }],
        simulated: true,
      },
    });
    const text = pdfText(await renderDocumentPdf(input, { fonts }));
    expect(text).toContain("DOCUMENTO DE PRUEBA – SIN VALOR TRIBUTARIO");
    expect(text).toContain("ACEPTADO CON OBSERVACIONES (código 4287");
  });

  it("marks a rejected document as having no validity", async () => {
    const input = pdfInput("01-one-line", {
      status: "rejected",
      sunat: {
        code: "2335",
        description: "El documento electrónico ingresado ha sido alterado",
        notes: [],
        simulated: false,
      },
    });
    const text = pdfText(await renderDocumentPdf(input, { fonts, format: "ticket" }));
    expect(text).toContain("COMPROBANTE RECHAZADO POR SUNAT – NO TIENE VALIDEZ");
    expect(text).toContain("RECHAZADO (código 2335");
  });
});

describe("renderDocumentPdf determinism", () => {
  it("gives the same bytes for the same input, in both formats, with or without shared fonts", async () => {
    for (const format of ["a4", "ticket"] as const) {
      const input = pdfInput("01-mixed");
      const a = await renderDocumentPdf(input, { format, fonts });
      const b = await renderDocumentPdf(structuredClone(input), { format });
      expect(Buffer.compare(a, b), format).toBe(0);
    }
  });

  it("dates the file with the issue date, not the clock", async () => {
    const pdf = await renderDocumentPdf(pdfInput("01-one-line"), { fonts });
    expect(pdf.toString("latin1")).toContain("(D:20250314050000Z)"); // 00:00 in Lima
  });

  it("changes when the document does", async () => {
    const a = await renderDocumentPdf(pdfInput("01-one-line"), { fonts });
    const b = await renderDocumentPdf(pdfInput("01-one-line", { number: 1235 }), { fonts });
    expect(Buffer.compare(a, b)).not.toBe(0);
  });
});
