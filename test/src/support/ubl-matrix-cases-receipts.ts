/** UBL matrix, receipts (boletas): anonymous and identified buyers, the affectations, discounts and operations. */
import { DNI_CUSTOMER, FOREIGN_CUSTOMER } from "./requests.js";
import { FREE_TAXED, FREE_UNAFFECTED, item, type Row, receiptRows } from "./ubl-matrix-row.js";

export const RECEIPT_ROWS: Row[] = receiptRows([
  {
    // ERR 2027 allows line breaks and tabs in a description.
    name: "description on two lines with a tab",
    body: { items: [item("Caja azul\n\tcon tapa", 1, "10.00")] },
    amounts: { taxed: "10.00", igv: "1.80", total: "11.80" },
    lines: ["10.00"],
  },
  {
    name: "anonymous taxed",
    body: { items: [item("Cafe", 1, "8.50")] },
    amounts: { taxed: "8.50", igv: "1.53", total: "10.03" },
    lines: ["8.50"],
  },
  {
    name: "price_includes_tax",
    body: { items: [item("Menu", 1, "15.00", { price_includes_tax: true })] },
    amounts: { taxed: "12.71", igv: "2.29", total: "15.00" },
    lines: ["12.71"],
  },
  {
    name: "exempt (20)",
    body: { items: [item("Libro", 2, "35.00", { tax_affectation: "20" })] },
    amounts: { exempt: "70.00", total: "70.00" },
    lines: ["70.00"],
  },
  {
    name: "unaffected (30)",
    body: { items: [item("Pasaje", 1, "12.00", { tax_affectation: "30" })] },
    amounts: { unaffected: "12.00", total: "12.00" },
    lines: ["12.00"],
  },
  {
    name: "IVAP (17)",
    body: { items: [item("Arroz pilado", 10, "3.20", { tax_affectation: "17", unit_code: "KGM" })] },
    amounts: { taxed: "32.00", ivap: "1.28", total: "33.28" },
    lines: ["32.00"],
  },
  {
    name: "export (40)",
    body: {
      customer: FOREIGN_CUSTOMER,
      items: [item("Artesania", 1, "100.00", { tax_affectation: "40" })],
    },
    operation: "0200",
    amounts: { export: "100.00", total: "100.00" },
    lines: ["100.00"],
  },
  {
    name: "identified, mixed with ICBPER and a free line",
    body: {
      customer: DNI_CUSTOMER,
      items: [
        item("Producto", 3, "4.50", { icbper: true }),
        item("Exonerado", 1, "6.00", { tax_affectation: "20" }),
        item("Bono", 1, "2.00", { tax_affectation: "31" }),
      ],
    },
    amounts: { taxed: "13.50", igv: "2.43", icbper: "1.50", exempt: "6.00", free: "2.00", total: "23.43" },
    lineExtension: "19.50",
    lines: ["13.50", "6.00", "2.00"],
    freeTax: "0.00",
  },
  {
    name: "every free code beside a taxed line",
    body: {
      items: [
        item("Producto", 1, "100.00"),
        ...[...FREE_TAXED, "21", ...FREE_UNAFFECTED].map((code) =>
          item(`Gratis ${code}`, 1, "1.00", { tax_affectation: code }),
        ),
      ],
    },
    amounts: { taxed: "100.00", igv: "18.00", free: "14.00", total: "118.00" },
    lineExtension: "100.00",
    lines: ["100.00", ...Array.from({ length: 14 }, () => "1.00")],
    freeTax: "1.08",
  },
  {
    name: "ISC 30 %",
    body: { items: [item("Cerveza", 6, "5.00", { isc: { rate: 30 } })] },
    amounts: { taxed: "30.00", isc: "9.00", igv: "7.02", total: "46.02" },
    lines: ["30.00"],
  },
  {
    name: "line discounts (both kinds) and a document discount not affecting the base",
    body: {
      items: [
        item("A", 2, "50.00", { discount: { amount: "10.00" } }),
        item("B", 1, "20.00", { discount: { percent: 50, affects_base: false } }),
      ],
      discount: { amount: "5.00", affects_base: false },
    },
    amounts: { taxed: "110.00", igv: "19.80", discounts: "16.80", total: "113.00" },
    taxInclusive: "129.80",
    lines: ["90.00", "20.00"],
    charges: [["03", "5.00"]],
    lineCharges: { 0: [["00", "10.00"]], 1: [["01", "11.80"]] },
  },
  {
    name: "document discount affecting the base, percent",
    body: { items: [item("Producto", 1, "200.00")], discount: { percent: 10 } },
    amounts: { taxed: "180.00", igv: "32.40", total: "212.40" },
    lineExtension: "180.00",
    lines: ["200.00"],
    charges: [["02", "20.00"]],
  },
  {
    name: "perception 51 to an identified buyer",
    body: {
      customer: DNI_CUSTOMER,
      items: [item("Producto", 10, "50.00")],
      perception: { code: "51" },
    },
    operation: "2001",
    amounts: {
      taxed: "500.00",
      igv: "90.00",
      total: "590.00",
      perception: "11.80",
      total_to_collect: "601.80",
    },
    lines: ["500.00"],
    charges: [["51", "11.80"]],
  },
  {
    name: "prepayment citing a receipt",
    body: {
      items: [item("Saldo", 1, "500.00")],
      prepayments: [{ document: { type: "03", series: "B001", number: 4 }, amount: "118.00" }],
    },
    amounts: { taxed: "400.00", igv: "72.00", prepaid: "118.00", total: "472.00" },
    taxInclusive: "590.00",
    lines: ["500.00"],
    charges: [["04", "100.00"]],
  },
  {
    name: "USD to an identified buyer",
    body: { currency: "USD", customer: DNI_CUSTOMER, items: [item("Producto", 1, "10.00")] },
    amounts: { taxed: "10.00", igv: "1.80", total: "11.80" },
    lines: ["10.00"],
  },
  {
    name: "identified buyer above S/ 700",
    body: { customer: DNI_CUSTOMER, items: [item("Producto", 6, "100.00")] },
    amounts: { taxed: "600.00", igv: "108.00", total: "708.00" },
    lines: ["600.00"],
  },
]);
