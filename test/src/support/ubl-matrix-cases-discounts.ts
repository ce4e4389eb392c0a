/**
 * UBL matrix, invoices with discounts (catalog 53): on a line or on the document, by percent or amount, affecting
 * the base (00, 02) or not (01, 03).
 */
import { invoiceRows, item, type Row } from "./ubl-matrix-row.js";

export const DISCOUNT_ROWS: Row[] = invoiceRows([
  {
    name: "line discount affecting the base, percent",
    body: { items: [item("Producto", 4, "50.00", { discount: { percent: 10 } })] },
    amounts: { taxed: "180.00", igv: "32.40", total: "212.40" },
    lines: ["180.00"],
    lineCharges: { 0: [["00", "20.00"]] },
  },
  {
    name: "line discount affecting the base, amount",
    body: { items: [item("Producto", 2, "100.00", { discount: { amount: "15.00" } })] },
    amounts: { taxed: "185.00", igv: "33.30", total: "218.30" },
    lines: ["185.00"],
    lineCharges: { 0: [["00", "15.00"]] },
  },
  {
    name: "line discount not affecting the base, percent",
    body: { items: [item("Producto", 1, "100.00", { discount: { percent: 10, affects_base: false } })] },
    amounts: { taxed: "100.00", igv: "18.00", discounts: "11.80", total: "106.20" },
    taxInclusive: "118.00",
    lines: ["100.00"],
    lineCharges: { 0: [["01", "11.80"]] },
  },
  {
    name: "line discount not affecting the base, amount",
    body: { items: [item("Producto", 1, "100.00", { discount: { amount: "5.00", affects_base: false } })] },
    amounts: { taxed: "100.00", igv: "18.00", discounts: "5.00", total: "113.00" },
    taxInclusive: "118.00",
    lines: ["100.00"],
    lineCharges: { 0: [["01", "5.00"]] },
  },
  {
    name: "document discount affecting the base, percent, on a mixed invoice",
    body: {
      items: [item("Gravado", 1, "100.00"), item("Exonerado", 1, "50.00", { tax_affectation: "20" })],
      discount: { percent: 10 },
    },
    amounts: { taxed: "90.00", igv: "16.20", exempt: "50.00", total: "156.20" },
    lineExtension: "140.00",
    lines: ["100.00", "50.00"],
    charges: [["02", "10.00"]],
  },
  {
    name: "document discount affecting the base, amount",
    body: { items: [item("Producto", 2, "100.00")], discount: { amount: "20.00" } },
    amounts: { taxed: "180.00", igv: "32.40", total: "212.40" },
    lineExtension: "180.00",
    lines: ["200.00"],
    charges: [["02", "20.00"]],
  },
  {
    name: "document discount not affecting the base, percent",
    body: { items: [item("Producto", 1, "100.00")], discount: { percent: 5, affects_base: false } },
    amounts: { taxed: "100.00", igv: "18.00", discounts: "5.90", total: "112.10" },
    taxInclusive: "118.00",
    lines: ["100.00"],
    charges: [["03", "5.90"]],
  },
  {
    name: "document discount not affecting the base, amount, on a mixed invoice",
    body: {
      items: [
        item("Gravado", 1, "100.00"),
        item("Exonerado", 1, "100.00", { tax_affectation: "20" }),
        item("Inafecto", 1, "100.00", { tax_affectation: "30" }),
      ],
      discount: { amount: "10.00", affects_base: false },
    },
    amounts: {
      taxed: "100.00",
      igv: "18.00",
      exempt: "100.00",
      unaffected: "100.00",
      discounts: "10.00",
      total: "308.00",
    },
    taxInclusive: "318.00",
    lines: ["100.00", "100.00", "100.00"],
    charges: [["03", "10.00"]],
  },
  {
    name: "price_includes_tax with a line discount amount read as a price",
    body: {
      items: [item("Producto", 2, "118.00", { price_includes_tax: true, discount: { amount: "23.60" } })],
    },
    amounts: { taxed: "180.00", igv: "32.40", total: "212.40" },
    lines: ["180.00"],
    lineCharges: { 0: [["00", "20.00"]] },
  },
]);
