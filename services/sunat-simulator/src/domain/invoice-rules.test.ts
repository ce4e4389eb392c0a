import { describe, expect, it } from "vitest";
import { editLine, golden, goldenInvoices, replaceNth } from "../../test-support/fixtures.js";
import { checkInvoiceRules } from "./invoice-rules.js";

const codes = (xml: string) => checkInvoiceRules(xml).map((issue) => issue.code);
const amount = (tag: string, value: string) => `<cbc:${tag} currencyID="PEN">${value}</cbc:${tag}>`;

describe("golden homologación invoices pass every sum rule", () => {
  const files = goldenInvoices();

  it("found facturas and boletas", () => {
    expect(files.filter((f) => f.includes("/factura")).length).toBeGreaterThanOrEqual(25);
    expect(files.filter((f) => f.includes("/boleta")).length).toBeGreaterThanOrEqual(15);
  });

  it.each(files)("%s", (file) => {
    expect(checkInvoiceRules(golden(file))).toEqual([]);
  });
});

describe("tampered factura (Group1Test/factura1Con3Items.xml) is rejected with ERROR codes", () => {
  const factura = golden("Group1Test/factura1Con3Items.xml");

  it.each([
    ["PayableAmount", amount("PayableAmount", "1652.00"), amount("PayableAmount", "1700.00"), 1, ["3280"]],
    [
      "global gravadas base",
      amount("TaxableAmount", "1400.00"),
      amount("TaxableAmount", "1500.00"),
      1,
      ["3277"],
    ],
    [
      "global IGV subtotal",
      amount("TaxAmount", "252.00"),
      amount("TaxAmount", "260.00"),
      2,
      ["3291", "3294"],
    ],
    ["global TaxTotal", amount("TaxAmount", "252.00"), amount("TaxAmount", "260.00"), 1, ["3294"]],
    [
      "total valor de venta",
      amount("LineExtensionAmount", "1400.00"),
      amount("LineExtensionAmount", "1300.00"),
      1,
      ["3278", "3279"],
    ],
    [
      "TaxInclusiveAmount",
      amount("TaxInclusiveAmount", "1652.00"),
      amount("TaxInclusiveAmount", "1660.00"),
      1,
      ["3279", "3280"],
    ],
  ] as const)("%s", (_label, search, replacement, occurrence, expected) => {
    expect(codes(replaceNth(factura, search, replacement, occurrence))).toEqual(expected);
  });

  it("stays quiet within the ± 1 tolerance", () => {
    expect(
      codes(replaceNth(factura, amount("PayableAmount", "1652.00"), amount("PayableAmount", "1653.00"))),
    ).toEqual([]);
  });

  it("line IGV ≠ rate × base → 3103, and the line TaxTotal no longer adds up → 3292", () => {
    const xml = editLine(factura, 1, (line) =>
      replaceNth(line, amount("TaxAmount", "18.00"), amount("TaxAmount", "25.00"), 2),
    );
    expect(checkInvoiceRules(xml)).toEqual([
      expect.objectContaining({ code: "3103", detail: "Error en la linea: 1" }),
      expect.objectContaining({ code: "3292", detail: "Error en la linea: 1" }),
    ]);
  });

  it("taxed line with IGV 0 → 3111 (with 3103 and 3292)", () => {
    const xml = editLine(factura, 1, (line) =>
      replaceNth(line, amount("TaxAmount", "18.00"), amount("TaxAmount", "0.00"), 2),
    );
    expect(codes(xml)).toEqual(["3103", "3111", "3292"]);
  });

  it("unit value × quantity ≠ line value → 3271", () => {
    const xml = editLine(factura, 1, (line) =>
      replaceNth(line, amount("PriceAmount", "100.00"), amount("PriceAmount", "150.00")),
    );
    expect(codes(xml)).toEqual(["3271"]);
  });

  it("line without a taxed base → 3105, and every sum that counted that line", () => {
    const xml = editLine(factura, 2, (line) =>
      replaceNth(line, amount("TaxableAmount", "400.00"), amount("TaxableAmount", "0.00")),
    );
    // 3103: 72.00 of IGV on a 0.00 base; the gravadas, IGV, sale value and subtotal sums
    // no longer include line 2's 400.00.
    expect(codes(xml)).toEqual(["3105", "3103", "3277", "3291", "3278", "3279"]);
  });

  it("ICBPER total ≠ Σ line ICBPER → 3306 (exact, no tolerance)", () => {
    const icbper = (value: string) =>
      `<cac:TaxSubtotal>${amount("TaxAmount", value)}<cac:TaxCategory><cac:TaxScheme><cbc:ID>7152</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>`;
    let xml = editLine(factura, 1, (line) =>
      line.replace("</cac:TaxTotal>", `${icbper("0.50")}</cac:TaxTotal>`),
    );
    xml = replaceNth(xml, "</cac:TaxTotal>", `${icbper("1.00")}</cac:TaxTotal>`);
    expect(codes(xml)).toEqual(["3306"]);
    expect(codes(xml.replace(amount("TaxAmount", "1.00"), amount("TaxAmount", "0.50")))).toEqual([]);
  });

  it("not well-formed → 0306", () => {
    expect(codes(factura.replace("</Invoice>", ""))).toEqual(["0306"]);
  });
});

