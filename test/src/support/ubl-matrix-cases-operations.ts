/**
 * UBL matrix, invoices with an operation beyond a cash sale (detraction, credit, perception, prepayments), all of it
 * at once, and a buyer with the longest name allowed.
 */
import { limaDay } from "./dates.js";
import { credit, DETRACTION, RUC_CUSTOMER } from "./requests.js";
import { invoiceRows, item, type Row } from "./ubl-matrix-row.js";

export const OPERATION_ROWS: Row[] = invoiceRows([
  {
    name: "detraction in PEN",
    body: {
      items: [item("Servicio", 1, "1000.00", { unit_code: "ZZ" })],
      detraction: DETRACTION,
    },
    operation: "1001",
    amounts: { taxed: "1000.00", igv: "180.00", total: "1180.00", detraction: "141.60" },
    lines: ["1000.00"],
  },
  {
    name: "detraction in USD with its PEN amount",
    body: {
      currency: "USD",
      items: [item("Servicio", 1, "1000.00", { unit_code: "ZZ" })],
      detraction: { ...DETRACTION, amount: "530.00" },
    },
    operation: "1001",
    amounts: { taxed: "1000.00", igv: "180.00", total: "1180.00", detraction: "530.00" },
    lines: ["1000.00"],
  },
  {
    name: "detraction with credit installments summing to the net pending amount",
    body: () => ({
      items: [item("Servicio", 1, "2000.00", { unit_code: "ZZ" })],
      detraction: DETRACTION,
      payment: credit(["1038.40", limaDay(30)], ["1038.40", limaDay(60)]),
    }),
    operation: "1001",
    amounts: { taxed: "2000.00", igv: "360.00", total: "2360.00", detraction: "283.20" },
    lines: ["2000.00"],
  },
  {
    name: "credit installments in PEN",
    body: () => ({
      items: [item("Producto", 1, "100.00")],
      payment: credit(["59.00", limaDay(15)], ["59.00", limaDay(45)]),
    }),
    amounts: { taxed: "100.00", igv: "18.00", total: "118.00" },
    lines: ["100.00"],
  },
  {
    name: "credit in USD",
    body: () => ({
      currency: "USD",
      items: [item("Equipo", 2, "99.99")],
      payment: credit(["235.98", limaDay(30)]),
    }),
    amounts: { taxed: "199.98", igv: "36.00", total: "235.98" },
    lines: ["199.98"],
  },
  {
    name: "perception 51 (2 %)",
    body: { items: [item("Producto", 100, "8.00")], perception: { code: "51" } },
    operation: "2001",
    amounts: {
      taxed: "800.00",
      igv: "144.00",
      total: "944.00",
      perception: "18.88",
      total_to_collect: "962.88",
    },
    lines: ["800.00"],
    charges: [["51", "18.88"]],
  },
  {
    name: "perception 52 (1 %)",
    body: {
      items: [item("Combustible", 10, "10.00", { unit_code: "GLL" })],
      perception: { code: "52" },
    },
    operation: "2001",
    amounts: {
      taxed: "100.00",
      igv: "18.00",
      total: "118.00",
      perception: "1.18",
      total_to_collect: "119.18",
    },
    lines: ["100.00"],
    charges: [["52", "1.18"]],
  },
  {
    name: "perception 53 (0.5 %)",
    body: { items: [item("Producto", 1, "1000.00")], perception: { code: "53" } },
    operation: "2001",
    amounts: {
      taxed: "1000.00",
      igv: "180.00",
      total: "1180.00",
      perception: "5.90",
      total_to_collect: "1185.90",
    },
    lines: ["1000.00"],
    charges: [["53", "5.90"]],
  },
  {
    // TaxInclusiveAmount carries the IGV before prepayments (rule 3279); IGV and taxed are after them.
    name: "prepayment on a taxed invoice",
    body: {
      items: [item("Saldo", 1, "1000.00")],
      prepayments: [{ document: { type: "01", series: "F001", number: 12 }, amount: "236.00" }],
    },
    amounts: { taxed: "800.00", igv: "144.00", prepaid: "236.00", total: "944.00" },
    taxInclusive: "1180.00",
    lines: ["1000.00"],
    charges: [["04", "200.00"]],
  },
  {
    name: "prepayments on a mixed invoice citing an invoice and a receipt",
    body: {
      items: [item("Gravado", 1, "1000.00"), item("Exonerado", 1, "500.00", { tax_affectation: "20" })],
      prepayments: [
        { document: { type: "01", series: "F001", number: 3 }, amount: "118.00", tax_affectation: "10" },
        { document: { type: "03", series: "B001", number: 7 }, amount: "100.00", tax_affectation: "20" },
      ],
    },
    amounts: { taxed: "900.00", igv: "162.00", exempt: "400.00", prepaid: "218.00", total: "1462.00" },
    taxInclusive: "1680.00",
    lines: ["1000.00", "500.00"],
    charges: [
      ["04", "100.00"],
      ["05", "100.00"],
    ],
  },
  {
    name: "everything at once: mixed, free, ISC, ICBPER, line and document discounts, credit",
    body: () => ({
      items: [
        item("Producto", 2, "50.00", { discount: { percent: 10 } }),
        item("Licor", 1, "100.00", { isc: { rate: 20 } }),
        item("Bolsa", 2, "0.10", { icbper: true }),
        item("Exonerado", 1, "40.00", {
          tax_affectation: "20",
          discount: { amount: "4.00", affects_base: false },
        }),
        item("Inafecto", 1, "25.00", { tax_affectation: "30" }),
        item("Regalo", 1, "10.00", { tax_affectation: "11" }),
      ],
      discount: { amount: "10.00" },
      payment: credit(["150.00", limaDay(30)], ["148.24", limaDay(60)]),
    }),
    amounts: {
      taxed: "180.20",
      igv: "36.04",
      exempt: "40.00",
      unaffected: "25.00",
      free: "10.00",
      isc: "20.00",
      icbper: "1.00",
      discounts: "4.00",
      total: "298.24",
    },
    lineExtension: "245.20",
    taxInclusive: "302.24",
    lines: ["90.00", "100.00", "0.20", "40.00", "25.00", "10.00"],
    freeTax: "1.80",
    charges: [["02", "10.00"]],
    lineCharges: { 0: [["00", "10.00"]], 3: [["01", "4.00"]] },
  },

  // --- the buyer ---
  {
    // ERR 2022: RegistrationName an..1500 (the gateway's schema used to refuse names above 500 characters).
    name: "customer name of 1500 characters with accents",
    body: {
      customer: { ...RUC_CUSTOMER, name: `COMPAÑÍA ANDINA DEL PERÚ ${"S".repeat(1475)}` },
      items: [item("Producto", 1, "100.00")],
    },
    amounts: { taxed: "100.00", igv: "18.00", total: "118.00" },
    lines: ["100.00"],
  },
]);
