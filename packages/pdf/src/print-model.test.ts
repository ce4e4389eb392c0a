import { computeDocument } from "@einvoice/tax-engine";
import { describe, expect, it } from "vitest";
import { pdfInput, requestOf } from "../test-support/documents.js";
import { buildPrintModel } from "./print-model.js";

const totals = (name: string) => buildPrintModel(pdfInput(name)).totals.map((t) => `${t.label}=${t.value}`);

describe("buildPrintModel", () => {
  it("a restaurant in the special IGV regime in 2026 prints IGV 10.5%", () => {
    const { type, request } = requestOf("01-one-line");
    const r = computeDocument(
      { ...request, issue_date: "2026-03-02" },
      { type, today: "2026-03-02", igvRegime: "restaurants_hotels" },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const labels = buildPrintModel(pdfInput("01-one-line", { computed: r.document })).totals;
    expect(labels.map((t) => `${t.label}=${t.value}`)).toContain("IGV 10.5%=S/ 10.50");
    expect(labels.map((t) => `${t.label}=${t.value}`)).toContain("Importe total=S/ 110.50");
  });

  it.each<[string, string[]]>([
    [
      "01-one-line",
      [
        "Op. gravadas=S/ 100.00",
        "Op. exoneradas=S/ 0.00",
        "Op. inafectas=S/ 0.00",
        "IGV 18%=S/ 18.00",
        "Importe total=S/ 118.00",
      ],
    ],
    [
      "01-mixed",
      [
        "Op. gravadas=S/ 315.49",
        "Op. exoneradas=S/ 91.00",
        "Op. inafectas=S/ 80.00",
        "Op. gratuitas=S/ 25.00",
        "Descuentos=S/ 5.00",
        "ISC=S/ 22.95",
        "IGV 18%=S/ 60.92",
        "ICBPER=S/ 1.50",
        "Importe total=S/ 566.86",
      ],
    ],
    [
      "01-ivap",
      [
        "Op. gravadas=S/ 310.00",
        "Op. exoneradas=S/ 0.00",
        "Op. inafectas=S/ 0.00",
        "IVAP 4%=S/ 12.40",
        "Importe total=S/ 322.40",
      ],
    ],
    [
      "01-perception",
      [
        "Op. gravadas=S/ 800.00",
        "Op. exoneradas=S/ 0.00",
        "Op. inafectas=S/ 0.00",
        "IGV 18%=S/ 144.00",
        "Importe total=S/ 944.00",
        "Percepción 1%=S/ 9.44",
        "Total a cobrar=S/ 953.44",
      ],
    ],
    [
      "01-export-usd",
      [
        "Op. gravadas=US$ 0.00",
        "Op. exoneradas=US$ 0.00",
        "Op. inafectas=US$ 0.00",
        "Op. exportación=US$ 5,100.00",
        "IGV=US$ 0.00",
        "Importe total=US$ 5,100.00",
      ],
    ],
    [
      "01-prepayment-usd-credit",
      [
        "Op. gravadas=US$ 1,576.25",
        "Op. exoneradas=US$ 0.00",
        "Op. inafectas=US$ 0.00",
        "IGV 18%=US$ 283.73",
        "Anticipos=US$ 500.00",
        "Importe total=US$ 1,859.98",
      ],
    ],
  ])("totals of %s", (name, expected) => {
    expect(totals(name)).toEqual(expected);
  });

  it("describes each line: quantity, unit, values, discounts and what kind of operation it is", () => {
    const lines = buildPrintModel(pdfInput("01-mixed")).lines;
    expect(lines.map((l) => [l.index, l.quantity, l.unit, l.unitValue, l.discount, l.value])).toEqual([
      ["1", "6", "NIU", "25.00", "15.00", "135.00"],
      ["2", "3", "NIU", "0.10", "", "0.30"],
      ["3", "2", "NIU", "45.50", "", "91.00"],
      ["4", "1", "NIU", "80.00", "", "80.00"],
      ["5", "2", "NIU", "0.00", "", "25.00"],
      ["6", "1.5", "NIU", "120.123456", "5.00", "180.19"],
    ]);
    expect(lines.map((l) => l.details)).toEqual([
      ["ISC 17%: 22.95"],
      ["ICBPER: 3 × 0.50 = 1.50"],
      ["Exonerado"],
      ["Inafecto"],
      ["Gravado – retiro · gratuito, valor referencial 12.50"],
      ["Descuento no afecto a la base: 5.00"],
    ]);
  });

  it("says SON: before the amount in words and keeps the other legends as the engine wrote them", () => {
    expect(buildPrintModel(pdfInput("01-mixed")).legends).toEqual([
      "SON: QUINIENTOS SESENTA Y SEIS CON 86/100 SOLES",
      "TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE",
      "OPERACIÓN SUJETA A DETRACCIÓN",
    ]);
  });

  it("gives credit terms, the due date and the detraction account", () => {
    const model = buildPrintModel(pdfInput("01-mixed"));
    expect(model.documentFacts).toContainEqual({ label: "Fecha de vencimiento", value: "14/05/2025" });
    expect(model.credit).toEqual({
      pending: "S/ 498.84",
      installments: [
        { id: "Cuota001", due: "14/04/2025", amount: "S/ 250.00" },
        { id: "Cuota002", due: "14/05/2025", amount: "S/ 248.84" },
      ],
    });
    expect(model.notes[0]?.facts).toContainEqual({
      label: "Cta. Banco de la Nación",
      value: "00-000-123456",
    });
    expect(model.notes[0]?.facts).toContainEqual({ label: "Monto de la detracción", value: "S/ 68.02" });
  });

  it("leaves out the document row of an anonymous receipt", () => {
    const model = buildPrintModel(pdfInput("03-anonymous"));
    expect(model.customerFacts).toEqual([{ label: "Cliente", value: "CLIENTES VARIOS" }]);
    expect(model.title).toBe("BOLETA DE VENTA ELECTRÓNICA");
    expect(model.representation).toBe("Representación impresa de la BOLETA DE VENTA ELECTRÓNICA");
  });
});