describe("free lines and untaxed operations (Group2ExoneradoTest/factura2Con4Items.xml)", () => {
  const factura = golden("Group2ExoneradoTest/factura2Con4Items.xml");

  it("free line with a unit value → 2640", () => {
    const xml = editLine(factura, 2, (line) =>
      replaceNth(line, amount("PriceAmount", "0.00"), amount("PriceAmount", "50.00")),
    );
    expect(codes(xml)).toEqual(["2640"]);
  });

  it("free line value is checked against the referential price → 3271", () => {
    const xml = editLine(factura, 2, (line) =>
      replaceNth(line, amount("PriceAmount", "200.00"), amount("PriceAmount", "250.00")),
    );
    expect(codes(xml)).toEqual(["3271"]);
  });

  it("IGV on an exonerated or free-exonerated line → 3110", () => {
    const exonerated = editLine(factura, 1, (line) =>
      replaceNth(line, amount("TaxAmount", "0.00"), amount("TaxAmount", "5.00"), 2),
    );
    expect(codes(exonerated)).toEqual(["3110"]);
    const free = editLine(factura, 2, (line) =>
      replaceNth(line, amount("TaxAmount", "0.00"), amount("TaxAmount", "72.00"), 2),
    );
    expect(codes(free)).toEqual(["3110"]);
  });
});

describe("global discounts (Group4Test/factura1Con2Items.xml)", () => {
  it("AllowanceTotalAmount ≠ Σ discounts 01 + 03 → 3300 (and the payable no longer matches → 3280)", () => {
    const factura = golden("Group4Test/factura1Con2Items.xml");
    const xml = replaceNth(
      factura,
      amount("AllowanceTotalAmount", "100"),
      amount("AllowanceTotalAmount", "50"),
    );
    expect(codes(xml)).toEqual(["3280", "3300"]);
  });

  // RV:Factura2_0 row 51 (ERR 3300) sums global codes 03 and 63; 62 (retención del IGV) is not a discount there.
  const reasonCode = (code: string) =>
    `<cbc:AllowanceChargeReasonCode>${code}</cbc:AllowanceChargeReasonCode>`;

  it("a global 63 (retención de renta de segunda categoría) counts in AllowanceTotalAmount like 03", () => {
    const factura = golden("Group4Test/factura1Con2Items.xml");
    expect(codes(replaceNth(factura, reasonCode("03"), reasonCode("63")))).toEqual([]);
  });

  it("a global 62 (retención del IGV) does not → 3300", () => {
    const factura = golden("Group4Test/factura1Con2Items.xml");
    expect(codes(replaceNth(factura, reasonCode("03"), reasonCode("62")))).toEqual(["3300"]);
  });

  it("on a receipt only 03 counts (RV:Boleta2_0 row 51): a global 63 there → OBS 4307", () => {
    const boleta = golden("Group11Test/boleta5Con4Items.xml");
    expect(codes(boleta)).toEqual([]);
    expect(codes(replaceNth(boleta, reasonCode("03"), reasonCode("63")))).toEqual(["4307"]);
  });
});

describe("tampered boleta (Group8Test/boleta1Con4Items.xml) gets OBSERVATION codes", () => {
  const boleta = golden("Group8Test/boleta1Con4Items.xml");

  it.each([
    ["PayableAmount", amount("PayableAmount", "3540.00"), amount("PayableAmount", "3600.00"), 1, ["4312"]],
    [
      "global IGV subtotal",
      amount("TaxAmount", "540.00"),
      amount("TaxAmount", "560.00"),
      2,
      ["4290", "4301"],
    ],
    [
      "global gravadas base",
      amount("TaxableAmount", "3000.00"),
      amount("TaxableAmount", "3100.00"),
      1,
      ["4299"],
    ],
    [
      "total valor de venta",
      amount("LineExtensionAmount", "3000.00"),
      amount("LineExtensionAmount", "2900.00"),
      1,
      ["4309", "4310"],
    ],
  ] as const)("%s", (_label, search, replacement, occurrence, expected) => {
    expect(codes(replaceNth(boleta, search, replacement, occurrence))).toEqual(expected);
  });

  it("line value → 4288; line IGV keeps the ERROR 3103 (both sheets say ERROR)", () => {
    const value = editLine(boleta, 1, (line) =>
      replaceNth(line, amount("PriceAmount", "100.00"), amount("PriceAmount", "150.00")),
    );
    expect(codes(value)).toEqual(["4288"]);
    const igv = editLine(boleta, 1, (line) =>
      replaceNth(line, amount("TaxAmount", "18.00"), amount("TaxAmount", "25.00"), 2),
    );
    expect(codes(igv)).toEqual(["3103", "4293"]);
  });
});

describe("out of scope documents", () => {
  it("credit notes are not judged by the invoice sheets", () => {
    expect(checkInvoiceRules(golden("Group1Test/notaDeCreditoDeFactura2.xml"))).toEqual([]);
  });
});
