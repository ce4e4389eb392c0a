import { describe, expect, it } from "vitest";
import { ISSUER } from "../test-support/documents.js";
import { CARRIER_GUIDE, GUIDE_HASH, SENDER_GUIDE, SUNAT_QR_URL } from "../test-support/guides.js";
import { decodeQr, pdfFonts, pdfInfo, pdfText, wordBoxes } from "../test-support/pdf-tools.js";
import { loadPdfFonts } from "./fonts.js";
import type { GuidePdfInput } from "./guide-model.js";
import { renderGuidePdf } from "./render-guide-pdf.js";

const fonts = loadPdfFonts();
const input = (over: Partial<GuidePdfInput> = {}): GuidePdfInput => ({
  issuer: ISSUER,
  despatch: SENDER_GUIDE,
  number: 42,
  hash: GUIDE_HASH,
  livemode: true,
  ...over,
});

describe("renderGuidePdf: a sender's guide (09)", () => {
  const withQr = renderGuidePdf(input({ qr_url: SUNAT_QR_URL }), { fonts });

  it("prints the issuer, the kind, series-number, dates, reason, mode, weight and packages", async () => {
    const pdf = await withQr;
    const text = pdfText(pdf);
    expect(pdfInfo(pdf)).toMatchObject({ pages: 1, width: 595.28 });
    expect(text).toContain(ISSUER.legal_name);
    expect(text).toContain(`R.U.C. N° ${ISSUER.ruc}`);
    expect(text).toContain("GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE");
    expect(text).toContain("T001-42");
    expect(text).toContain("Fecha de emisión:");
    expect(text).toContain("25/11/2026");
    expect(text).toContain("Inicio del traslado:");
    expect(text).toContain("26/11/2026");
    expect(text).toContain("01 – Venta");
    expect(text).toContain("02 – Transporte privado");
    expect(text).toContain("1,250.5 KGM");
    expect(text).toMatch(/Bultos: .* 14 /);
    expect(text).not.toContain("DOCUMENTO DE PRUEBA");
  });

  it("prints the parties with their documents, both points with ubigeo, plates, drivers and their licences", async () => {
    const text = pdfText(await withQr);
    expect(text).toContain("CONSTRUCTORA PEÑA & ÁLVAREZ E.I.R.L.");
    expect(text).toContain("20600000005");
    expect(text).toContain("Ubigeo: 150131");
    expect(text).toContain("Ubigeo: 040101");
    expect(text).toContain("Distrito: SAN ISIDRO - LIMA - LIMA");
    expect(text).toContain("Distrito: AREQUIPA - AREQUIPA - AREQUIPA");
    expect(text).toContain("CALLE MERCADERES 210, CERCADO DE AREQUIPA");
    expect(text).toContain("Placa ABC123");
    expect(text).toContain("Placa T9Z456");
    expect(text).toContain("JUAN CARLOS QUISPE MAMANI");
    expect(text).toContain("45678912");
    expect(text).toContain("Licencia Q45678912");
    expect(text).toContain("F001-889");
  });

  it("prints every goods line with quantity and unit, the note, the representation text and the hash", async () => {
    const text = pdfText(await withQr);
    expect(text).toContain("CEMENTO PORTLAND TIPO I, BOLSA DE 42.5 KG");
    expect(text).toContain("PARA COLUMNAS Y VIGAS");
    expect(text).toContain("35.5 KGM");
    // Quantity and unit sit on their description's first row.
    const words = wordBoxes(await withQr);
    const top = (w: string) => words.find((b) => b.text === w)?.yMin ?? Number.NaN;
    expect(Math.abs(top("CEMENTO") - top("NIU"))).toBeLessThan(1);
    expect(Math.abs(top("FIERRO") - top("35.5"))).toBeLessThan(1);
    expect(text).toContain("Entregar en el almacén de la puerta 3");
    expect(text).toContain("Representación impresa de la GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE");
    expect(text).toContain(GUIDE_HASH);
  });

  it("carries SUNAT's QR, which a scanner reads back as the URL SUNAT returned", async () => {
    expect(decodeQr(await withQr, 1)).toEqual([SUNAT_QR_URL]);
  });

  it("has no QR when SUNAT's URL is not given yet (spec rule 11)", async () => {
    const pdf = await renderGuidePdf(input(), { fonts });
    expect(decodeQr(pdf, 1)).toEqual([]);
    expect(pdfText(pdf)).toContain(GUIDE_HASH);
  });

  it("embeds its own fonts and gives the same bytes for the same input", async () => {
    const pdf = await withQr;
    expect(pdfFonts(pdf).every((f) => f.embedded)).toBe(true);
    expect(Buffer.compare(pdf, await renderGuidePdf(input({ qr_url: SUNAT_QR_URL }), { fonts }))).toBe(0);
  });
});

describe("renderGuidePdf: a carrier's guide (31) in test mode", () => {
  it("prints the carrier's title, the test banner, its parties, vehicle, driver and goods", async () => {
    const pdf = await renderGuidePdf(
      input({ despatch: CARRIER_GUIDE, number: 7, livemode: false, qr_url: SUNAT_QR_URL }),
      { fonts },
    );
    const text = pdfText(pdf);
    expect(text).toContain("GUÍA DE REMISIÓN ELECTRÓNICA TRANSPORTISTA");
    expect(text).toContain("V001-7");
    expect(text).toContain("DOCUMENTO DE PRUEBA");
    expect(text).toContain("DISTRIBUIDORA DEL SUR S.A.");
    expect(text).toContain("MARÍA FERNÁNDEZ TORRES");
    expect(text).toContain("41234567");
    expect(text).toContain("2.3 TNE");
    expect(text).toContain("Placa BXK901 — TUC/CHV 15M21028250E");
    expect(text).toMatch(/Pagador del flete: .* Subcontratador /);
    expect(text).toContain("Licencia B40111222");
    expect(text).toContain("CAJAS DE MERCADERÍA GENERAL 48");
    expect(text).toContain("BX");
    expect(decodeQr(pdf, 1)).toEqual([SUNAT_QR_URL]);
  });

  it("a guide of many goods lines flows onto more pages, each numbered", async () => {
    const items = Array.from({ length: 90 }, (_, i) => ({
      description: `ARTÍCULO DE PRUEBA NÚMERO ${i + 1}`,
      quantity: String(i + 1),
      unit_code: "NIU",
    }));
    const pdf = await renderGuidePdf(input({ despatch: { ...SENDER_GUIDE, items }, qr_url: SUNAT_QR_URL }), {
      fonts,
    });
    const { pages } = pdfInfo(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(pdf);
    expect(text).toContain("ARTÍCULO DE PRUEBA NÚMERO 90");
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(decodeQr(pdf, pages)).toEqual([SUNAT_QR_URL]);
  });
});
