import { describe, expect, it } from "vitest";
import { golden, replaceNth } from "../../test-support/fixtures.js";
import { checkInvoiceRules } from "./invoice-rules.js";
import { issueFor } from "./rule-issue.js";
import { decideVerdict } from "./verdict.js";

describe("decideVerdict", () => {
  it("accepts a clean factura with SUNAT's sentence", () => {
    expect(decideVerdict([], { type: "01", series: "F001", number: "1" })).toEqual({
      outcome: "accepted",
      responseCode: "0",
      description: "La Factura numero F001-1, ha sido aceptada",
      notes: [],
    });
  });

  it("accepts a boleta with wrong totals as observed, the 4312 kept as a note", () => {
    const boleta = replaceNth(
      golden("Group8Test/boleta1Con4Items.xml"),
      '<cbc:PayableAmount currencyID="PEN">3540.00</cbc:PayableAmount>',
      '<cbc:PayableAmount currencyID="PEN">3600.00</cbc:PayableAmount>',
    );
    const verdict = decideVerdict(checkInvoiceRules(boleta), { type: "03", series: "BB11", number: "1" });
    expect(verdict).toEqual({
      outcome: "observed",
      responseCode: "0",
      description: "La Boleta de Venta numero BB11-1, ha sido aceptada",
      notes: [{ code: "4312", text: "El importe total del comprobante no coincide con el valor calculado" }],
    });
  });

  it("rejects with the first error and keeps observations as notes", () => {
    const verdict = decideVerdict([
      issueFor("4288", "Error en la linea: 1"),
      issueFor("3103", "Error en la linea: 2"),
      issueFor("3280"),
    ]);
    expect(verdict.outcome).toBe("rejected");
    expect(verdict.responseCode).toBe("3103");
    expect(verdict.description).toBe(
      "El producto del factor y monto base de la afectación del IGV/IVAP no corresponde al monto de afectacion de linea. - Error en la linea: 2",
    );
    expect(verdict.notes.map((n) => n.code)).toEqual(["4288"]);
  });

  it("an exception outranks rejections and issues no notes", () => {
    expect(decideVerdict([issueFor("3280"), issueFor("0306"), issueFor("4312")])).toMatchObject({
      outcome: "exception",
      responseCode: "0306",
      notes: [],
    });
  });
});
