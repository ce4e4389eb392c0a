/**
 * Issue 4: a wide matrix of invoices and receipts issued through the running system (`Prefer: wait=20`). For each
 * signed XML fetched from `links.xml`:
 *   1. it validates against the UBL 2.1 Invoice XSD (xmllint);
 *   2. xmlsec1 verifies its enveloped signature with the certificate it carries, and rejects a tampered copy;
 *   3. its figures equal the Document's `amounts` / `total` and a hand-computed oracle per row (LegalMonetaryTotal,
 *      TaxTotal per scheme, free, export, discounts, ISC, ICBPER, IVAP, prepaid, perception, detraction, line
 *      values, installments), and they add up (TaxTotal, PayableAmount, LineExtensionAmount);
 *   4. the Document's `hash` is the XML's `ds:DigestValue`;
 *   5. the file is named `RUC-TT-SERIE-NUMERO.xml`;
 * and the Document ends `accepted` by the simulator, which re-checks SUNAT's sum rules.
 *
 * The expected amounts are computed by hand from the request (IGV 18 %, IVAP 4 %, ICBPER S/ 0.50 per bag since
 * 2023), independently of the tax engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { limaDay } from "./support/dates.js";
import {
  type Body,
  DNI_CUSTOMER,
  FOREIGN_CUSTOMER,
  type Kind,
  PATH,
  RUC_CUSTOMER,
  TYPE_CODE,
} from "./support/requests.js";
import {
  algorithmsOf,
  certificateFromXml,
  digestValueOf,
  type InvoiceFigures,
  readInvoice,
  requireBinaries,
  type TempDir,
  tempDir,
  validateAgainstXsd,
  xmlsecVerify,
} from "./support/xml-tools.js";

type AmountKey =
  | "taxed"
  | "exempt"
  | "unaffected"
  | "export"
  | "free"
  | "igv"
  | "ivap"
  | "isc"
  | "icbper"
  | "discounts"
  | "prepaid"
  | "total"
  | "perception"
  | "total_to_collect"
  | "detraction";

const ALWAYS: AmountKey[] = [
  "taxed",
  "exempt",
  "unaffected",
  "export",
  "free",
  "igv",
  "ivap",
  "isc",
  "icbper",
  "discounts",
  "prepaid",
  "total",
];
const OPTIONAL: AmountKey[] = ["perception", "total_to_collect", "detraction"];

interface Row {
  name: string;
  kind: Kind;
  /** The request without `series` (each kind has one series for the whole matrix). */
  body: () => Body;
  /** Catalog 51 operation type: `InvoiceTypeCode/@listID`. */
  operation: "0101" | "0200" | "1001" | "2001";
  /** Hand-computed `amounts`; keys left out must be "0.00" (and absent for perception/detraction). */
  amounts: Partial<Record<AmountKey, string>>;
  /** Hand-computed LegalMonetaryTotal figures not in `amounts`. */
  lineExtension: string;
  taxInclusive: string;
  /** Hand-computed `LineExtensionAmount` of each line. */
  lines: string[];
  /** Hand-computed IGV declared (not charged) on free lines, scheme 9996; required when a line is free. */
  freeTax?: string;
  /** Hand-computed document `cac:AllowanceCharge` [catalog 53 code, amount], in order (none when omitted). */
  charges?: [string, string][];
  /** Hand-computed line `cac:AllowanceCharge` [code, amount] by line index (none on other lines). */
  lineCharges?: Record<number, [string, string][]>;
}

const item = (description: string, quantity: number | string, unit_price: string, over: Body = {}) => ({
  description,
  quantity,
  unit_price,
  ...over,
});
const invoice = (over: Body) => () => ({ customer: RUC_CUSTOMER, ...over });
const receipt = (over: Body) => () => ({ ...over });
const DETRACTION = { code: "037", percent: 12, account: "00-000-123456" };
const FREE_TAXED = ["11", "12", "13", "14", "15", "16"];
const FREE_UNAFFECTED = ["31", "32", "33", "34", "35", "36", "37"];

