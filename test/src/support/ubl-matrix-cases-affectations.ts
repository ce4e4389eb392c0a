/** UBL matrix, invoices by tax affectation (catalog 07): each onerous one, free lines, ISC and ICBPER. */
import { FOREIGN_CUSTOMER } from "./requests.js";
import { FREE_TAXED, FREE_UNAFFECTED, invoiceRows, item, type Row } from "./ubl-matrix-row.js";

export const AFFECTATION_ROWS: Row[] = invoiceRows([
  // --- every onerous affectation ---
  {
    name: "taxed (10)",
    body: { items: [item("Widget", 2, "100.00")] },
    amounts: { taxed: "200.00", igv: "36.00", total: "236.00" },
    lines: ["200.00"],
  },
  {
    name: "exempt (20)",
    body: { items: [item("Libro", 1, "50.00", { tax_affectation: "20" })] },
    amounts: { exempt: "50.00", total: "50.00" },
    lines: ["50.00"],
  },
  {
    name: "unaffected (30)",
    body: { items: [item("Servicio", 3, "10.00", { tax_affectation: "30" })] },
    amounts: { unaffected: "30.00", total: "30.00" },
    lines: ["30.00"],
  },
  {
    name: "export (40) in USD",
    body: {
      currency: "USD",
      customer: FOREIGN_CUSTOMER,
      items: [item("Mercaderia", 1, "1000.00", { tax_affectation: "40" })],
    },
    operation: "0200",
    amounts: { export: "1000.00", total: "1000.00" },
    lines: ["1000.00"],
  },
  {
    name: "export (40) in PEN with a line discount",
    body: {
      customer: FOREIGN_CUSTOMER,
      items: [item("Mercaderia", 10, "20.00", { tax_affectation: "40", discount: { percent: 5 } })],
    },
    operation: "0200",
    amounts: { export: "190.00", total: "190.00" },
    lines: ["190.00"],
    lineCharges: { 0: [["00", "10.00"]] },
  },
  {
    name: "IVAP (17)",
    body: { items: [item("Arroz pilado", 100, "3.10", { tax_affectation: "17", unit_code: "KGM" })] },
    amounts: { taxed: "310.00", ivap: "12.40", total: "322.40" },
    lines: ["310.00"],
  },
  {
    name: "IVAP (17) with a document discount affecting the base",
    body: {
      items: [item("Arroz pilado", 100, "3.10", { tax_affectation: "17", unit_code: "KGM" })],
      discount: { amount: "10.00" },
    },
    amounts: { taxed: "300.00", ivap: "12.00", total: "312.00" },
    lineExtension: "300.00",
    lines: ["310.00"],
    charges: [["02", "10.00"]],
  },
  {
    name: "mixed taxed, exempt and unaffected",
    body: {
      items: [
        item("Gravado", 1, "100.00"),
        item("Exonerado", 1, "50.00", { tax_affectation: "20" }),
        item("Inafecto", 1, "30.00", { tax_affectation: "30" }),
      ],
    },
    amounts: { taxed: "100.00", igv: "18.00", exempt: "50.00", unaffected: "30.00", total: "198.00" },
    lines: ["100.00", "50.00", "30.00"],
  },

  // --- free lines 11–16, 21, 31–37 ---
  {
    name: "free 11–16 beside a taxed line",
    body: {
      items: [
        item("Gravado", 1, "100.00"),
        ...FREE_TAXED.map((code) => item(`Regalo ${code}`, 1, "10.00", { tax_affectation: code })),
      ],
    },
    amounts: { taxed: "100.00", igv: "18.00", free: "60.00", total: "118.00" },
    lineExtension: "100.00",
    lines: ["100.00", ...FREE_TAXED.map(() => "10.00")],
    freeTax: "10.80",
  },
  {
    name: "free 21 beside an exempt line",
    body: {
      items: [
        item("Libro", 1, "50.00", { tax_affectation: "20" }),
        item("Muestra", 1, "20.00", { tax_affectation: "21" }),
      ],
    },
    amounts: { exempt: "50.00", free: "20.00", total: "50.00" },
    lineExtension: "50.00",
    lines: ["50.00", "20.00"],
    freeTax: "0.00",
  },
  {
    name: "free 31–37 beside an unaffected line",
    body: {
      items: [
        item("Inafecto", 1, "40.00", { tax_affectation: "30" }),
        ...FREE_UNAFFECTED.map((code) => item(`Bono ${code}`, 1, "5.00", { tax_affectation: code })),
      ],
    },
    amounts: { unaffected: "40.00", free: "35.00", total: "40.00" },
    lineExtension: "40.00",
    lines: ["40.00", ...FREE_UNAFFECTED.map(() => "5.00")],
    freeTax: "0.00",
  },
  {
    name: "free lines only (13)",
    body: { items: [item("Muestra", 2, "15.00", { tax_affectation: "13" })] },
    amounts: { free: "30.00", total: "0.00" },
    lineExtension: "0.00",
    lines: ["30.00"],
    freeTax: "5.40",
  },

  // --- ISC, ICBPER ---
  {
    name: "ISC 10 % on a taxed line",
    body: { items: [item("Licor", 2, "50.00", { isc: { rate: 10 } })] },
    amounts: { taxed: "100.00", isc: "10.00", igv: "19.80", total: "129.80" },
    lines: ["100.00"],
  },
  {
    name: "ISC with price_includes_tax",
    body: { items: [item("Licor", 1, "129.80", { isc: { rate: 10 }, price_includes_tax: true })] },
    amounts: { taxed: "100.00", isc: "10.00", igv: "19.80", total: "129.80" },
    lines: ["100.00"],
  },
  {
    name: "ISC on an exempt line",
    body: { items: [item("Cigarros", 1, "100.00", { tax_affectation: "20", isc: { rate: 10 } })] },
    amounts: { exempt: "100.00", isc: "10.00", total: "110.00" },
    lines: ["100.00"],
  },
  {
    name: "ICBPER",
    body: { items: [item("Bolsa", 3, "0.10", { icbper: true })] },
    amounts: { taxed: "0.30", igv: "0.05", icbper: "1.50", total: "1.85" },
    lines: ["0.30"],
  },
  {
    name: "ICBPER on bags given away (15)",
    body: {
      items: [
        item("Producto", 1, "10.00"),
        item("Bolsa de regalo", 2, "0.10", { tax_affectation: "15", icbper: true }),
      ],
    },
    amounts: { taxed: "10.00", igv: "1.80", free: "0.20", icbper: "1.00", total: "12.80" },
    lineExtension: "10.00",
    lines: ["10.00", "0.20"],
    freeTax: "0.04",
  },
]);
