import type { InvoiceRequest, Issuer, NoteRequest } from "@einvoice/domain";
import { parseXml } from "@einvoice/sunat";
import { computeDocument, computeNote } from "@einvoice/tax-engine";
import { buildNoteXml } from "@einvoice/ubl";
import { describe, expect, it } from "vitest";
import { checkNoteArithmetic } from "./note-arithmetic-rules.js";

const TODAY = "2026-06-03";
const ISSUER: Issuer = {
  ruc: "20123456786",
  legal_name: "COMERCIAL ANDINA S.A.C.",
  address: {
    line: "AV. JAVIER PRADO ESTE 1234",
    establishment_code: "0000",
    country_code: "PE",
    ubigeo: "150131",
  },
};

function modified(type: "01" | "03", extra: Partial<InvoiceRequest> = {}) {
  const r = computeDocument(
    {
      series: type === "01" ? "F001" : "B001",
      customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE S.A.C." },
      items: [
        { description: "Widget", quantity: 2, unit_price: "100.00" },
        { description: "Libro", quantity: 1, unit_price: "30.00", tax_affectation: "20" },
      ],
      ...extra,
    },
    { type, today: TODAY },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.document;
}

/** A note's XML as the platform builds it, on an invoice (F…) or a receipt (B…). */
function noteXml(
  type: "07" | "08",
  on: "01" | "03",
  request: Omit<NoteRequest, "document" | "series">,
  credit = false,
) {
  const computed = modified(
    on,
    credit
      ? { payment: { type: "credit", installments: [{ amount: "266.00", due_date: "2026-07-03" }] } }
      : {},
  );
  const r = computeNote(
    { ...request, series: `${on === "01" ? "F" : "B"}${type === "07" ? "C" : "D"}01`, document: "doc_1" },
    {
      type,
      today: TODAY,
      modified: {
        id: "doc_1",
        type: on,
        series: on === "01" ? "F001" : "B001",
        number: 4,
        issue_date: TODAY,
        computed,
      },
    },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return buildNoteXml({ issuer: ISSUER, document: r.document, number: 1 });
}

const codes = (xml: string) => checkNoteArithmetic(parseXml(xml)!).map((i) => i.code);

/** Replaces the last occurrence: a note's lines come after its totals. */
const replaceLast = (xml: string, from: string, to: string) => {
  const at = xml.lastIndexOf(from);
  return `${xml.slice(0, at)}${to}${xml.slice(at + from.length)}`;
};

const items = [{ description: "Widget", quantity: 1, unit_price: "100.00" }];

describe("the line and tax rules the note sheets share with the invoice sheets", () => {
  it("passes every note the platform builds: by items, by copy, code 13's zero lines, a debit note", () => {
    expect(codes(noteXml("07", "01", { reason_code: "07", description: "Devolución", items }))).toEqual([]);
    expect(codes(noteXml("07", "01", { reason_code: "01", description: "Anulación" }))).toEqual([]);
    expect(codes(noteXml("07", "03", { reason_code: "06", description: "Devolución total" }))).toEqual([]);
    expect(codes(noteXml("08", "03", { reason_code: "01", description: "Intereses", items }))).toEqual([]);
    const schedule = noteXml(
      "07",
      "01",
      {
        reason_code: "13",
        description: "Nuevo cronograma",
        payment: { installments: [{ amount: "266.00", due_date: "2026-08-03" }] },
      },
      true,
    );
    expect(schedule).toContain('<cbc:PayableAmount currencyID="PEN">0.00</cbc:PayableAmount>');
    expect(codes(schedule)).toEqual([]);
  });

  it("passes notes with ISC, ICBPER, a free line, an exonerated line and a discount, on both kinds", () => {
    const mixed = [
      { description: "Cerveza", quantity: 2, unit_price: "10.00", isc: { rate: "0.30" } },
      { description: "Bolsa", quantity: 3, unit_price: "0.10", icbper: true },
      { description: "Muestra", quantity: 1, unit_price: "5.00", tax_affectation: "11" },
      { description: "Arroz", quantity: 4, unit_price: "3.25", tax_affectation: "20" },
      { description: "Silla", quantity: 1, unit_price: "80.00", discount: { percent: "10" } },
    ];
    for (const on of ["01", "03"] as const) {
      expect(
        codes(noteXml("07", on, { reason_code: "07", description: "Devolución", items: mixed })),
        on,
      ).toEqual([]);
      expect(
        codes(noteXml("08", on, { reason_code: "02", description: "Mayor valor", items: mixed })),
        on,
      ).toEqual([]);
    }
  });

  it("answers a PayableAmount off the note sheets' sum with 3280 on an invoice's note, 4312 on a receipt's", () => {
    const payable = /<cbc:PayableAmount currencyID="PEN">([\d.]+)<\/cbc:PayableAmount>/;
    const wrongPayable = (xml: string) =>
      xml.replace(
        payable,
        (_m, v: string) =>
          `<cbc:PayableAmount currencyID="PEN">${(Number(v) + 2).toFixed(2)}</cbc:PayableAmount>`,
      );
    const onInvoice = noteXml("07", "01", { reason_code: "07", description: "Devolución", items });
    expect(codes(onInvoice)).not.toContain("3280");
    expect(codes(wrongPayable(onInvoice))).toContain("3280");
    const onReceipt = noteXml("08", "03", { reason_code: "01", description: "Intereses", items });
    expect(codes(wrongPayable(onReceipt))).toContain("4312");
    expect(codes(wrongPayable(onReceipt))).not.toContain("3280");
  });

  it("answers a wrong line value with the code of the modified document's kind: 3271 on an invoice, 4288 on a receipt", () => {
    const line = '<cbc:LineExtensionAmount currencyID="PEN">100.00</cbc:LineExtensionAmount>';
    const wrong = '<cbc:LineExtensionAmount currencyID="PEN">150.00</cbc:LineExtensionAmount>';
    const onInvoice = noteXml("07", "01", { reason_code: "07", description: "Devolución", items });
    expect(codes(replaceLast(onInvoice, line, wrong))).toContain("3271");
    const onReceipt = noteXml("08", "03", { reason_code: "01", description: "Intereses", items });
    expect(codes(replaceLast(onReceipt, line, wrong))).toContain("4288");
    expect(codes(replaceLast(onReceipt, line, wrong))).not.toContain("3271");
  });

  it("answers 3291 for a document IGV off the lines' rate and 3105 for a line without an IGV-type subtotal", () => {
    const onInvoice = noteXml("07", "01", { reason_code: "07", description: "Devolución", items });
    const igv = '<cbc:TaxAmount currencyID="PEN">18.00</cbc:TaxAmount><cac:TaxCategory>';
    expect(onInvoice.indexOf(igv)).toBeGreaterThan(0);
    expect(
      codes(onInvoice.replace(igv, '<cbc:TaxAmount currencyID="PEN">25.00</cbc:TaxAmount><cac:TaxCategory>')),
    ).toContain("3291");
    const noTax = onInvoice.replace(/(<cac:CreditNoteLine>.*?)<cac:TaxTotal>.*?<\/cac:TaxTotal>/s, "$1");
    expect(codes(noTax)).toContain("3105");
  });
});