const ROWS: Row[] = [
  // --- every onerous affectation ---
  {
    name: "taxed (10)",
    kind: "invoice",
    body: invoice({ items: [item("Widget", 2, "100.00")] }),
    operation: "0101",
    amounts: { taxed: "200.00", igv: "36.00", total: "236.00" },
    lineExtension: "200.00",
    taxInclusive: "236.00",
    lines: ["200.00"],
  },
  {
    name: "exempt (20)",
    kind: "invoice",
    body: invoice({ items: [item("Libro", 1, "50.00", { tax_affectation: "20" })] }),
    operation: "0101",
    amounts: { exempt: "50.00", total: "50.00" },
    lineExtension: "50.00",
    taxInclusive: "50.00",
    lines: ["50.00"],
  },
  {
    name: "unaffected (30)",
    kind: "invoice",
    body: invoice({ items: [item("Servicio", 3, "10.00", { tax_affectation: "30" })] }),
    operation: "0101",
    amounts: { unaffected: "30.00", total: "30.00" },
    lineExtension: "30.00",
    taxInclusive: "30.00",
    lines: ["30.00"],
  },
  {
    name: "export (40) in USD",
    kind: "invoice",
    body: () => ({
      currency: "USD",
      customer: FOREIGN_CUSTOMER,
      items: [item("Mercaderia", 1, "1000.00", { tax_affectation: "40" })],
    }),
    operation: "0200",
    amounts: { export: "1000.00", total: "1000.00" },
    lineExtension: "1000.00",
    taxInclusive: "1000.00",
    lines: ["1000.00"],
  },
  {
    name: "export (40) in PEN with a line discount",
    kind: "invoice",
    body: () => ({
      customer: FOREIGN_CUSTOMER,
      items: [item("Mercaderia", 10, "20.00", { tax_affectation: "40", discount: { percent: 5 } })],
    }),
    operation: "0200",
    amounts: { export: "190.00", total: "190.00" },
    lineExtension: "190.00",
    taxInclusive: "190.00",
    lines: ["190.00"],
    lineCharges: { 0: [["00", "10.00"]] },
  },
  {
    name: "IVAP (17)",
    kind: "invoice",
    body: invoice({
      items: [item("Arroz pilado", 100, "3.10", { tax_affectation: "17", unit_code: "KGM" })],
    }),
    operation: "0101",
    amounts: { taxed: "310.00", ivap: "12.40", total: "322.40" },
    lineExtension: "310.00",
    taxInclusive: "322.40",
    lines: ["310.00"],
  },
  {
    name: "IVAP (17) with a document discount affecting the base",
    kind: "invoice",
    body: invoice({
      items: [item("Arroz pilado", 100, "3.10", { tax_affectation: "17", unit_code: "KGM" })],
      discount: { amount: "10.00" },
    }),
    operation: "0101",
    amounts: { taxed: "300.00", ivap: "12.00", total: "312.00" },
    lineExtension: "300.00",
    taxInclusive: "312.00",
    lines: ["310.00"],
    charges: [["02", "10.00"]],
  },
  {
    name: "mixed taxed, exempt and unaffected",
    kind: "invoice",
    body: invoice({
      items: [
        item("Gravado", 1, "100.00"),
        item("Exonerado", 1, "50.00", { tax_affectation: "20" }),
        item("Inafecto", 1, "30.00", { tax_affectation: "30" }),
      ],
    }),
    operation: "0101",
    amounts: { taxed: "100.00", igv: "18.00", exempt: "50.00", unaffected: "30.00", total: "198.00" },
    lineExtension: "180.00",
    taxInclusive: "198.00",
    lines: ["100.00", "50.00", "30.00"],
  },

  // --- free lines 11–16, 21, 31–37 ---
  {
    name: "free 11–16 beside a taxed line",
    kind: "invoice",
    body: invoice({
      items: [
        item("Gravado", 1, "100.00"),
        ...FREE_TAXED.map((code) => item(`Regalo ${code}`, 1, "10.00", { tax_affectation: code })),
      ],
    }),
    operation: "0101",
    amounts: { taxed: "100.00", igv: "18.00", free: "60.00", total: "118.00" },
    lineExtension: "100.00",
    taxInclusive: "118.00",
    lines: ["100.00", ...FREE_TAXED.map(() => "10.00")],
    freeTax: "10.80",
  },
  {
    name: "free 21 beside an exempt line",
    kind: "invoice",
    body: invoice({
      items: [
        item("Libro", 1, "50.00", { tax_affectation: "20" }),
        item("Muestra", 1, "20.00", { tax_affectation: "21" }),
      ],
    }),
    operation: "0101",
    amounts: { exempt: "50.00", free: "20.00", total: "50.00" },
    lineExtension: "50.00",
    taxInclusive: "50.00",
    lines: ["50.00", "20.00"],
    freeTax: "0.00",
  },
  {
    name: "free 31–37 beside an unaffected line",
    kind: "invoice",
    body: invoice({
      items: [
        item("Inafecto", 1, "40.00", { tax_affectation: "30" }),
        ...FREE_UNAFFECTED.map((code) => item(`Bono ${code}`, 1, "5.00", { tax_affectation: code })),
      ],
    }),
    operation: "0101",
    amounts: { unaffected: "40.00", free: "35.00", total: "40.00" },
    lineExtension: "40.00",
    taxInclusive: "40.00",
    lines: ["40.00", ...FREE_UNAFFECTED.map(() => "5.00")],
    freeTax: "0.00",
  },
  {
    name: "free lines only (13)",
    kind: "invoice",
    body: invoice({ items: [item("Muestra", 2, "15.00", { tax_affectation: "13" })] }),
    operation: "0101",
    amounts: { free: "30.00", total: "0.00" },
    lineExtension: "0.00",
    taxInclusive: "0.00",
    lines: ["30.00"],
    freeTax: "5.40",
  },

  // --- ISC, ICBPER ---
  {
    name: "ISC 10 % on a taxed line",
    kind: "invoice",
    body: invoice({ items: [item("Licor", 2, "50.00", { isc: { rate: 10 } })] }),
    operation: "0101",
    amounts: { taxed: "100.00", isc: "10.00", igv: "19.80", total: "129.80" },
    lineExtension: "100.00",
    taxInclusive: "129.80",
    lines: ["100.00"],
  },
  {
    name: "ISC with price_includes_tax",
    kind: "invoice",
    body: invoice({
      items: [item("Licor", 1, "129.80", { isc: { rate: 10 }, price_includes_tax: true })],
    }),
    operation: "0101",
    amounts: { taxed: "100.00", isc: "10.00", igv: "19.80", total: "129.80" },
    lineExtension: "100.00",
    taxInclusive: "129.80",
    lines: ["100.00"],
  },
  {
    name: "ISC on an exempt line",
    kind: "invoice",
    body: invoice({ items: [item("Cigarros", 1, "100.00", { tax_affectation: "20", isc: { rate: 10 } })] }),
    operation: "0101",
    amounts: { exempt: "100.00", isc: "10.00", total: "110.00" },
    lineExtension: "100.00",
    taxInclusive: "110.00",
    lines: ["100.00"],
  },
  {
    name: "ICBPER",
    kind: "invoice",
    body: invoice({ items: [item("Bolsa", 3, "0.10", { icbper: true })] }),
    operation: "0101",
    amounts: { taxed: "0.30", igv: "0.05", icbper: "1.50", total: "1.85" },
    lineExtension: "0.30",
    taxInclusive: "1.85",
    lines: ["0.30"],
  },
  {
    name: "ICBPER on bags given away (15)",
    kind: "invoice",
    body: invoice({
      items: [
        item("Producto", 1, "10.00"),
        item("Bolsa de regalo", 2, "0.10", { tax_affectation: "15", icbper: true }),
      ],
    }),
    operation: "0101",
    amounts: { taxed: "10.00", igv: "1.80", free: "0.20", icbper: "1.00", total: "12.80" },
    lineExtension: "10.00",
    taxInclusive: "12.80",
    lines: ["10.00", "0.20"],
    freeTax: "0.04",
  },

  // --- discounts ---
  {
    name: "line discount affecting the base, percent",
    kind: "invoice",
    body: invoice({ items: [item("Producto", 4, "50.00", { discount: { percent: 10 } })] }),
    operation: "0101",
    amounts: { taxed: "180.00", igv: "32.40", total: "212.40" },
    lineExtension: "180.00",
    taxInclusive: "212.40",
    lines: ["180.00"],
    lineCharges: { 0: [["00", "20.00"]] },
  },
  {
    name: "line discount affecting the base, amount",
    kind: "invoice",
    body: invoice({ items: [item("Producto", 2, "100.00", { discount: { amount: "15.00" } })] }),
    operation: "0101",
    amounts: { taxed: "185.00", igv: "33.30", total: "218.30" },
    lineExtension: "185.00",
    taxInclusive: "218.30",
    lines: ["185.00"],
    lineCharges: { 0: [["00", "15.00"]] },
  },
  {
    name: "line discount not affecting the base, percent",
    kind: "invoice",
    body: invoice({
      items: [item("Producto", 1, "100.00", { discount: { percent: 10, affects_base: false } })],
    }),
    operation: "0101",
    amounts: { taxed: "100.00", igv: "18.00", discounts: "11.80", total: "106.20" },
    lineExtension: "100.00",
    taxInclusive: "118.00",
    lines: ["100.00"],
    lineCharges: { 0: [["01", "11.80"]] },
  },
  {
    name: "line discount not affecting the base, amount",
    kind: "invoice",
    body: invoice({
      items: [item("Producto", 1, "100.00", { discount: { amount: "5.00", affects_base: false } })],
    }),
    operation: "0101",
    amounts: { taxed: "100.00", igv: "18.00", discounts: "5.00", total: "113.00" },
    lineExtension: "100.00",
    taxInclusive: "118.00",
    lines: ["100.00"],
    lineCharges: { 0: [["01", "5.00"]] },
  },
  {
    name: "document discount affecting the base, percent, on a mixed invoice",
    kind: "invoice",
    body: invoice({
      items: [item("Gravado", 1, "100.00"), item("Exonerado", 1, "50.00", { tax_affectation: "20" })],
      discount: { percent: 10 },
    }),
    operation: "0101",
    amounts: { taxed: "90.00", igv: "16.20", exempt: "50.00", total: "156.20" },
    lineExtension: "140.00",
    taxInclusive: "156.20",
    lines: ["100.00", "50.00"],
    charges: [["02", "10.00"]],
  },
  {
    name: "document discount affecting the base, amount",
    kind: "invoice",
    body: invoice({ items: [item("Producto", 2, "100.00")], discount: { amount: "20.00" } }),
    operation: "0101",
    amounts: { taxed: "180.00", igv: "32.40", total: "212.40" },
    lineExtension: "180.00",
    taxInclusive: "212.40",
    lines: ["200.00"],
    charges: [["02", "20.00"]],
  },
  {
    name: "document discount not affecting the base, percent",
    kind: "invoice",
    body: invoice({ items: [item("Producto", 1, "100.00")], discount: { percent: 5, affects_base: false } }),
    operation: "0101",
    amounts: { taxed: "100.00", igv: "18.00", discounts: "5.90", total: "112.10" },
    lineExtension: "100.00",
    taxInclusive: "118.00",
    lines: ["100.00"],
    charges: [["03", "5.90"]],
  },
  {
    name: "document discount not affecting the base, amount, on a mixed invoice",
    kind: "invoice",
    body: invoice({
      items: [
        item("Gravado", 1, "100.00"),
        item("Exonerado", 1, "100.00", { tax_affectation: "20" }),
        item("Inafecto", 1, "100.00", { tax_affectation: "30" }),
      ],
      discount: { amount: "10.00", affects_base: false },
    }),
    operation: "0101",
    amounts: {
      taxed: "100.00",
      igv: "18.00",
      exempt: "100.00",
      unaffected: "100.00",
      discounts: "10.00",
      total: "308.00",
    },
    lineExtension: "300.00",
    taxInclusive: "318.00",
    lines: ["100.00", "100.00", "100.00"],
    charges: [["03", "10.00"]],
  },
  {
    name: "price_includes_tax with a line discount amount read as a price",
    kind: "invoice",
    body: invoice({
      items: [item("Producto", 2, "118.00", { price_includes_tax: true, discount: { amount: "23.60" } })],
    }),
    operation: "0101",
    amounts: { taxed: "180.00", igv: "32.40", total: "212.40" },
    lineExtension: "180.00",
    taxInclusive: "212.40",
    lines: ["180.00"],
    lineCharges: { 0: [["00", "20.00"]] },
  },

  // --- operations: detraction, credit, perception, prepayments ---
  {
    name: "detraction in PEN",
    kind: "invoice",
    body: invoice({
      items: [item("Servicio", 1, "1000.00", { unit_code: "ZZ" })],
      detraction: DETRACTION,
    }),
    operation: "1001",
    amounts: { taxed: "1000.00", igv: "180.00", total: "1180.00", detraction: "141.60" },
    lineExtension: "1000.00",
    taxInclusive: "1180.00",
    lines: ["1000.00"],
  },
  {
    name: "detraction in USD with its PEN amount",
    kind: "invoice",
    body: invoice({
      currency: "USD",
      items: [item("Servicio", 1, "1000.00", { unit_code: "ZZ" })],
      detraction: { ...DETRACTION, amount: "530.00" },
    }),
    operation: "1001",
    amounts: { taxed: "1000.00", igv: "180.00", total: "1180.00", detraction: "530.00" },
    lineExtension: "1000.00",
    taxInclusive: "1180.00",
    lines: ["1000.00"],
  },
  {
    name: "detraction with credit installments summing to the net pending amount",
    kind: "invoice",
    body: () => ({
      customer: RUC_CUSTOMER,
      items: [item("Servicio", 1, "2000.00", { unit_code: "ZZ" })],
      detraction: DETRACTION,
      payment: {
        type: "credit",
        installments: [
          { amount: "1038.40", due_date: limaDay(30) },
          { amount: "1038.40", due_date: limaDay(60) },
        ],
      },
    }),
    operation: "1001",
    amounts: { taxed: "2000.00", igv: "360.00", total: "2360.00", detraction: "283.20" },
    lineExtension: "2000.00",
    taxInclusive: "2360.00",
    lines: ["2000.00"],
  },
  {
    name: "credit installments in PEN",
    kind: "invoice",
    body: () => ({
      customer: RUC_CUSTOMER,
      items: [item("Producto", 1, "100.00")],
      payment: {
        type: "credit",
        installments: [
          { amount: "59.00", due_date: limaDay(15) },
          { amount: "59.00", due_date: limaDay(45) },
        ],
      },
    }),
    operation: "0101",
    amounts: { taxed: "100.00", igv: "18.00", total: "118.00" },
    lineExtension: "100.00",
    taxInclusive: "118.00",
    lines: ["100.00"],
  },
  {
    name: "credit in USD",
    kind: "invoice",
    body: () => ({
      currency: "USD",
      customer: RUC_CUSTOMER,
      items: [item("Equipo", 2, "99.99")],
      payment: { type: "credit", installments: [{ amount: "235.98", due_date: limaDay(30) }] },
    }),
    operation: "0101",
    amounts: { taxed: "199.98", igv: "36.00", total: "235.98" },
    lineExtension: "199.98",
    taxInclusive: "235.98",
    lines: ["199.98"],
  },
  {
    name: "perception 51 (2 %)",
    kind: "invoice",
    body: invoice({ items: [item("Producto", 100, "8.00")], perception: { code: "51" } }),
    operation: "2001",
    amounts: {
      taxed: "800.00",
      igv: "144.00",
      total: "944.00",
      perception: "18.88",
      total_to_collect: "962.88",
    },
    lineExtension: "800.00",
    taxInclusive: "944.00",
    lines: ["800.00"],
    charges: [["51", "18.88"]],
  },
  {
    name: "perception 52 (1 %)",
    kind: "invoice",
    body: invoice({
      items: [item("Combustible", 10, "10.00", { unit_code: "GLL" })],
      perception: { code: "52" },
    }),
    operation: "2001",
    amounts: {
      taxed: "100.00",
      igv: "18.00",
      total: "118.00",
      perception: "1.18",
      total_to_collect: "119.18",
    },
    lineExtension: "100.00",
    taxInclusive: "118.00",
    lines: ["100.00"],
    charges: [["52", "1.18"]],
  },
  {
    name: "perception 53 (0.5 %)",
    kind: "invoice",
    body: invoice({ items: [item("Producto", 1, "1000.00")], perception: { code: "53" } }),
    operation: "2001",
    amounts: {
      taxed: "1000.00",
      igv: "180.00",
      total: "1180.00",
      perception: "5.90",
      total_to_collect: "1185.90",
    },
    lineExtension: "1000.00",
    taxInclusive: "1180.00",
    lines: ["1000.00"],
    charges: [["53", "5.90"]],
  },
  {
    // TaxInclusiveAmount carries the IGV before prepayments (rule 3279); IGV and taxed are after them.
    name: "prepayment on a taxed invoice",
    kind: "invoice",
    body: invoice({
      items: [item("Saldo", 1, "1000.00")],
      prepayments: [{ document: { type: "01", series: "F001", number: 12 }, amount: "236.00" }],
    }),
    operation: "0101",
    amounts: { taxed: "800.00", igv: "144.00", prepaid: "236.00", total: "944.00" },
    lineExtension: "1000.00",
    taxInclusive: "1180.00",
    lines: ["1000.00"],
    charges: [["04", "200.00"]],
  },
  {
    name: "prepayments on a mixed invoice citing an invoice and a receipt",
    kind: "invoice",
    body: invoice({
      items: [item("Gravado", 1, "1000.00"), item("Exonerado", 1, "500.00", { tax_affectation: "20" })],
      prepayments: [
        { document: { type: "01", series: "F001", number: 3 }, amount: "118.00", tax_affectation: "10" },
        { document: { type: "03", series: "B001", number: 7 }, amount: "100.00", tax_affectation: "20" },
      ],
    }),
    operation: "0101",
    amounts: { taxed: "900.00", igv: "162.00", exempt: "400.00", prepaid: "218.00", total: "1462.00" },
    lineExtension: "1500.00",
    taxInclusive: "1680.00",
    lines: ["1000.00", "500.00"],
    charges: [
      ["04", "100.00"],
      ["05", "100.00"],
    ],
  },
  {
    name: "everything at once: mixed, free, ISC, ICBPER, line and document discounts, credit",
    kind: "invoice",
    body: () => ({
      customer: RUC_CUSTOMER,
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
      payment: {
        type: "credit",
        installments: [
          { amount: "150.00", due_date: limaDay(30) },
          { amount: "148.24", due_date: limaDay(60) },
        ],
      },
    }),
    operation: "0101",
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

  {
    // ERR 2022: RegistrationName an..1500 (the gateway's schema used to refuse names above 500 characters).
    name: "customer name of 1500 characters with accents",
    kind: "invoice",
    body: () => ({
      customer: { ...RUC_CUSTOMER, name: `COMPAÑÍA ANDINA DEL PERÚ ${"S".repeat(1475)}` },
      items: [item("Producto", 1, "100.00")],
    }),
    operation: "0101",
    amounts: { taxed: "100.00", igv: "18.00", total: "118.00" },
    lineExtension: "100.00",
    taxInclusive: "118.00",
    lines: ["100.00"],
  },

  // --- receipts ---
  {
    // ERR 2027 allows line breaks and tabs in a description.
    name: "description on two lines with a tab",
    kind: "receipt",
    body: receipt({ items: [item("Caja azul\n\tcon tapa", 1, "10.00")] }),
    operation: "0101",
    amounts: { taxed: "10.00", igv: "1.80", total: "11.80" },
    lineExtension: "10.00",
    taxInclusive: "11.80",
    lines: ["10.00"],
  },
  {
    name: "anonymous taxed",
    kind: "receipt",
    body: receipt({ items: [item("Cafe", 1, "8.50")] }),
    operation: "0101",
    amounts: { taxed: "8.50", igv: "1.53", total: "10.03" },
    lineExtension: "8.50",
    taxInclusive: "10.03",
    lines: ["8.50"],
  },
  {
    name: "price_includes_tax",
    kind: "receipt",
    body: receipt({ items: [item("Menu", 1, "15.00", { price_includes_tax: true })] }),
    operation: "0101",
    amounts: { taxed: "12.71", igv: "2.29", total: "15.00" },
    lineExtension: "12.71",
    taxInclusive: "15.00",
    lines: ["12.71"],
  },
  {
    name: "exempt (20)",
    kind: "receipt",
    body: receipt({ items: [item("Libro", 2, "35.00", { tax_affectation: "20" })] }),
    operation: "0101",
    amounts: { exempt: "70.00", total: "70.00" },
    lineExtension: "70.00",
    taxInclusive: "70.00",
    lines: ["70.00"],
  },
  {
    name: "unaffected (30)",
    kind: "receipt",
    body: receipt({ items: [item("Pasaje", 1, "12.00", { tax_affectation: "30" })] }),
    operation: "0101",
    amounts: { unaffected: "12.00", total: "12.00" },
    lineExtension: "12.00",
    taxInclusive: "12.00",
    lines: ["12.00"],
  },
  {
    name: "IVAP (17)",
    kind: "receipt",
    body: receipt({ items: [item("Arroz pilado", 10, "3.20", { tax_affectation: "17", unit_code: "KGM" })] }),
    operation: "0101",
    amounts: { taxed: "32.00", ivap: "1.28", total: "33.28" },
    lineExtension: "32.00",
    taxInclusive: "33.28",
    lines: ["32.00"],
  },
  {
    name: "export (40)",
    kind: "receipt",
    body: receipt({
      customer: FOREIGN_CUSTOMER,
      items: [item("Artesania", 1, "100.00", { tax_affectation: "40" })],
    }),
    operation: "0200",
    amounts: { export: "100.00", total: "100.00" },
    lineExtension: "100.00",
    taxInclusive: "100.00",
    lines: ["100.00"],
  },
  {
    name: "identified, mixed with ICBPER and a free line",
    kind: "receipt",
    body: receipt({
      customer: DNI_CUSTOMER,
      items: [
        item("Producto", 3, "4.50", { icbper: true }),
        item("Exonerado", 1, "6.00", { tax_affectation: "20" }),
        item("Bono", 1, "2.00", { tax_affectation: "31" }),
      ],
    }),
    operation: "0101",
    amounts: { taxed: "13.50", igv: "2.43", icbper: "1.50", exempt: "6.00", free: "2.00", total: "23.43" },
    lineExtension: "19.50",
    taxInclusive: "23.43",
    lines: ["13.50", "6.00", "2.00"],
    freeTax: "0.00",
  },
  {
    name: "every free code beside a taxed line",
    kind: "receipt",
    body: receipt({
      items: [
        item("Producto", 1, "100.00"),
        ...[...FREE_TAXED, "21", ...FREE_UNAFFECTED].map((code) =>
          item(`Gratis ${code}`, 1, "1.00", { tax_affectation: code }),
        ),
      ],
    }),
    operation: "0101",
    amounts: { taxed: "100.00", igv: "18.00", free: "14.00", total: "118.00" },
    lineExtension: "100.00",
    taxInclusive: "118.00",
    lines: ["100.00", ...Array.from({ length: 14 }, () => "1.00")],
    freeTax: "1.08",
  },
  {
    name: "ISC 30 %",
    kind: "receipt",
    body: receipt({ items: [item("Cerveza", 6, "5.00", { isc: { rate: 30 } })] }),
    operation: "0101",
    amounts: { taxed: "30.00", isc: "9.00", igv: "7.02", total: "46.02" },
    lineExtension: "30.00",
    taxInclusive: "46.02",
    lines: ["30.00"],
  },
  {
    name: "line discounts (both kinds) and a document discount not affecting the base",
    kind: "receipt",
    body: receipt({
      items: [
        item("A", 2, "50.00", { discount: { amount: "10.00" } }),
        item("B", 1, "20.00", { discount: { percent: 50, affects_base: false } }),
      ],
      discount: { amount: "5.00", affects_base: false },
    }),
    operation: "0101",
    amounts: { taxed: "110.00", igv: "19.80", discounts: "16.80", total: "113.00" },
    lineExtension: "110.00",
    taxInclusive: "129.80",
    lines: ["90.00", "20.00"],
    charges: [["03", "5.00"]],
    lineCharges: { 0: [["00", "10.00"]], 1: [["01", "11.80"]] },
  },
  {
    name: "document discount affecting the base, percent",
    kind: "receipt",
    body: receipt({ items: [item("Producto", 1, "200.00")], discount: { percent: 10 } }),
    operation: "0101",
    amounts: { taxed: "180.00", igv: "32.40", total: "212.40" },
    lineExtension: "180.00",
    taxInclusive: "212.40",
    lines: ["200.00"],
    charges: [["02", "20.00"]],
  },
  {
    name: "perception 51 to an identified buyer",
    kind: "receipt",
    body: receipt({
      customer: DNI_CUSTOMER,
      items: [item("Producto", 10, "50.00")],
      perception: { code: "51" },
    }),
    operation: "2001",
    amounts: {
      taxed: "500.00",
      igv: "90.00",
      total: "590.00",
      perception: "11.80",
      total_to_collect: "601.80",
    },
    lineExtension: "500.00",
    taxInclusive: "590.00",
    lines: ["500.00"],
    charges: [["51", "11.80"]],
  },
  {
    name: "prepayment citing a receipt",
    kind: "receipt",
    body: receipt({
      items: [item("Saldo", 1, "500.00")],
      prepayments: [{ document: { type: "03", series: "B001", number: 4 }, amount: "118.00" }],
    }),
    operation: "0101",
    amounts: { taxed: "400.00", igv: "72.00", prepaid: "118.00", total: "472.00" },
    lineExtension: "500.00",
    taxInclusive: "590.00",
    lines: ["500.00"],
    charges: [["04", "100.00"]],
  },
  {
    name: "USD to an identified buyer",
    kind: "receipt",
    body: receipt({ currency: "USD", customer: DNI_CUSTOMER, items: [item("Producto", 1, "10.00")] }),
    operation: "0101",
    amounts: { taxed: "10.00", igv: "1.80", total: "11.80" },
    lineExtension: "10.00",
    taxInclusive: "11.80",
    lines: ["10.00"],
  },
  {
    name: "identified buyer above S/ 700",
    kind: "receipt",
    body: receipt({ customer: DNI_CUSTOMER, items: [item("Producto", 6, "100.00")] }),
    operation: "0101",
    amounts: { taxed: "600.00", igv: "108.00", total: "708.00" },
    lineExtension: "600.00",
    taxInclusive: "708.00",
    lines: ["600.00"],
  },
];

const SERIES: Record<Kind, string> = { invoice: "FM01", receipt: "BM01" };
const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
const INCLUSIVE_C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";

/** Exact money arithmetic on 2-decimal strings, in cents. */
const cents = (value: string | undefined): bigint => {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(value ?? "");
  if (!match) throw new Error(`not a 2-decimal amount: ${value}`);
  const abs = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] ? -abs : abs;
};
const money = (c: bigint): string => {
  const sign = c < 0n ? "-" : "";
  const abs = c < 0n ? -c : c;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
};

interface Issued {
  row: Row;
  request: Body;
  status: number;
  document: any;
  xml: string;
  fileName: string | null;
  xmlStatus: number;
  unauthenticatedStatus: number;
  file: string;
  tamperedFile: string;
}

async function pool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

/** Raises the last digit of `PayableAmount` (…0 → …1): a one-cent change the signature must catch. */
const tamper = (xml: string): string => {
  const tampered = xml.replace(
    /(<cbc:PayableAmount[^>]*>)(\d+\.\d)(\d)(<\/cbc:PayableAmount>)/,
    (_m, open: string, head: string, last: string, close: string) =>
      `${open}${head}${(Number(last) + 1) % 10}${close}`,
  );
  if (tampered === xml) throw new Error("could not tamper with PayableAmount");
  return tampered;
};

describe("UBL matrix through the running system", () => {
  let sys: TestSystem;
  let dir: TempDir;
  let ruc = "";
  const issued = new Map<string, Issued>();
  let xsd: ReturnType<typeof validateAgainstXsd>;

  beforeAll(async () => {
    requireBinaries("xmllint", "xmlsec1");
    dir = tempDir();
    sys = await bootTestSystem();
    ruc = (await sys.request("/v1/company")).body.ruc;

    const results = await pool(ROWS, 4, async (row): Promise<Issued> => {
      const request = { series: SERIES[row.kind], ...row.body() };
      const res = await sys.request(PATH[row.kind], { body: request, headers: { prefer: "wait=20" } });
      const document = res.body;
      let xml = "";
      let fileName: string | null = null;
      let xmlStatus = 0;
      let unauthenticatedStatus = 0;
      if (typeof document?.links?.xml === "string") {
        const file = await fetch(document.links.xml, { headers: { authorization: `Bearer ${sys.testKey}` } });
        xmlStatus = file.status;
        xml = await file.text();
        fileName = /filename="([^"]+)"/.exec(file.headers.get("content-disposition") ?? "")?.[1] ?? null;
        unauthenticatedStatus = (await fetch(document.links.xml)).status;
      }
      const safe = `${row.kind}-${document?.number ?? "x"}`;
      return {
        row,
        request,
        status: res.status,
        document,
        xml,
        fileName,
        xmlStatus,
        unauthenticatedStatus,
        file: dir.write(`${safe}.xml`, xml),
        tamperedFile: xml ? dir.write(`${safe}-tampered.xml`, tamper(xml)) : "",
      };
    });
    for (const r of results) issued.set(`${r.row.kind}: ${r.row.name}`, r);
    xsd = validateAgainstXsd(results.filter((r) => r.xml).map((r) => r.file));
  });

  afterAll(async () => {
    await sys?.stop();
    dir?.remove();
  });

  it("every row has a unique name", () => {
    expect(new Set(ROWS.map((r) => `${r.kind}: ${r.name}`)).size).toBe(ROWS.length);
  });

  it("numbers each series 1..n without gaps or repeats", () => {
    for (const kind of ["invoice", "receipt"] as const) {
      const numbers = [...issued.values()]
        .filter((i) => i.row.kind === kind)
        .map((i) => i.document.number)
        .sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    }
  });

  describe.each(ROWS.map((row) => [`${row.kind}: ${row.name}`]))("%s", (key) => {
    const get = (): Issued => {
      const found = issued.get(key);
      if (!found) throw new Error(`${key} was not issued`);
      return found;
    };

    it("ends accepted by the simulator", () => {
      const { status, document, row } = get();
      expect(status, JSON.stringify(document)).toBe(201);
      expect(document).toMatchObject({
        object: "document",
        livemode: false,
        type: TYPE_CODE[row.kind],
        series: SERIES[row.kind],
        status: "accepted",
        sunat: { code: "0", notes: [], simulated: true },
      });
    });

    it("serves the XML with the key only, named RUC-TT-SERIE-NUMERO.xml", () => {
      const { document, fileName, xmlStatus, unauthenticatedStatus, row } = get();
      expect(xmlStatus).toBe(200);
      expect(unauthenticatedStatus).toBe(401);
      expect(document.links.xml).toMatch(new RegExp(`/v1/files/${document.id}/xml$`));
      expect(fileName).toBe(`${ruc}-${TYPE_CODE[row.kind]}-${document.series}-${document.number}.xml`);
      expect(fileName).toMatch(/^\d{11}-(01|03)-[FB][A-Z0-9]{3}-[1-9]\d{0,7}\.xml$/);
    });

    it("validates against the UBL 2.1 Invoice XSD", () => {
      const { file } = get();
      expect(
        xsd.valid.has(file),
        xsd.output
          .split("\n")
          .filter((l) => l.includes(file))
          .join("\n"),
      ).toBe(true);
    });

    it("carries an RSA-SHA256 enveloped signature that xmlsec1 verifies, and a tampered copy fails", () => {
      const { xml, file, tamperedFile } = get();
      expect(algorithmsOf(xml)).toEqual({ signature: RSA_SHA256, digest: SHA256, c14n: INCLUSIVE_C14N });
      expect(xml).toMatch(
        /<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><ds:Signature Id="[^"]+"/,
      );
      expect(xml).toMatch(/<ds:Reference URI="">/);
      const certificate = certificateFromXml(xml);
      expect(certificate.x509.subject).toContain(ruc);
      const certFile = dir.write(`${file.split("/").pop()}.pem`, certificate.pem);
      const good = xmlsecVerify(file, certFile);
      expect(good.ok, good.output).toBe(true);
      const bad = xmlsecVerify(tamperedFile, certFile);
      expect(bad.ok, bad.output).toBe(false);
      // A digest mismatch, not an unreadable file: xmlsec1 reports the verification itself as failed.
      expect(bad.output).toMatch(/^FAIL$/m);
    });

    it("has the Document's hash as its ds:DigestValue", () => {
      const { xml, document } = get();
      expect(document.hash).toBe(digestValueOf(xml));
    });

    it("prints the Document's amounts, the hand-computed figures, and they add up", () => {
      const { xml, document, row, request } = get();
      const x: InvoiceFigures = readInvoice(xml);
      const currency = (request.currency as string | undefined) ?? "PEN";

      // Header.
      expect(x.id).toBe(`${document.series}-${document.number}`);
      expect(x.typeCode).toBe(TYPE_CODE[row.kind]);
      expect(x.operationType).toBe(row.operation);
      expect(x.issueDate).toBe(document.issue_date);
      expect(x.currency).toBe(currency);
      expect(document.currency).toBe(currency);

      // The Document's amounts: the hand-computed oracle, zeros included.
      const expected: Record<string, string> = {};
      for (const key of ALWAYS) expected[key] = row.amounts[key] ?? "0.00";
      for (const key of OPTIONAL) if (row.amounts[key]) expected[key] = row.amounts[key]!;
      expect(document.amounts).toEqual(expected);
      expect(document.total).toBe(expected.total);

      // The XML says the same as the Document.
      const scheme = (id: string) => x.subtotals[id];
      const or0 = (v: string | undefined) => v ?? "0.00";
      const perception = x.allowanceCharges.find((c) => c.charge && ["51", "52", "53"].includes(c.reason!));
      const terms = (id: string) => x.paymentTerms.find((t) => t.id === id);
      const fromXml: Record<string, string | undefined> = {
        taxed: or0(scheme("1000")?.taxable ?? scheme("1016")?.taxable),
        exempt: or0(scheme("9997")?.taxable),
        unaffected: or0(scheme("9998")?.taxable),
        export: or0(scheme("9995")?.taxable),
        free: or0(scheme("9996")?.taxable),
        igv: or0(scheme("1000")?.tax),
        ivap: or0(scheme("1016")?.tax),
        isc: or0(scheme("2000")?.tax),
        icbper: or0(scheme("7152")?.tax),
        discounts: x.monetary.allowanceTotal.value,
        prepaid: x.monetary.prepaid.value,
        total: x.monetary.payable.value,
      };
      if (perception) {
        fromXml.perception = perception.amount;
        fromXml.total_to_collect = terms("Percepcion")?.amount.value;
      }
      if (terms("Detraccion")) fromXml.detraction = terms("Detraccion")?.amount.value;
      expect(fromXml).toEqual(document.amounts);

      // LegalMonetaryTotal, in the document currency.
      expect({
        lineExtension: x.monetary.lineExtension.value,
        taxInclusive: x.monetary.taxInclusive.value,
        chargeTotal: x.monetary.chargeTotal.value,
      }).toEqual({ lineExtension: row.lineExtension, taxInclusive: row.taxInclusive, chargeTotal: "0.00" });
      for (const a of Object.values(x.monetary)) expect(a.currency).toBe(currency);
      expect(x.taxAmount.currency).toBe(currency);

      // The XML adds up: TaxTotal = Σ charged schemes (3294); Payable = Inclusive − Allowance − Prepaid (3280);
      // LineExtension = Σ onerous line values − document discounts 02 (3278).
      const charged = ["1000", "1016", "2000", "7152", "9999"].map((id) => cents(scheme(id)?.tax ?? "0.00"));
      expect(x.taxAmount.value).toBe(money(charged.reduce((a, b) => a + b, 0n)));
      expect(x.monetary.payable.value).toBe(
        money(
          cents(x.monetary.taxInclusive.value) -
            cents(x.monetary.allowanceTotal.value) -
            cents(x.monetary.prepaid.value) +
            cents(x.monetary.chargeTotal.value),
        ),
      );
      const onerous = x.lines.filter((l) => !("9996" in l.subtotals));
      const d02 = x.allowanceCharges.filter((c) => !c.charge && c.reason === "02");
      expect(x.monetary.lineExtension.value).toBe(
        money(
          onerous.reduce((a, l) => a + cents(l.lineExtension.value), 0n) -
            d02.reduce((a, c) => a + cents(c.amount), 0n),
        ),
      );

      // Lines: one per item, in order, with the request's quantity and description, and the hand-computed value.
      const items = request.items as Body[];
      expect(x.lines.map((l) => l.lineExtension.value)).toEqual(row.lines);
      expect(x.lines.map((l) => [l.id, l.description, l.quantity])).toEqual(
        items.map((it, i) => [String(i + 1), it.description, String(it.quantity)]),
      );
      for (const line of x.lines) expect(line.lineExtension.currency).toBe(currency);
      // A line's TaxAmount = Σ its charged schemes (3292); the 9996 IGV of a free line is declared, not charged.
      for (const line of x.lines) {
        const lineCharged = ["1000", "1016", "2000", "7152"].map((id) =>
          cents(line.subtotals[id]?.tax ?? "0.00"),
        );
        expect(line.taxAmount).toBe(money(lineCharged.reduce((a, b) => a + b, 0n)));
      }

      // Free lines: PriceAmount 0 and a reference value (catalog 16 type 02); onerous lines a type 01 price.
      for (const line of x.lines) {
        const free = "9996" in line.subtotals;
        if (free) expect(Number(line.priceAmount)).toBe(0);
        expect(line.referencePrice.type).toBe(free ? "02" : "01");
      }
      expect(scheme("9996")?.tax).toBe(row.freeTax);
      // Allowances and charges, document and lines, against the hand-computed amounts.
      expect(x.allowanceCharges.map((c) => [c.reason, c.amount])).toEqual(row.charges ?? []);
      expect(x.lines.map((l) => l.allowanceCharges.map((c) => [c.reason, c.amount]))).toEqual(
        x.lines.map((_l, i) => row.lineCharges?.[i] ?? []),
      );

      // Legends (catalog 52): amount in words always; free transfer, IVAP, detraction, perception when they apply.
      const legends = x.notes.map((n) => n.code);
      expect(legends).toContain("1000");
      expect(legends.includes("1002")).toBe(row.freeTax !== undefined);
      expect(legends.includes("2007")).toBe("1016" in x.subtotals);
      expect(legends.includes("2006")).toBe(row.operation === "1001");
      expect(legends.includes("2000")).toBe(row.operation === "2001");

      // The buyer printed is the Document's customer (anonymous receipts: 0 / - / CLIENTES VARIOS).
      expect(x.customer).toEqual({
        id: document.customer.document_number,
        scheme: document.customer.document_type,
        name: document.customer.name,
      });
      const requested = request.customer as Body | undefined;
      expect(document.customer).toMatchObject(
        requested
          ? { document_type: requested.document_type, document_number: requested.document_number }
          : { document_type: "0", document_number: "-", name: "CLIENTES VARIOS" },
      );

      // Perception and detraction are printed in PEN whatever the document currency.
      if (perception) expect(perception.currency).toBe("PEN");
      const detraction = terms("Detraccion");
      if (detraction) {
        expect(detraction.amount.currency).toBe("PEN");
        expect(detraction.meansId).toBe((request.detraction as Body).code);
      }

      // Prepayments: one PrepaidPayment per cited document, summing to PrepaidAmount.
      const prepayments = (request.prepayments as Body[] | undefined) ?? [];
      expect(x.prepaidPayments.map((p) => p.amount.value)).toEqual(prepayments.map((p) => p.amount));

      // Payment form: Contado, or Credito with the net pending amount and the requested installments.
      const payment = request.payment as { installments: { amount: string; due_date: string }[] } | undefined;
      const forms = x.paymentTerms.filter((t) => t.id === "FormaPago");
      if (!payment) {
        expect(forms.map((f) => f.meansId)).toEqual(["Contado"]);
      } else {
        const pending = money(
          cents(expected.total) -
            (currency === "PEN" && expected.detraction ? cents(expected.detraction) : 0n),
        );
        expect(forms[0]).toMatchObject({ meansId: "Credito", amount: { value: pending, currency } });
        expect(forms.slice(1).map((f) => [f.meansId, f.amount.value, f.dueDate])).toEqual(
          payment.installments.map((inst, i) => [
            `Cuota${String(i + 1).padStart(3, "0")}`,
            inst.amount,
            inst.due_date,
          ]),
        );
      }
    });
  });
});
